import type { SandboxControls } from './control/controls.js';
import type { SandboxFaults, ScriptedFault } from './faults/options.js';
import type { SandboxMessage } from './messages/record.js';
import type { ToolbarRunOptions } from './messages/toolbar.js';
import type { GpRouteOutcome } from './messages/transitions.js';
import type { SandboxConfig } from './options.js';
import type { SandboxStats } from './stats.js';
import type { RequestLogEntry } from './request-log.js';
import type { SandboxWidget } from './widget-store.js';
import type { SandboxLaunchContext, WidgetLauncher } from './widget-launch.js';
import type { JSONWebKeySet } from 'jose';

/** What a practice user does in the toolbar. Each move returns the message as it is afterwards. */
export interface SandboxToolbar {
  /** The user's toolbar is running: their instant messages are imported automatically. */
  run(user: string, options?: ToolbarRunOptions): void;
  /** The user's toolbar stops; their instant messages wait (and convert to standard after the period). */
  stop(user: string): void;
  /** PENDING (or FAILED) → COMPLETED. @throws SandboxError */
  import(messageId: string): SandboxMessage;
  /** PENDING (or FAILED) → REJECTED. @throws SandboxError */
  reject(messageId: string): SandboxMessage;
  /** PENDING → FAILED. @throws SandboxError */
  fail(messageId: string): SandboxMessage;
}

/** The GP route's infrastructure (MESH and the practice's system). */
export interface SandboxGpRoute {
  /**
   * Moves a GP-route message one step: 'Sent to MESH' → '20013 - Success' →
   * COMPLETED, or to `outcome` (see {@link GpRouteOutcome}).
   * @throws SandboxError when the move is not allowed from the current step.
   */
  advance(messageId: string, outcome?: GpRouteOutcome): SandboxMessage;
}

/**
 * A running sandbox: its address and keys, the controls that play the
 * practice user, the toolbar, MESH and time, faults, inspection, and
 * `close()`. The same controls are served under `/_sandbox/`.
 */
export interface Sandbox {
  /** `http://127.0.0.1:<port>`: pass it as the client's `baseUrl`. */
  readonly url: string;
  /** The port bound. */
  readonly port: number;
  /** A key with every permission. */
  readonly apiKey: string;
  /** A recognised key that gets 403 where the spec allows it. */
  readonly forbiddenApiKey: string;
  /** ODS codes of the practices that use the service. */
  readonly recipients: readonly string[];
  /** The topic names served. */
  readonly topics: readonly string[];
  /** Issues a one-time access code for a practice user, as the toolbar would. */
  issueAccessCode(user: string): Promise<string>;
  /** The practice users' toolbars. */
  readonly toolbar: SandboxToolbar;
  /** Expires a message now (→ EXPIRED). @throws SandboxError */
  expire(messageId: string): SandboxMessage;
  /** The GP route's steps. */
  readonly gpRoute: SandboxGpRoute;
  /** Revokes an access token: verify then answers 410. @throws SandboxError when unknown. */
  revokeToken(token: string): void;
  /** Replaces the faults (not merged; `setFaults({})` turns them off). @throws SandboxError when invalid. */
  setFaults(faults: SandboxFaults): void;
  /** The faults in force. */
  getFaults(): SandboxFaults;
  /** Queues one-shot faults, e.g. the next GP-route send gets a 503. @throws SandboxError when invalid. */
  failNext(fault: ScriptedFault): void;
  /** Counters: requests, responses, faults, and per messageId sends. */
  stats(): SandboxStats;
  /** The request log: the newest API requests (`requestLogSize`), oldest first; no bodies, credentials masked. */
  requests(): RequestLogEntry[];
  /** Every stored message, up to date (attachments as name, type, size and SHA-256). */
  listMessages(): SandboxMessage[];
  /** One stored message, or undefined. */
  getMessage(messageId: string): SandboxMessage | undefined;
  /** Widgets registered with {@link Sandbox.apiKey} (secrets left out). */
  listWidgets(): SandboxWidget[];
  /**
   * The launch URL of a widget registered with {@link Sandbox.apiKey}, built
   * exactly as the toolbar would: the registered launchUrl plus a signed and
   * encrypted user-context JWT (requiresUserData) and patient-context JWT
   * (requiresPatientData), encrypted with the registered secret and method.
   * Read it with `readLaunchTokens` from `cdms-sdk/widget`, verifying against
   * {@link Sandbox.jwks} or `/_sandbox/jwks`.
   * @throws SandboxError `not-found` for an unknown widget; `invalid` when a required context is missing or invalid.
   */
  launchUrl(widgetName: string, context: SandboxLaunchContext): Promise<string>;
  /** The public JWK Set of the sandbox toolbar's signing key (also served at `/_sandbox/jwks`). */
  jwks(): JSONWebKeySet;
  /** Forgets every message, token, widget, toolbar and count; faults back to the start options. */
  reset(): void;
  /** Stops the server and drops its connections; resolves when it is closed. Safe to call twice. */
  close(): Promise<void>;
}

/** Builds the handle over the controls. Internal. */
export function createHandle(
  config: SandboxConfig,
  controls: SandboxControls,
  server: { url: string; port: number; close(): Promise<void> },
  launcher: WidgetLauncher,
): Sandbox {
  return Object.freeze({
    url: server.url,
    port: server.port,
    apiKey: config.apiKey,
    forbiddenApiKey: config.forbiddenApiKey,
    recipients: config.recipients,
    topics: config.topics,
    issueAccessCode: (user: string) => Promise.resolve().then(() => controls.issueAccessCode(user)),
    toolbar: Object.freeze({
      run: (user: string, options?: ToolbarRunOptions) => controls.runToolbar(user, options),
      stop: (user: string) => controls.stopToolbar(user),
      import: (messageId: string) => controls.toolbar('import', messageId),
      reject: (messageId: string) => controls.toolbar('reject', messageId),
      fail: (messageId: string) => controls.toolbar('fail', messageId),
    }),
    expire: (messageId: string) => controls.expire(messageId),
    gpRoute: Object.freeze({ advance: (messageId: string, outcome?: GpRouteOutcome) => controls.advance(messageId, outcome) }),
    revokeToken: (token: string) => controls.revokeToken(token),
    setFaults: (faults: SandboxFaults) => controls.setFaults(faults),
    getFaults: () => controls.faults(),
    failNext: (fault: ScriptedFault) => controls.failNext(fault),
    stats: () => controls.stats(),
    requests: () => controls.requests(),
    listMessages: () => controls.listMessages(),
    getMessage: (messageId: string) => controls.getMessage(messageId),
    listWidgets: () => controls.listWidgets(),
    launchUrl: (widgetName: string, context: SandboxLaunchContext) => launcher.launchUrl(widgetName, context),
    jwks: () => launcher.jwks(),
    reset: () => controls.reset(),
    close: () => server.close(),
  });
}
