// How the SDK's web pages (the sandbox console, the worklist) show the
// service's things to people: an NHS number in the 3-3-4 display the NHS's
// user-interface guidance asks for (943 476 5919), so staff can read it back
// and find the record; a route by its name; a time in a table.

/** Ten digits (spaces ignored) in the 3-3-4 display; anything else unchanged. */
export function nhsNumberDisplay(value: string): string {
  const digits = value.replace(/\s/g, '');
  return /^\d{10}$/.test(digits) ? `${digits.slice(0, 3)} ${digits.slice(3, 6)} ${digits.slice(6)}` : value;
}

/** The routes as people call them. */
export const ROUTE_LABELS: Readonly<Record<string, string>> = {
  standard: 'Standard',
  instant: 'Instant',
  gpconnect: 'GP route',
};

/** An ISO time as `2026-11-22 10:15:02Z`, for tables. */
export function shortTime(iso: string | undefined): string {
  if (!iso) return '';
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? iso : new Date(ms).toISOString().replace('T', ' ').replace(/\.\d{3}Z$/, 'Z');
}
