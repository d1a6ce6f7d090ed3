import { SandboxError } from '../errors.js';
import type { SandboxFaults } from '../faults/options.js';
import type { ToolbarRunOptions } from '../messages/toolbar.js';
import { toSandboxMessage, type SandboxMessage } from '../messages/record.js';
import { advanceGpRoute, expireNow, toolbarAction, type GpRouteOutcome, type ToolbarAction } from '../messages/transitions.js';
import type { SandboxState } from '../state.js';
import type { SandboxStats } from '../stats.js';
import type { SandboxWidget } from '../widget-store.js';
import type { IssuedToken } from '../access-tokens.js';
import type { RunningToolbar } from '../messages/toolbar.js';
import type { RequestLogEntry } from '../request-log.js';
import type { AttachmentSummary } from '../messages/record.js';

/** One attachment with its decoded content, for previews and downloads. */
export interface AttachmentContent extends AttachmentSummary {
  /** The decoded bytes. */
  content: Buffer;
}

function checkId(messageId: unknown): string {
  if (typeof messageId !== 'string' || messageId === '') throw new SandboxError('invalid', 'messageId must be a non-empty string.');
  return messageId;
}

/**
 * The sandbox's controls: what a practice user, the toolbar, MESH or time
 * would do, plus faults and inspection. The handle and the `/_sandbox/`
 * control API both call these, so they behave the same.
 */
export class SandboxControls {
  readonly #state: SandboxState;

  /** @param state - The sandbox's state. */
  constructor(state: SandboxState) {
    this.#state = state;
  }

  /** Issues a one-time access code for a practice user, as the toolbar does. */
  issueAccessCode(user: unknown): string {
    return this.#state.tokens.issueCode(user);
  }

  /** Starts a user's toolbar: that user's instant messages are imported automatically. */
  runToolbar(user: string, options: ToolbarRunOptions = {}): void {
    if (options.importFails !== undefined && typeof options.importFails !== 'boolean') {
      throw new SandboxError('invalid', 'importFails must be a boolean.');
    }
    this.#state.toolbars.run(user, options, this.#state.now());
  }

  /** Stops a user's toolbar. */
  stopToolbar(user: string): void {
    this.#state.toolbars.stop(user, this.#state.now());
  }

  /** A practice user imports, rejects or fails to import a message. */
  toolbar(action: ToolbarAction, messageId: unknown): SandboxMessage {
    return this.#move(messageId, (record, now) => toolbarAction(record, action, now));
  }

  /** Expires a message now. */
  expire(messageId: unknown): SandboxMessage {
    return this.#move(messageId, (record, now) => expireNow(record, now));
  }

  /** Moves a GP-route message to its next step, or to `outcome`. */
  advance(messageId: unknown, outcome?: GpRouteOutcome): SandboxMessage {
    return this.#move(messageId, (record, now) => advanceGpRoute(record, outcome, now));
  }

  /** Revokes an access token. */
  revokeToken(token: unknown): void {
    this.#state.tokens.revoke(token);
  }

  /** Replaces the faults (checked: they may come from JSON). */
  setFaults(faults: unknown): void {
    this.#state.faults.set(faults);
  }

  /** The faults in force. */
  faults(): SandboxFaults {
    return this.#state.faults.faults;
  }

  /** Queues a one-shot fault (checked: it may come from JSON). */
  failNext(fault: unknown): void {
    this.#state.faults.failNext(fault);
  }

  /** A snapshot of the counters. */
  stats(): SandboxStats {
    return this.#state.stats.snapshot();
  }

  /** Every stored message, up to date. */
  listMessages(): SandboxMessage[] {
    return this.#state.messages.all(this.#state.now()).map(toSandboxMessage);
  }

  /** One stored message, up to date, or undefined. */
  getMessage(messageId: unknown): SandboxMessage | undefined {
    const record = this.#state.messages.find(checkId(messageId), this.#state.now());
    return record && toSandboxMessage(record);
  }

  /**
   * One attachment of a message with its decoded content.
   * @throws SandboxError `not-found` for an unknown message or index, or content the sandbox no longer holds.
   */
  attachment(messageId: unknown, index: unknown): AttachmentContent {
    const record = this.#state.messages.get(checkId(messageId), this.#state.now());
    const i = typeof index === 'string' && /^\d{1,2}$/.test(index) ? Number(index) : -1;
    const summary = record.attachments[i];
    if (!summary) throw new SandboxError('not-found', `Message ${record.messageId} has no attachment ${String(index)}.`);
    const content = record.contents?.[i];
    if (!content) {
      throw new SandboxError('not-found', 'The sandbox no longer holds this content: it keeps the newest attachmentContentBytes of attachments (its SHA-256 stays in the message).');
    }
    return { ...summary, content };
  }

  /** An attachment's decoded content, or undefined when the sandbox released it (or there is none). */
  attachmentContent(messageId: string, index: number): Buffer | undefined {
    return this.#state.messages.find(messageId, this.#state.now())?.contents?.[index];
  }

  /** The request log, oldest first. */
  requests(): RequestLogEntry[] {
    return this.#state.requests.entries();
  }

  /** Every access token issued, with its user and validity. */
  listTokens(): IssuedToken[] {
    return this.#state.tokens.list();
  }

  /** The users whose toolbar is running. */
  runningToolbars(): RunningToolbar[] {
    return this.#state.toolbars.running();
  }

  /** The widgets registered with the full-permission key (secrets left out). */
  listWidgets(): SandboxWidget[] {
    return this.#state.widgets.list(this.#state.config.apiKey);
  }

  /** Forgets all state; faults back to the start options. */
  reset(): void {
    this.#state.reset();
  }

  #move(messageId: unknown, move: (record: Parameters<typeof toSandboxMessage>[0], now: number) => void): SandboxMessage {
    const now = this.#state.now();
    const record = this.#state.messages.get(checkId(messageId), now);
    move(record, now);
    // A person's move takes over from a test scenario: its remaining steps are dropped.
    if (record.scenario) record.scenario.steps = [];
    return toSandboxMessage(record);
  }
}
