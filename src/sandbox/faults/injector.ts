import type { OperationName } from '../../core/retry-policy.js';
import { checkFaults, checkScriptedFault, type SandboxFaults, type ScriptedFault } from './options.js';
import { fnv1a, mulberry32 } from './prng.js';

/** What the faults do to one request, decided when it arrives. */
export interface FaultPlan {
  /** Delay before processing, in milliseconds. */
  latencyMs: number;
  /** Destroy the connection before processing. */
  resetBefore: boolean;
  /** Answer with this status before processing (500, or a scripted 503 off the GP route). */
  failBefore: { status: 500 | 503; retryAfterSeconds: number | undefined } | undefined;
  /** The GP route's infrastructure refuses this send (drawn; scripted 503s are taken later). */
  mesh503: boolean;
  /** Destroy the connection after processing, without a response. */
  resetAfter: boolean;
  /** Delay after processing, before the response, in milliseconds. */
  slowMs: number;
}

/** A 503 to answer at the GP route's hand-over to MESH. */
export interface MeshFailure {
  /** `Retry-After` in seconds, when one is to be sent. */
  retryAfterSeconds: number | undefined;
}

const NO_FAULTS: FaultPlan = Object.freeze({
  latencyMs: 0,
  resetBefore: false,
  failBefore: undefined,
  mesh503: false,
  resetAfter: false,
  slowMs: 0,
});

/**
 * Decides faults reproducibly. Each decision comes from a PRNG seeded by
 * (seed, operation, key, attempt), where the key is the request's messageId
 * when it has one: the same seed and the same messageIds give the same faults
 * whatever the order or concurrency of the requests. Requests without a
 * messageId use a per-operation sequence number instead. Every request draws
 * all its numbers, so changing one rate never shifts the others.
 */
/**
 * Attempt counters kept at most: one per messageId seen, so a long-lived
 * sandbox under load would otherwise grow without end. The oldest are
 * dropped first; only a messageId retried after 100,000 others loses its
 * count (its next attempt draws as a first one).
 */
const MAX_COUNTERS = 100_000;

export class FaultInjector {
  readonly #seed: number;
  #faults: SandboxFaults;
  #attempts = new Map<string, number>();
  #scripted: (ScriptedFault & { count: number })[] = [];

  /**
   * @param seed - Seed of every decision.
   * @param faults - Initial faults.
   */
  constructor(seed: number, faults: SandboxFaults | undefined) {
    this.#seed = seed;
    this.#faults = checkFaults(faults);
  }

  /** The faults in force (a copy). */
  get faults(): SandboxFaults {
    return { ...this.#faults };
  }

  /** Replaces the faults (not merged: `set({})` turns them all off). */
  set(faults: unknown): void {
    this.#faults = checkFaults(faults);
  }

  /** Queues a one-shot fault. */
  failNext(fault: unknown): void {
    this.#scripted.push(checkScriptedFault(fault));
  }

  /** Back to `faults`, with no scripted faults and the attempt counters at zero. */
  reset(faults: SandboxFaults | undefined): void {
    this.#faults = checkFaults(faults);
    this.#attempts.clear();
    this.#scripted = [];
  }

  /** Decides the faults of one request of `operation`; `key` is its messageId when it has one. */
  plan(operation: OperationName, key: string | undefined): FaultPlan {
    const scripted = operation === 'gpconnect.send' ? this.#take(operation, 500) : this.#take(operation);
    const failBefore = scripted ? { status: scripted.status, retryAfterSeconds: scripted.retryAfterSeconds } : undefined;
    const f = this.#faults;
    if (f.operations && !f.operations.includes(operation)) return { ...NO_FAULTS, failBefore };
    const draw = this.#prng(operation, key);
    // Always five draws, in this order: see the class comment.
    const [resetBefore, internal, mesh, slow, resetAfter] = [draw(), draw(), draw(), draw(), draw()];
    return {
      latencyMs: f.latencyMs ?? 0,
      resetBefore: resetBefore < (f.resetBeforeRate ?? 0),
      failBefore: failBefore ?? (internal < (f.internalErrorRate ?? 0) ? { status: 500, retryAfterSeconds: undefined } : undefined),
      mesh503: operation === 'gpconnect.send' && mesh < (f.gpconnect503Rate ?? 0),
      resetAfter: resetAfter < (f.resetAfterRate ?? 0),
      slowMs: slow < (f.slowRate ?? 0) ? (f.slowMs ?? 0) : 0,
    };
  }

  /**
   * Whether a valid GP-route send meets a 503 at the hand-over to MESH: a
   * scripted 503 first, else the drawn one.
   */
  meshFailure(plan: FaultPlan): MeshFailure | undefined {
    const scripted = this.#take('gpconnect.send', 503);
    if (scripted) return { retryAfterSeconds: scripted.retryAfterSeconds ?? this.#faults.retryAfterSeconds };
    return plan.mesh503 ? { retryAfterSeconds: this.#faults.retryAfterSeconds } : undefined;
  }

  #prng(operation: OperationName, key: string | undefined): () => number {
    const sequenceKey = `${operation}#`;
    const id = key ?? `#${this.#bump(sequenceKey)}`;
    const attemptKey = `${operation}|${id}`;
    const attempt = key === undefined ? 0 : this.#bump(attemptKey);
    return mulberry32(fnv1a(`${this.#seed}|${attemptKey}|${attempt}`));
  }

  /** Returns the counter's value before incrementing it. */
  #bump(counter: string): number {
    const n = this.#attempts.get(counter) ?? 0;
    this.#attempts.delete(counter); // re-inserted last: a Map iterates oldest first
    this.#attempts.set(counter, n + 1);
    if (this.#attempts.size > MAX_COUNTERS) this.#attempts.delete(this.#attempts.keys().next().value as string);
    return n;
  }

  #take(operation: OperationName, status?: 500 | 503): (ScriptedFault & { count: number }) | undefined {
    const index = this.#scripted.findIndex((f) => f.operation === operation && (status === undefined || f.status === status));
    const fault = this.#scripted[index];
    if (!fault) return undefined;
    fault.count -= 1;
    if (fault.count <= 0) this.#scripted.splice(index, 1);
    return fault;
  }
}
