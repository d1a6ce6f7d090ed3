// cdms-sdk/tracker: the delivery tracker (Node only). Re-exports only.
//
// The layout, for a maintainer: tracker.ts is what an app holds, made by
// create-tracker.ts. model/ is the message's state and a transition of it;
// decide/ the pure decisions (what a send's or a poll's outcome changes, the
// poll schedule), functions of their inputs tested without I/O; work/ the
// steps with effects (send, settle a send, poll, adopt), which call the
// service through the client's public API and save a decision's transition;
// runtime/ the background loops and the shared request budget; store/ the SQL
// and its rows; db/ the two engines. internal.ts is the door for the SDK's
// own tools (the CLI), read-only-tracker.ts what they open.

/**
 * The delivery tracker: follows every message to its end, durably, across
 * restarts and instances (a ledger in the runtime's own SQLite, Node 22.13
 * and later, or a PostgreSQL server through `pg`; polls within the
 * service's guidance, events, attention). Node only.
 *
 * @module cdms-sdk/tracker
 */
export { createTracker } from './create-tracker.js';
export { Tracker, type PollNowOptions, type TrackerSendOptions, type TrackerInstantSendOptions, type TrackerMessages, type TrackerSendArguments } from './tracker.js';
export type { AcknowledgeOptions, AssignOptions, RecordRefusalOptions } from './work/people.js';
export type { AuditChainBreak, AuditChainBreakKind, AuditVerification } from './audit-verify.js';
export type { TrackerAuditAction, TrackerAuditEntry, TrackerAuditOptions, TrackerAuditOutcome, TrackerAuditPage } from './audit.js';
export type { TrackerOptions } from './options.js';
export type { PgPoolLike, PgPoolClientLike, PgQueryable, PgQueryResult } from './db/postgres.js';
export type { TrackerSendResult } from './work/send-now.js';
export type { GpConnectReplacement, GpConnectReplacementInformation, TrackerReplaceOptions, TrackerReplaceResult } from './work/replace.js';
export type { TrackInput } from './decide/adopted-state.js';
export type { TrackerListOptions, TrackerListPage } from './queries.js';
export type { TrackerStats, RouteStatusCount, UnresolvedMessage } from './stats.js';
export type {
  DatabaseHealth,
  HealthReason,
  HealthReasonCode,
  TrackerHealth,
  TrackerHealthOptions,
  TrackerLoopHealth,
  TrackerLoops,
} from './health.js';
export type { ServiceHealth } from './runtime/service-reach.js';
export {
  ATTENTION_REASONS,
  type AttentionReason,
  type StatusChange,
  type TrackedMessage,
  type TrackedMessageSummary,
  type TrackedRoute,
  type TrackerAttention,
  type TrackerStage,
} from './types.js';
export type {
  AttentionEvent,
  SentEvent,
  StatusChangedEvent,
  TerminalEvent,
  TrackerEvent,
  TrackerEventBase,
  TrackerEventHandler,
  TrackerEventKind,
} from './events.js';
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
  ConflictingActionError,
  DatabaseUnavailableError,
  PollLimitError,
  ReplacementRefusedError,
  TrackerClosedError,
  UnknownMessageError,
  type ReplacementRefusal,
} from './errors.js';
