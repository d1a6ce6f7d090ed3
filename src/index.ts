// The public surface of cdms-sdk: re-exports only. The package has six
// entry points, each a folder's index.ts: this one, the client (`cdms-sdk`);
// `cdms-sdk/sandbox` (src/sandbox/index.ts, the local service and its
// console); `cdms-sdk/widget` (src/widget/index.ts, reading launch tokens);
// `cdms-sdk/tracker` (src/tracker/index.ts, the delivery tracker and its
// ledger); `cdms-sdk/worklist` (src/worklist/index.ts, the web worklist over
// that ledger); `cdms-sdk/conformance` (src/conformance/index.ts, the
// conformance run and its evidence). The `cdms` command is src/cli/index.ts.

/**
 * The client: send clinical documents to a patient's GP practice, track their
 * status, and everything a send needs (message types, errors, validation,
 * attachments, status polling). The other five entry points: the local
 * service in `cdms-sdk/sandbox`, reading widget launch tokens in
 * `cdms-sdk/widget`, the delivery tracker in `cdms-sdk/tracker`, its web
 * worklist in `cdms-sdk/worklist`, and the conformance run and its evidence
 * in `cdms-sdk/conformance`.
 *
 * @module cdms-sdk
 */
export { CdmsClient, type CdmsClientOptions } from './client.js';
export type { RequestOptions, FetchFunction } from './core/options.js';
export { silentLogger, type Logger, type LogFields } from './core/logger.js';
export { redact, REDACTED } from './core/redact.js';
export { RETRY_POLICIES, type RetryPolicy, type OperationName } from './core/retry-policy.js';
export * from './core/errors/index.js';
export * from './schemas/index.js';
export { DEFAULT_LIMITS, type Limits } from './limits.js';
export { InMemoryRejectedContentStore, type RejectedContentStore } from './rejected-content/store.js';
export { FileRejectedContentStore } from './rejected-content/file-store.js';
export {
  validateMessage,
  validateWidget,
  checkWrongPatient,
  type CheckWrongPatientOptions,
  type WrongPatientOptions,
  type WrongPatientCheckOptions,
  type Route,
  type ValidateMessageOptions,
  type ValidationResult,
} from './validation/index.js';
export {
  checkStrictBase64,
  checkWindowsFileName,
  isValidNhsNumber,
  isValidSnomedCtId,
  type Base64Check,
  type Base64Problem,
  type FileNameProblem,
} from './validation/index.js';
export {
  attachmentFromBytes,
  attachmentFromFile,
  attachmentFromText,
  type AttachmentFromBytesOptions,
  type AttachmentFromFileOptions,
  type AttachmentFromTextOptions,
} from './attachments.js';
export { isTerminalStatus, TERMINAL_STATUSES, type StatusLike, type WaitForStatusOptions } from './polling/wait-for-status.js';
export { planStatusPolls, type EmptyPollPlan, type EmptyPollPlanReason, type PlanStatusPollsOptions, type StatusPollPlan } from './polling/poll-plan.js';
export type { SendResult, SendOptions, InstantSendOptions, ValidatedCallOptions } from './resources/send-types.js';
export type { ListTopicsOptions } from './resources/topics.js';
export { INSTANT_ACCESS_TOKEN_HEADER } from './resources/instant.js';
export type { Messages } from './resources/messages.js';
export type { Instant } from './resources/instant.js';
export type { GpConnect } from './resources/gpconnect.js';
export type { Topics } from './resources/topics.js';
export type { Tokens } from './resources/tokens.js';
export type { Widgets } from './resources/widgets.js';
export type { MeterProviderLike, TracerProviderLike } from './telemetry/telemetry.js';
export { VERSION } from './version.js';
