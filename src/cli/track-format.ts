// The human lines of `cdms track`: tables, one message, the attention list
// and the counts. Only what the ledger keeps after a send is shown:
// identifiers, route, topic, recipient (an ODS code), times and statuses.
import { gpRouteLines } from './gp-route-lines.js';
import type { PurgeResult, TrackedMessage, TrackedMessageSummary, TrackerHealth, TrackerListPage, TrackerStage, TrackerStats } from '../tracker/internal.js';
import { ATTENTION_REASON_WORDS } from '../tracker/internal.js';


/** `n` and the word for that many: `count(1, 'entry', 'entries')` is "1 entry". */
export const count = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** A time as RFC 3339 in UTC, to the second; `-` when there is none. */
export function formatTime(at: Date | null): string {
  return at === null ? '-' : at.toISOString().replace(/\.\d{3}Z$/, 'Z');
}

const UNITS: readonly [number, string][] = [
  [86_400_000, 'd'],
  [3_600_000, 'h'],
  [60_000, 'min'],
  [1_000, 's'],
];

/** How long ago `at` was (or how far ahead): `3h ago`, `in 2d`. */
export function ago(at: Date, now: number): string {
  const ms = now - at.getTime();
  const [unit, name] = UNITS.find(([u]) => Math.abs(ms) >= u) ?? [1_000, 's'];
  const count = Math.floor(Math.abs(ms) / unit);
  return ms >= 0 ? `${count}${name} ago` : `in ${count}${name}`;
}

/** What each stage means, after the stage's name in `show`. */
const STAGE_MEANING: Readonly<Record<TrackerStage, string>> = {
  sending: 'sent or being sent, not yet confirmed held by the service',
  queued: 'not delivered yet; to be sent again with the same messageId',
  following: 'held by the service; polled until a final status',
  failed: 'not delivered, and will not be sent again',
  settled: 'followed to its end',
};


/** Lines of a table: each column padded to its widest cell. */
function table(rows: readonly (readonly string[])[]): string[] {
  const widths = rows[0]?.map((_, i) => Math.max(...rows.map((r) => r[i]?.length ?? 0))) ?? [];
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i] ?? 0))).join('  ').trimEnd());
}

const statusOf = (m: TrackedMessageSummary): string => `${m.status ?? '-'}${m.subStatus ? ` (${m.subStatus})` : ''}`;

/** The line that fetches the next page, with the same command and filters. */
function nextPageLine(page: TrackerListPage, command: string): string[] {
  return page.nextCursor === undefined ? [] : ['', `More: ${command} --cursor ${page.nextCursor}`];
}

/** `cdms track list`: one row per message. */
export function listLines(page: TrackerListPage, command: string): string[] {
  if (page.items.length === 0) return ['No tracked messages match.'];
  const header = ['messageId', 'route', 'stage', 'status', 'attention', 'created', 'topic'];
  const rows = page.items.map((m) => [m.messageId, m.route, m.stage, statusOf(m), m.attention?.reason ?? '-', formatTime(m.createdAt), m.topic ?? '-']);
  return [...table([header, ...rows]), ...nextPageLine(page, command)];
}

/** `cdms track attention`: each message, why, since when, and what to do. */
export function attentionLines(page: TrackerListPage, command: string, now: number): string[] {
  if (page.items.length === 0) return ['Nothing needs attention.'];
  const lines = [`${page.items.length}${page.nextCursor === undefined ? '' : '+'} need attention (newest message first):`];
  for (const m of page.items) {
    const a = m.attention;
    if (!a) continue;
    lines.push(
      '',
      `${m.messageId}  ${a.reason} since ${formatTime(a.since)} (${ago(a.since, now)})`,
      `  ${m.route} route, ${m.topic ?? 'no topic'}, to ${m.recipient ?? 'unknown recipient'}; status ${statusOf(m)}`,
      ...(a.detail ? [`  ${a.detail}`] : []),
      `  To do: ${ATTENTION_REASON_WORDS[a.reason]?.todo ?? 'look at the message'}`,
    );
  }
  return [...lines, ...nextPageLine(page, command), '', 'Once dealt with: cdms track acknowledge <messageId>'];
}

/** A field shown only when it has a value. */
const optional = (name: string, value: string | null): [string, string][] => (value === null ? [] : [[name, value]]);

