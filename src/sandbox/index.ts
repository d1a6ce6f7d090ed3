// cdms-sdk/sandbox: the local sandbox server (Node only). Re-exports only.

/**
 * The whole service on your machine, for development and CI: the API, the
 * practice's toolbar, the GP route, scripted faults, a control API and a web
 * console. Node only.
 *
 * @module cdms-sdk/sandbox
 */
export { startSandbox } from './start.js';
export type { Sandbox, SandboxToolbar, SandboxGpRoute } from './handle.js';
export type { SandboxOptions, TokenVerifyPath } from './options.js';
export type { SandboxFaults, ScriptedFault } from './faults/options.js';
export type { SandboxStats, SendCounts, FaultCounts } from './stats.js';
export type { SandboxMessage, SandboxRoute, AttachmentSummary, SandboxStatusChange } from './messages/record.js';
export type { ToolbarRunOptions, RunningToolbar } from './messages/toolbar.js';
export type { RequestLogEntry, LoggedProblem, LoggedParameter, RequestOutcome } from './request-log.js';
export type { IssuedToken } from './access-tokens.js';
export type { GpRouteOutcome } from './messages/transitions.js';
export { GP_SCENARIO_WORDS, SCENARIO_NHS_NUMBERS, type MessageScenario } from './messages/scenarios.js';
export type { SandboxWidget, WidgetRecord } from './widget-store.js';
export type { SandboxLaunchContext } from './widget-launch.js';
export {
  buildToolbarLaunchUrl,
  createLaunchToken,
  generateToolbarSigningKey,
  toolbarJwks,
  ToolbarLaunchError,
  ToolbarPatientClaimsSchema,
  ToolbarUserClaimsSchema,
  type LaunchableWidget,
  type ToolbarLaunchContext,
  type ToolbarLaunchOptions,
  type ToolbarPatientClaims,
  type ToolbarSigningKey,
  type ToolbarTokenOptions,
  type ToolbarUserClaims,
} from '../widget/toolbar/index.js';
export { SandboxError, type SandboxErrorCode } from './errors.js';
export { manualClock, systemClock, type ManualClock, type SandboxClock } from './clock.js';
export { EICAR_TEST_FILE_BASE64 } from './virus-scan.js';
export { VALIDATION_PROBLEM_TYPE, VALIDATION_PROBLEM_TITLE } from './http/problems.js';
export { MESSAGE_ID_USED_REASON } from './handlers/send-checks.js';
export { DEFAULT_RECIPIENTS, DEFAULT_TOPICS } from './reference-data.js';
