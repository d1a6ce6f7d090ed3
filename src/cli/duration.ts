// `--expires-in 2h`: durations as a number and a unit, optionally chained (`1d12h`).
import { UsageError } from './errors.js';

const UNIT_MS: Readonly<Record<string, number>> = { s: 1_000, m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const WHOLE = /^(?:\d+[smhdw])+$/;
const PART = /(\d+)([smhdw])/g;

/**
 * Milliseconds in a duration such as `30m`, `2h`, `7d` or `1d12h`
 * (units s, m, h, d, w).
 *
 * @throws UsageError naming `flag` when the text is not a positive duration.
 */
export function parseDuration(text: string, flag: string): number {
  const value = text.trim().toLowerCase();
  if (!WHOLE.test(value)) {
    throw new UsageError(`${flag} must be a duration such as 30m, 2h, 7d or 1d12h (units s, m, h, d, w).`);
  }
  let ms = 0;
  for (const [, count, unit] of value.matchAll(PART)) ms += Number(count) * (UNIT_MS[unit ?? ''] ?? 0);
  if (ms <= 0 || !Number.isSafeInteger(ms)) throw new UsageError(`${flag} must be a positive duration.`);
  return ms;
}

/**
 * The RFC 3339 time (UTC, whole seconds) `text` after `now`: the message's
 * `expiryDateTime` for `--expires-in`.
 */
export function expiryFromDuration(text: string, now: Date, flag = '--expires-in'): string {
  const at = new Date(now.getTime() + parseDuration(text, flag));
  if (Number.isNaN(at.getTime())) throw new UsageError(`${flag} is too far in the future.`);
  return at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * A whole number of milliseconds from a flag (`--interval 500`).
 *
 * @throws UsageError naming `flag` when it is not a whole number from `min` to 2147483647.
 */
export function parseMilliseconds(text: string, flag: string, min: number): number {
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(value) || value < min || value > 2_147_483_647) {
    throw new UsageError(`${flag} must be a whole number of milliseconds from ${min} to 2147483647.`);
  }
  return value;
}
