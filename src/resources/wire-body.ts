import { v4 as uuidv4 } from 'uuid';
import { isRecord } from '../internal/is-record.js';

/**
 * The JSON text of a wire message, serialised once for every attempt of a
 * send (retries and recovery resends included).
 *
 * `JSON.stringify` inspects every character of every string for one to
 * escape; on Node 20 that takes about 5 ms per megabyte, most of the CPU a
 * send costs. When local validation has just passed the message, every
 * attachment's content is strict base64 (RFC 4648 section 4 alphabet and
 * padding): it holds no character JSON escapes, so it is placed between
 * quotes as it is. The text is exactly what `JSON.stringify(wire)` gives.
 *
 * @param wire - The message as it goes on the wire: the plain-data copy
 * `toWireMessage` makes, so nobody can change it after validation.
 * @param contentValidated - True only when `validateMessage` passed this very
 * object; otherwise every string is escaped as usual.
 */
export function serialiseWireMessage(wire: unknown, contentValidated: boolean): string {
  const parts = contentValidated ? verbatimParts(wire) : undefined;
  if (!parts) return JSON.stringify(wire);
  let out = parts.around[0]!;
  for (let i = 0; i < parts.contents.length; i++) out += `"${parts.contents[i]!}"${parts.around[i + 1]!}`;
  return out;
}

/**
 * A validated wire message's JSON text in parts: the text `around` its
 * attachments' contents and the `contents` themselves, each to be placed
 * between quotes as it is (`around[0]`, `"contents[0]"`, `around[1]`, ...).
 * Undefined when there is nothing to place verbatim; then only
 * `JSON.stringify(wire)` gives the text.
 */
export function verbatimParts(wire: unknown): { around: string[]; contents: string[] } | undefined {
  if (!isRecord(wire) || !Array.isArray(wire.attachments)) return undefined;
  const attachments = new Set<unknown>(wire.attachments);
  const contents: string[] = [];
  const marker = `cdms-content-${uuidv4()}`;
  const text = JSON.stringify(wire, function (this: unknown, key: string, value: unknown) {
    if (key !== 'content' || !attachments.has(this) || !isVerbatim(value)) return value;
    contents.push(value);
    return marker;
  });
  const around = text.split(`"${marker}"`);
  // A random marker cannot occur elsewhere; if it ever did, take no chances.
  return around.length === contents.length + 1 ? { around, contents } : undefined;
}

/**
 * Whether a validated content string can stand between quotes unescaped.
 * Validation already guarantees it; checking the two characters that could
 * end or break out of the string costs microseconds and keeps a future
 * mistake from ever turning into JSON injection.
 */
function isVerbatim(value: unknown): value is string {
  return typeof value === 'string' && !value.includes('"') && !value.includes('\\');
}
