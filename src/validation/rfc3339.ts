// RFC 3339 date-times ("full RFC 3339 timestamp with 'Z' or offset", spec
// Notation). Strict: a date alone, a local time without an offset, or an
// impossible date such as 30 February are refused.

/** Longest plausible timestamp; longer input is refused before any regex runs. */
const MAX_LENGTH = 64;

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?([Zz]|[+-]\d{2}:\d{2})$/;

/** The outcome of {@link parseRfc3339}. */
export type Rfc3339Result = { ok: true; epochMs: number } | { ok: false; reason: string };

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(2000, month, 0)).getUTCDate() - (month === 2 && !isLeapYear(year) ? 1 : 0);
}

function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

function offsetMinutes(offset: string): number | undefined {
  if (offset === 'Z' || offset === 'z') return 0;
  const hours = Number(offset.slice(1, 3));
  const minutes = Number(offset.slice(4, 6));
  if (hours > 23 || minutes > 59) return undefined;
  return (offset.startsWith('-') ? -1 : 1) * (hours * 60 + minutes);
}

function shapeReason(s: string): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(s)) return "must include a time and an offset, e.g. '2030-06-01T12:00:00Z', not a date alone";
  if (/^\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/.test(s)) {
    return "must end with 'Z' or a numeric offset such as '+01:00'; a local time is ambiguous";
  }
  return "must be an RFC 3339 date-time with seconds and an offset, e.g. '2030-06-01T12:00:00Z'";
}

/**
 * Parses an RFC 3339 timestamp with `Z` or a numeric offset into epoch
 * milliseconds. Leap seconds (`:60`) are refused: JavaScript and common
 * server stacks cannot represent them.
 */
export function parseRfc3339(s: string): Rfc3339Result {
  const m = s.length <= MAX_LENGTH ? DATE_TIME.exec(s) : null;
  if (!m) return { ok: false, reason: shapeReason(s.slice(0, MAX_LENGTH + 1)) };
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const offset = offsetMinutes(m[8]!);
  const valid =
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month) && hour <= 23 && minute <= 59 && second <= 59;
  if (!valid || offset === undefined) return { ok: false, reason: 'is not a real date and time (check the month, day, hour, minute, second and offset)' };
  const ms = Number((m[7] ?? '').padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day); // setUTCFullYear keeps years 0-99 literal, unlike Date.UTC
  date.setUTCHours(hour, minute, second, ms);
  return { ok: true, epochMs: date.getTime() - offset * 60_000 };
}
