// What people do to messages through the tracker (acknowledge with a note,
// assign, poll now on someone's behalf), each checked, written with its audit
// entry in one statement, and refused with a ConflictingActionError when
// someone else acted first (decisions D-TRACKER-26 and D-TRACKER-27).
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { assertUuid } from '../../core/path.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { PollLimitError, UnknownMessageError } from '../model/errors.js';
import { ConflictingActionError } from './conflict-error.js';
import { describeError } from '../decide/describe-error.js';
import { ATTENTION_REASONS, type AttentionReason } from '../model/types.js';
import type { LedgerStore } from '../store/ledger-store.js';

/** Options of an acknowledgement made by a person. */
export interface AcknowledgeOptions {
  /** Who acknowledges: the person's id as the app's sign-in gives it (1 to 200 characters). */
  by: string;
  /** What they did about it (1 to 2,000 characters). Kept in the audit; not for patient data. */
  note: string;
  /**
   * The reason the person saw. When given, the acknowledgement takes effect
   * only while that reason is still the one raised: a reason raised since is
   * not cleared unseen.
   */
  reason?: AttentionReason | undefined;
}

/** Options of `assign`. */
export interface AssignOptions {
  /** Who assigns (the person's id as the app's sign-in gives it). @defaultValue the assignee */
  by?: string | undefined;
  /**
   * Assign only while the message is still assigned to this person (null:
   * to nobody), as the person acting last saw it: of two people taking the
   * same message at once, one wins and the other gets a ConflictingActionError.
   * Left out, the assignment is made whatever it was.
   */
  ifAssignee?: string | null | undefined;
}

/** The actions that take a message off the attention list: the one that did is who came first. */
const CLEARED_BY = ['acknowledge', 'resend', 'replace'] as const;

const MAX_PERSON = 200;
const MAX_NOTE = 2_000;

/** Adds a problem unless `value` is a person's id: 1 to 200 characters, no control characters. */
export function checkPerson(name: string, value: unknown, problems: InvalidParameter[]): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_PERSON || /\p{Cc}/u.test(value)) {
    problems.push({ name, reason: `must be a person's id: 1 to ${MAX_PERSON} characters, no control characters` });
  }
}

/** Adds a problem unless `value` is a note of 1 to 2,000 characters (not only spaces). */
export function checkNote(name: string, value: unknown, problems: InvalidParameter[]): void {
  if (typeof value !== 'string' || value.trim() === '' || value.length > MAX_NOTE) {
    problems.push({ name, reason: `must say what was done: 1 to ${MAX_NOTE} characters` });
  }
}

function throwIf(problems: InvalidParameter[]): void {
  if (problems.length > 0) throw new LocalValidationError(problems);
}

/**
 * Clears a message's attention. Without options (the original form), as
 * before: cleared if raised, nothing otherwise. With a person and a note, the
 * audit records it, and a message whose attention is already cleared (by
 * someone else, or since it was read) is a conflict.
 */
export async function acknowledgeAs(store: LedgerStore, messageId: string, options?: AcknowledgeOptions): Promise<void> {
  assertUuid('messageId', messageId);
  if (options === undefined) {
    if (!(await store.acknowledge(messageId, new Date())).found) throw new UnknownMessageError(messageId);
    return;
  }
  const problems: InvalidParameter[] = [];
  checkPerson('by', options.by, problems);
  checkNote('note', options.note, problems);
  if (options.reason !== undefined && !ATTENTION_REASONS.includes(options.reason)) problems.push({ name: 'reason', reason: 'must be an attention reason' });
  throwIf(problems);
  const result = await store.acknowledge(messageId, new Date(), { by: options.by, note: options.note, reason: options.reason ?? null });
  if (!result.found) throw new UnknownMessageError(messageId);
  if (!result.changed) throw new ConflictingActionError(messageId, 'acknowledge', await store.lastDone(messageId, CLEARED_BY));
}

/** Assigns a message to a person, or to nobody; audited. */
export async function assignTo(store: LedgerStore, messageId: string, assignee: string | null, options: AssignOptions = {}): Promise<void> {
  assertUuid('messageId', messageId);
  const problems: InvalidParameter[] = [];
  if (assignee !== null) checkPerson('assignee', assignee, problems);
  const by = options.by ?? assignee;
  if (by === null) problems.push({ name: 'by', reason: 'must name who unassigns the message' });
  else checkPerson('by', by, problems);
  if (options.ifAssignee !== undefined && options.ifAssignee !== null) checkPerson('ifAssignee', options.ifAssignee, problems);
  throwIf(problems);
  const expected = options.ifAssignee === undefined ? undefined : { assignee: options.ifAssignee };
  const result = await store.assign(messageId, new Date(), by ?? '', assignee, expected);
  if (!result.found) throw new UnknownMessageError(messageId);
  if (!result.changed) throw new ConflictingActionError(messageId, assignee === null ? 'unassign' : 'assign', await store.lastDone(messageId, ['assign', 'unassign']));
}

/**
 * Runs a poll a person asked for, and audits it: done, failed (the poll's
 * error, which `poll` returns), or refused (the guidance's limit) with when
 * the next is allowed.
 */
export async function auditedPoll(store: LedgerStore, messageId: string, by: string, poll: () => Promise<string | null | undefined>): Promise<void> {
  const problems: InvalidParameter[] = [];
  checkPerson('by', by, problems);
  throwIf(problems);
  const entry = { messageId, by, action: 'poll-now', assignee: null, replacement: null, note: null } as const;
  const before = await store.get(messageId);
  const reason = before?.attention ?? null;
  try {
    const failed = await poll();
    await store.insertAudit({ ...entry, at: new Date(), outcome: failed ? 'failed' : 'done', reason, detail: failed ?? null });
  } catch (error) {
    if (error instanceof PollLimitError) {
      await store.insertAudit({ ...entry, at: new Date(), outcome: 'refused', reason, detail: describeError(error) });
    }
    throw error;
  }
}

/** Options of `recordRefusal`. */
export interface RecordRefusalOptions {
  /** Who asked (the person's id, as the app's sign-in gives it). */
  by: string;
  /** What they asked for. */
  action: 'resend' | 'replace' | 'poll-now';
  /** Why it was refused, in a sentence; never patient data (up to 2,000 characters). */
  detail: string;
}

/** Keeps in the audit an action the app refused before it reached the tracker (a resend it cannot make). */
export async function recordRefusal(store: LedgerStore, messageId: string, options: RecordRefusalOptions): Promise<void> {
  const problems: InvalidParameter[] = [];
  assertUuid('messageId', messageId);
  checkPerson('by', options?.by, problems);
  if (!['resend', 'replace', 'poll-now'].includes(options?.action)) problems.push({ name: 'action', reason: "must be 'resend', 'replace' or 'poll-now'" });
  checkNote('detail', options?.detail, problems);
  throwIf(problems);
  const current = await store.get(messageId);
  if (!current) throw new UnknownMessageError(messageId);
  const { by, action, detail } = options;
  await store.insertAudit({ at: new Date(), messageId, by, action, outcome: 'refused', reason: current.attention ?? null, assignee: null, replacement: null, note: null, detail });
}
