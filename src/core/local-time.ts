// Times as the people who read them live them: in one time zone (Europe/London
// by default, so British Summer Time is not an hour off), on the worklist's
// pages, in its CSV (ISO with its offset) and in the e-mail digest. The pages' <time> elements
// keep the instant in `datetime`; only their text is local.
import { ConfigurationError } from './errors/cdms-error.js';

/** A time zone Intl knows, or a ConfigurationError saying what to give. */
export function checkedTimeZone(zone: string | undefined): string {
  const value = zone?.trim() || 'Europe/London';
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: value });
  } catch {
    throw new ConfigurationError(`timeZone '${value}' is not a time zone: give an IANA name such as 'Europe/London'.`);
  }
  return value;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string, offset: boolean): Intl.DateTimeFormat {
  const key = `${zone}|${offset}`;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-GB', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
      timeZoneName: offset ? 'longOffset' : 'short',
    });
    formatters.set(key, f);
  }
  return f;
}

function parts(at: Date, zone: string, offset: boolean): Record<string, string> {
  return Object.fromEntries(formatter(zone, offset).formatToParts(at).map((p) => [p.type, p.value]));
}

/** `2026-07-12 10:15:02 BST`: a time as staff read it, with the zone's name. */
export function localTime(at: Date, zone: string): string {
  const p = parts(at, zone, false);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second} ${p.timeZoneName}`;
}

/**
 * `04:56 BST` when `at` falls on the same local day as `reference`,
 * otherwise `2026-07-11 04:56 BST`: a "since" a person reads at a glance.
 */
export function localClock(at: Date, zone: string, reference: Date): string {
  const p = parts(at, zone, false);
  const r = parts(reference, zone, false);
  const day = p.year === r.year && p.month === r.month && p.day === r.day ? '' : `${p.year}-${p.month}-${p.day} `;
  return `${day}${p.hour}:${p.minute} ${p.timeZoneName}`;
}

/** `2026-07-12T10:15:02+01:00`: ISO 8601 with the zone's offset, for the CSV. */
export function isoWithOffset(at: Date, zone: string): string {
  const p = parts(at, zone, true);
  const offset = (p.timeZoneName ?? 'GMT').replace(/^GMT/, '') || '+00:00';
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}${offset}`;
}

/** The text of every <time datetime="..."> of a rendered page made local (the attribute keeps the instant). */
export function localiseTimes(page: string, zone: string): string {
  return page.replace(/<time datetime="([^"]+)">[^<]*<\/time>/g, (whole, iso: string) => {
    const at = new Date(iso);
    return Number.isNaN(at.getTime()) ? whole : `<time datetime="${iso}">${localTime(at, zone)}</time>`;
  });
}