/** `cdms track show`: the message, then its history. */
export function messageLines(m: TrackedMessage, now: number): string[] {
  const a = m.attention;
  const fields: [string, string][] = [
    ['messageId', m.messageId],
    ['route', m.route],
    ['stage', `${m.stage}: ${STAGE_MEANING[m.stage] ?? ''}`],
    ['status', statusOf(m)],
    ...(m.route === 'gpconnect' && m.status !== null ? gpRouteLines(m.subStatus) : []),
    ['updated', m.updated ?? '-'],
    ['topic', m.topic ?? '-'],
    ['recipient', m.recipient ?? '-'],
    ['created', formatTime(m.createdAt)],
    ['sent', formatTime(m.sentAt)],
    ['expires', formatTime(m.expiryDateTime)],
    ['polls', `${m.polls} (last ${formatTime(m.lastPolledAt)}, next ${m.nextPollAt ? `${formatTime(m.nextPollAt)}, ${ago(m.nextPollAt, now)}` : '-'})`],
    ['attention', a ? `${a.reason} since ${formatTime(a.since)}${a.detail ? `: ${a.detail}` : ''}` : '-'],
    ...optional('version', m.versionNumber === null ? null : String(m.versionNumber)),
    ...optional('replaces', m.replaces),
    ...optional('replaced by', m.replacedBy),
    ...optional('last error', m.lastError),
    ...optional('metadata', m.metadata === null ? null : JSON.stringify(m.metadata)),
  ];
  const history = m.history.map((h) => [formatTime(h.at), h.status, h.subStatus ?? '-', h.source]);
  return [
    ...table(fields),
    '',
    'History:',
    ...(history.length === 0 ? ['  (no status seen yet)'] : table([['seen', 'status', 'subStatus', 'by'], ...history]).map((l) => `  ${l}`)),
  ];
}

/** `name n, name n`; `sorted` orders open sets (statuses) by name, fixed sets keep their order. */
const counts = (record: Readonly<Record<string, number>>, sorted = false): string => {
  const entries = Object.entries(record);
  if (sorted) entries.sort(([a], [b]) => a.localeCompare(b));
  return entries.map(([name, n]) => `${name} ${n}`).join(', ') || '-';
};

/** `cdms track stats`. */
export function statsLines(s: TrackerStats, now: number): string[] {
  const oldest = s.oldestUnresolved;
  return table([
    ['messages', String(s.total)],
    ['by status', counts(s.byStatus, true)],
    ['by route', counts(s.byRoute)],
    ['by stage', counts(s.byStage)],
    ['need attention', `${s.attention}${s.attention > 0 ? ' (cdms track attention)' : ''}`],
    ['overdue polls', `${s.overduePolls}${s.overduePolls > 0 ? ' (is an app running the tracker on this database?)' : ''}`],
    ['unhandled events', String(s.unhandledEvents)],
    ['oldest unresolved', oldest ? `${oldest.messageId} (${oldest.stage}), created ${formatTime(oldest.createdAt)} (${ago(oldest.createdAt, now)})` : '-'],
  ]);
}

/** `cdms track health`: the verdict, its reasons, then the facts. */
export function healthLines(h: TrackerHealth, now: number, strict: boolean): string[] {
  const warnings = h.reasons.filter((r) => r.severity === 'warning').length;
  const verdict = !h.ok ? 'NOT OK' : strict && warnings > 0 ? 'NOT OK (--strict: warnings count)' : 'OK';
  const oldest = h.oldestUnresolved;
  const known = (n: number | null): string => (n === null ? 'unknown' : String(n));
  return [
    `Tracker health: ${verdict}`,
    ...h.reasons.map((r) => `  ${r.severity === 'failing' ? 'FAILING' : 'warning'} ${r.code}: ${r.message}`),
    '',
    ...table([
      ['database', h.database.reachable ? `answered in ${h.database.responseMs ?? '?'} ms` : `did not answer (${h.database.error ?? 'no answer'})`],
      ['last poll', h.lastPollAt ? `${formatTime(h.lastPollAt)} (${ago(h.lastPollAt, now)}), by any instance` : '-'],
      ['overdue polls', known(h.overduePolls)],
      ['unhandled events', `${known(h.unhandledEvents)}${h.oldestUnhandledEventAt ? `, the oldest from ${formatTime(h.oldestUnhandledEventAt)}` : ''}`],
      ['need attention', known(h.attention)],
      ['oldest unresolved', oldest ? `${oldest.messageId} (${oldest.stage}), created ${formatTime(oldest.createdAt)} (${ago(oldest.createdAt, now)})` : '-'],
    ]),
  ];
}

/** `cdms track purge`. */
export function purgeLines(p: PurgeResult, olderThan: string): string {
  return p.messages === 0
    ? `Nothing to delete: no settled message was last changed more than ${olderThan} ago.`
    : `Deleted ${p.messages} settled message${p.messages === 1 ? '' : 's'} last changed more than ${olderThan} ago, with ${p.histories} history rows and ${p.events} events.`;
}
