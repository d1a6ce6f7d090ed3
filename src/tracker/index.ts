// cdms-sdk/tracker: the delivery tracker (Node only). Re-exports only.
//
// The layout, for a maintainer, from the ground up (each floor imports only
// the floors below it; CONTRIBUTING.md's "The tracker's floors", checked by
// lint): model/ is the message's state, a transition of it, the attention
// primitives, the public types, events and errors; db/ the two engines;
// decide/ the pure decisions (what a send's or a poll's outcome changes, the
// poll schedule), functions of their inputs tested without I/O; notify/ the
// notifiers; store/ the SQL and its rows (audit.ts, the audit, joins it);
// work/ the steps with effects (send, settle a send, poll, adopt), which
// call the service through the client's public API and save a decision's
// transition; runtime/ the background loops and the shared request budget;
// report/ what the tracker reports (queries, stats, health); api/ what an
// app holds (the Tracker, made by createTracker; the read-only tracker the
// SDK's own tools open) and its options. internal.ts is the door for the
// SDK's own tools (the CLI).

/**
 * The delivery tracker: follows every message to its end, durably, across
 * restarts and instances (a ledger in the runtime's own SQLite, Node 22.13
 * and later, or a PostgreSQL server through `pg`; polls within the
 * service's guidance, events, attention). Node only.
 *
 * @module cdms-sdk/tracker
 */
export { createTracker } from './api/create-tracker.js';
export { Tracker } from './api/tracker.js';
export type { PollNowOptions, TrackerSendOptions, TrackerInstantSendOptions, TrackerMessages, TrackerSendArguments } from './api/send-options.js';
export type { AcknowledgeOptions, AssignOptions, RecordRefusalOptions } from './work/people.js';
export type { AuditChainBreak, AuditChainBreakKind, AuditVerification } from './report/audit-verify.js';
export type { TrackerAuditAction, TrackerAuditEntry, TrackerAuditOutcome } from './store/audit-entry.js';
export type { TrackerAuditOptions, TrackerAuditPage } from './report/audit.js';
export type { TrackerOptions } from './api/options.js';
export type { PgPoolLike, PgPoolClientLike, PgQueryable, PgQueryResult } from './db/postgres.js';
export type { TrackerSendResult } from './work/send-now.js';
export type { GpConnectReplacement, GpConnectReplacementInformation, TrackerReplaceOptions, TrackerReplaceResult } from './work/replace.js';
export type { TrackInput } from './decide/adopted-state.js';
export type { TrackerListOptions, TrackerListPage } from './report/queries.js';
export type { TrackerStats, RouteStatusCount, UnresolvedMessage } from './report/stats.js';
export type {
  DatabaseHealth,
  HealthReason,
  HealthReasonCode,
  TrackerHealth,
  TrackerHealthOptions,
  TrackerLoopHealth,
  TrackerLoops,
} from './report/health.js';
export type { ServiceHealth } from './work/service-reach.js';
export {
  ATTENTION_REASONS,
  type AttentionReason,
  type StatusChange,
  type TrackedMessage,
  type TrackedMessageSummary,
  type TrackedRoute,
  type TrackerAttention,
  type TrackerStage,
} from './model/types.js';
export type {
  AttentionEvent,
  SentEvent,
  StatusChangedEvent,
  TerminalEvent,
  TrackerEvent,
  TrackerEventBase,
  TrackerEventHandler,
  TrackerEventKind,
} from './model/events.js';
export { emailDigest, type EmailDigestOptions, type EmailDigestSmtp } from './notify/email-digest.js';
export { webhook, ATTENTION_WEBHOOK_TYPE, type WebhookOptions, type AttentionWebhookPayload } from './notify/webhook.js';
export { ATTENTION_REASON_LABELS, ATTENTION_REASON_WORDS, type AttentionReasonWords } from './notify/reason-labels.js';
export type {
  AttentionCounts,
  AttentionDigest,
  AttentionNotice,
  DigestAttentionNotifier,
  EachAttentionNotifier,
  NotifierBase,
  TrackerNotifier,
} from './notify/notifier.js';
export {
  DatabaseUnavailableError,
  PollLimitError,
  ReplacementRefusedError,
  TrackerClosedError,
  UnknownMessageError,
  type ReplacementRefusal,
} from './model/errors.js';
export { ConflictingActionError } from './work/conflict-error.js';
