// The queue's data: every message that needs a person, read from the
// tracker a page at a time, filtered (reason, route, recipient, assignee, a
// messageId), oldest first within each reason, with the patient the app
// knows of (decision D-WORKLIST-04).
import { ATTENTION_REASONS, type AttentionReason, type TrackedMessageSummary } from '../tracker/index.js';
import type { WorklistConfig, WorklistPatient, WorklistPerson, WorklistPractice } from './options.js';
import { practiceOf, referenceOf } from './app-words.js';

/** The most items the queue reads; beyond it the page says so (the list should never be that long). */
const QUEUE_CAP = 5_000;

/** The queue's filters, as the query string gives them (unknown values simply match nothing). */
export interface QueueFilter {
  reason: string;
  route: string;
  recipient: string;
  /** '' (anyone), 'me', 'nobody', or a person's id. */
  assignee: string;
  /** A messageId, or its start. */
  find: string;
}

/** An item of the queue with what the app knows of it: the patient, its own reference, the practice. */
export interface QueueItem {
  message: TrackedMessageSummary & { attention: NonNullable<TrackedMessageSummary['attention']> };
  patient: WorklistPatient | null;
  reference: string | undefined;
  practice: WorklistPractice | null;
}

/** Reads the filters from a query string. */
export function readQueueFilter(query: URLSearchParams): QueueFilter {
  const get = (name: string) => (query.get(name) ?? '').trim().slice(0, 200);
  return { reason: get('reason'), route: get('route'), recipient: get('recipient'), assignee: get('assignee'), find: get('find').toLowerCase() };
}

/** Every message that needs a person (at most {@link QUEUE_CAP}), and whether there were more. */
export async function attentionItems(config: WorklistConfig): Promise<{ items: TrackedMessageSummary[]; truncated: boolean }> {
  const items: TrackedMessageSummary[] = [];
  let cursor: string | undefined;
  do {
    const page = await config.tracker.list({ attention: true, limit: 1000, cursor });
    items.push(...page.items.filter((m) => m.attention !== null && m.replacedBy === null));
    cursor = page.nextCursor;
  } while (cursor !== undefined && items.length < QUEUE_CAP);
  return { items: items.slice(0, QUEUE_CAP), truncated: cursor !== undefined };
}

function matches(m: TrackedMessageSummary, f: QueueFilter, person: WorklistPerson): boolean {
  if (f.reason && m.attention?.reason !== f.reason) return false;
  if (f.route && m.route !== f.route) return false;
  if (f.recipient && m.recipient !== f.recipient) return false;
  if (f.assignee === 'me' && m.assignee !== person.id) return false;
  if (f.assignee === 'nobody' && m.assignee !== null) return false;
  if (f.assignee && f.assignee !== 'me' && f.assignee !== 'nobody' && m.assignee !== f.assignee) return false;
  return !f.find || m.messageId.toLowerCase().startsWith(f.find);
}

/** The items that pass the filters, grouped by reason (in the tracker's order), oldest first in each group. */
export async function groupedQueue(
  config: WorklistConfig,
  all: readonly TrackedMessageSummary[],
  filter: QueueFilter,
  person: WorklistPerson,
): Promise<{ reason: AttentionReason; items: QueueItem[] }[]> {
  const shown = all.filter((m) => matches(m, filter, person)) as QueueItem['message'][];
  const [patients, practices] = await Promise.all([Promise.all(shown.map((m) => patientOf(config, m))), Promise.all(shown.map((m) => practiceOf(config, m)))]);
  const items = shown.map((message, i) => ({ message, patient: patients[i] ?? null, reference: referenceOf(config, message), practice: practices[i] ?? null }));
  return ATTENTION_REASONS.map((reason) => ({
    reason,
    items: items.filter((i) => i.message.attention.reason === reason).sort((a, b) => a.message.attention.since.getTime() - b.message.attention.since.getTime()),
  })).filter((g) => g.items.length > 0);
}

/** The patient the app knows of, or null (also when the app's lookup fails: the page still shows the message). */
export async function patientOf(config: WorklistConfig, message: TrackedMessageSummary): Promise<WorklistPatient | null> {
  if (!config.patient) return null;
  try {
    return (await config.patient(message)) ?? null;
  } catch (error) {
    config.logger.warn({ event: 'worklist.patient-lookup-failed', error: error instanceof Error ? error.name : typeof error }, 'cdms worklist: the app\'s patient lookup failed; the page shows no patient');
    return null;
  }
}
