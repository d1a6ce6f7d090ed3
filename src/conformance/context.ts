// What a scenario works with: the client, the sandbox's controls (when the
// target is a sandbox), the tracker (when a ledger could be opened), and the
// helpers that turn what it sees into checks, each written down as evidence.
import type { CdmsClient } from '../index.js';
import type { Tracker, TrackedMessage, TrackedRoute } from '../tracker/index.js';
import type { SandboxControl } from './target.js';
import type { ConformanceScenarioInfo, RecordedExchange } from './types.js';

/** A check did not hold: the scenario fails with this message. */
export class ConformanceFailure extends Error {
  override name = 'ConformanceFailure';
}

/** An outcome needs a person at the practice, and nobody acted in the time waited. */
export class NeedsPractice extends Error {
  override name = 'NeedsPractice';
}

/** One scenario of the run. */
export interface ConformanceScenario extends ConformanceScenarioInfo {
  /** Set when the scenario needs the sandbox's controls: why, shown when it is skipped against a test mailbox. */
  needsControls?: string | undefined;
  /** Runs it; throws {@link ConformanceFailure} when a check fails. */
  run(ctx: ScenarioContext): Promise<void>;
}

/** How long a wait may last against a sandbox, whose outcomes come in steps of milliseconds. */
const SANDBOX_WAIT_MS = 20_000;

/** The things a scenario works with, and its checks. */
export class ScenarioContext {
  /** Every check made, as a sentence, in order. */
  readonly checks: string[] = [];
  /** The messages the scenario sent, followed by the tracker after the send. */
  readonly messageIds: string[] = [];

  /**
   * @param client - The recorded client.
   * @param control - The sandbox's controls, or undefined (test mailbox).
   * @param tracker - The tracker, or undefined when no ledger could be opened.
   * @param settings - The practice, the topic, the poll spacing, the wait for a person, and the progress report.
   */
  constructor(
    readonly client: CdmsClient,
    readonly control: SandboxControl | undefined,
    readonly tracker: Tracker | undefined,
    readonly settings: { requests: () => number; exchanges: (from: number) => RecordedExchange[]; addSecret: (value: string) => void; recipient: string; topic: string; pollIntervalMs: number; practiceWaitMs: number; progress: (doing: string) => void; signal: AbortSignal | undefined },
  ) {}

  /** The sandbox's controls; the scenario is skipped when it needs them and the target has none. */
  get sandbox(): SandboxControl {
    if (!this.control) throw new Error('this scenario needs the sandbox controls');
    return this.control;
  }

  /** The sends (POST requests) made since `mark` (a `settings.requests()` value): the tracker's background polls are GETs. */
  sendsSince(mark: number): RecordedExchange[] {
    return this.settings.exchanges(mark).filter((e) => e.method === 'POST');
  }

  /** Records a check; fails the scenario when it does not hold. */
  check(holds: boolean, sentence: string, detail?: string): void {
    this.checks.push(`${holds ? '✓' : '✗'} ${sentence}`);
    if (!holds) throw new ConformanceFailure(detail ? `${sentence} (${detail})` : sentence);
  }

  /** Runs `call`, which must throw an error of class `Class`; records the check and returns the error. */
  async expectError<E extends Error>(Class: abstract new (...args: never[]) => E, sentence: string, call: () => Promise<unknown>): Promise<E> {
    try {
      await call();
    } catch (error) {
      this.check(error instanceof Class, sentence, error instanceof Error ? `got ${error.name}` : undefined);
      return error as E;
    }
    this.check(false, sentence, 'the call succeeded');
    throw new ConformanceFailure(sentence);
  }

  /**
   * Waits until `probe` returns a value, polling at the run's spacing, and
   * returns it. Against a sandbox the wait is short (its outcomes come in
   * steps); when an outcome needs a person at the practice, it lasts up to
   * `practiceWaitMs` and then ends in {@link NeedsPractice}.
   */
  async waitFor<T>(what: string, probe: () => Promise<T | undefined>): Promise<T> {
    const person = this.control === undefined;
    const limit = person ? this.settings.practiceWaitMs : SANDBOX_WAIT_MS;
    const started = Date.now();
    for (;;) {
      this.settings.signal?.throwIfAborted();
      const value = await probe();
      if (value !== undefined) return value;
      const waited = Date.now() - started;
      if (waited >= limit) {
        if (person) throw new NeedsPractice(`nobody at the practice acted within ${Math.round(limit / 1000)} s: ${what}`);
        throw new ConformanceFailure(`timed out after ${Math.round(limit / 1000)} s waiting for ${what}`);
      }
      this.settings.progress(`waits for ${what} (${Math.round(waited / 1000)} s)`);
      await new Promise((resolve) => setTimeout(resolve, this.settings.pollIntervalMs));
    }
  }

  /** Waits until the service reports a status `until` accepts, on the message's route; returns it. */
  async waitForStatus(route: TrackedRoute, messageId: string, what: string, until: (s: { status: string; subStatus?: string | null | undefined }) => boolean) {
    const read = () => (route === 'gpconnect' ? this.client.gpconnect.status(messageId) : this.client.messages.status(messageId));
    return this.waitFor(what, async () => {
      const s = await read();
      return until(s) ? s : undefined;
    });
  }

  /**
   * Hands a sent message to the tracker (adopted with `track`), so the
   * evidence holds its timeline. Without a tracker, only remembers it.
   */
  async follow(route: TrackedRoute, messageId: string, expiryDateTime?: string, versionNumber?: number): Promise<void> {
    this.messageIds.push(messageId);
    await this.tracker?.track({ messageId, route, sentAt: new Date(), expiryDateTime, recipient: this.settings.recipient, versionNumber });
  }

  /**
   * Waits until the tracker shows what a sender must see for the message
   * (its stage, and its attention reason or none) and records the check.
   * Without a tracker nothing is checked: the report says the tracker part did not run.
   */
  async trackerShows(messageId: string, stage: TrackedMessage['stage'], attention: string | null, extra?: (m: TrackedMessage) => boolean): Promise<void> {
    const tracker = this.tracker;
    if (!tracker) return;
    const sentence = `the tracker shows ${stage}${attention ? `, attention '${attention}'` : ', no attention'}`;
    const seen = await this.waitFor(`the tracker to show ${stage}${attention ? ` / ${attention}` : ''}`, async () => {
      const m = await tracker.get(messageId);
      return m && m.stage === stage && (m.attention?.reason ?? null) === attention && (extra?.(m) ?? true) ? m : undefined;
    }).catch(async (error: unknown) => {
      if (!(error instanceof ConformanceFailure)) throw error;
      const m = await tracker.get(messageId);
      this.check(false, sentence, `it shows ${m?.stage ?? 'nothing'}${m?.attention ? `, attention '${m.attention.reason}'` : ''}`);
      return undefined;
    });
    if (seen) this.check(true, sentence);
  }
}
