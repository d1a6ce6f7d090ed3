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
  if (!contentValidated || !isRecord(wire) || !Array.isArray(wire.attachments)) return JSON.stringify(wire);
  const attachments = new Set<unknown>(wire.attachments);
  const contents: string[] = [];
  const marker = `cdms-content-${uuidv4()}`;
  const text = JSON.stringify(wire, function (this: unknown, key: string, value: unknown) {
    if (key !== 'content' || !attachments.has(this) || !isVerbatim(value)) return value;
    contents.push(value);
    return marker;
  });
  const pieces = text.split(`"${marker}"`);
  // A random marker cannot occur elsewhere; if it ever did, take no chances.
  if (pieces.length !== contents.length + 1) return JSON.stringify(wire);
  let out = pieces[0]!;
  for (let i = 0; i < contents.length; i++) out += `"${contents[i]!}"${pieces[i + 1]!}`;
  return out;
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
