// What the ledger may keep of an error or of the service's answer: the text
// with every value the message carried masked, whatever the service echoed
// (an ASP.NET-style "The value '…' is not valid" repeats file names and body
// text). The ledger keeps `lastError` and attention details long after the
// message's content is erased, so they must never hold it. See D-TRACKER-25.
import { redact, REDACTED } from '../../core/redact.js';
import type { StoredPayload } from '../model/message-state.js';

/** Where `describeError` cut a long text: the value before it may be cut too. */
export const CUT = '…';

/**
 * Every value a stored message carried (names, NHS number, date of birth,
 * file names, body, coded items and their text, attachment content, the
 * access token), as text: strings and numbers, at any depth. Left out: the
 * messageId, topic and recipient, which the ledger keeps in its own columns
 * anyway and which make an error readable.
 */
export function valuesOf(payload: StoredPayload): string[] {
  const m = payload.message as { messageId?: unknown; topic?: unknown; recipient?: { id?: { value?: unknown } } };
  const kept = new Set([m.messageId, m.topic, m.recipient?.id?.value].filter((v): v is string => typeof v === 'string'));
  const out: string[] = [];
  const walk = (value: unknown, depth: number): void => {
    if (typeof value === 'string') {
      if (!kept.has(value)) out.push(value, value.trim());
    } else if (typeof value === 'number' && Number.isFinite(value)) {
      out.push(String(value));
    } else if (value !== null && typeof value === 'object' && depth < 16) {
      for (const v of Array.isArray(value) ? value : Object.values(value)) walk(v, depth + 1);
    }
  };
  walk(payload.message, 0);
  if (payload.accessToken) out.push(payload.accessToken);
  return out;
}

/**
 * `text` as the ledger may keep it: the SDK's redaction with every value of
 * the message as a secret, and, where the text was cut short ({@link CUT}),
 * the start of a value left at the cut masked too.
 */
export function ledgerText(text: string, payload: StoredPayload | null): string {
  if (!payload) return redact(text);
  const values = valuesOf(payload).filter((v) => v.length >= 2);
  let out = redact(text, values);
  if (out.endsWith(CUT)) {
    const body = out.slice(0, -CUT.length).toLowerCase();
    let longest = 0;
    for (const value of values) {
      const v = value.toLowerCase();
      for (let k = Math.min(v.length - 1, body.length); k > longest && k >= 2; k--) {
        if (body.endsWith(v.slice(0, k))) {
          longest = k;
          break;
        }
      }
    }
    if (longest > 0) out = `${out.slice(0, out.length - CUT.length - longest)}${REDACTED}${CUT}`;
  }
  return out;
}
