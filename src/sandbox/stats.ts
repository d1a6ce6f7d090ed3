import type { OperationName } from '../core/retry-policy.js';

/** What happened to the sends that carried one messageId. */
export interface SendCounts {
  /** Send requests that carried this messageId, whatever became of them. */
  attempts: number;
  /** Times a send with this messageId was accepted and stored (at most 1: a reused messageId is refused). */
  accepted: number;
  /** Sends refused because the messageId was already used. */
  duplicates: number;
}

/** Injected faults, by kind. */
export interface FaultCounts {
  /** Requests delayed by `latencyMs`. */
  latency: number;
  /** Connections destroyed before processing. */
  resetBefore: number;
  /** Connections destroyed after processing. */
  resetAfter: number;
  /** Responses held back by `slowMs`. */
  slow: number;
  /** 500 answers injected. */
  internalError: number;
  /** 503 answers injected. */
  serviceUnavailable: number;
}

/** Counters for tests (the fault-injection suite reads them): a snapshot, safe to keep. */
export interface SandboxStats {
  /** API requests received (the `/_sandbox/` control API is not counted). */
  requests: number;
  /** API requests by operation. */
  byOperation: Partial<Record<OperationName, number>>;
  /** Responses written, by HTTP status (a destroyed connection writes none). */
  byStatus: Record<string, number>;
  /** Faults injected. */
  faults: FaultCounts;
  /** Per messageId: send attempts, acceptances and duplicate refusals. */
  sends: Record<string, SendCounts>;
}

const noFaults = (): FaultCounts => ({ latency: 0, resetBefore: 0, resetAfter: 0, slow: 0, internalError: 0, serviceUnavailable: 0 });

/** Collects {@link SandboxStats}. Internal. */
export class StatsCollector {
  #requests = 0;
  #byOperation = new Map<OperationName, number>();
  #byStatus = new Map<number, number>();
  #faults = noFaults();
  #sends = new Map<string, SendCounts>();

  /** Counts an API request. */
  request(operation: OperationName): void {
    this.#requests += 1;
    this.#byOperation.set(operation, (this.#byOperation.get(operation) ?? 0) + 1);
  }

  /** Counts a response written. */
  response(status: number): void {
    this.#byStatus.set(status, (this.#byStatus.get(status) ?? 0) + 1);
  }

  /** Counts an injected fault. */
  fault(kind: keyof FaultCounts): void {
    this.#faults[kind] += 1;
  }

  /** Counts something that happened to a send with this messageId. */
  send(messageId: string, what: keyof SendCounts): void {
    const counts = this.#sends.get(messageId) ?? { attempts: 0, accepted: 0, duplicates: 0 };
    counts[what] += 1;
    this.#sends.set(messageId, counts);
  }

  /** A snapshot. */
  snapshot(): SandboxStats {
    return {
      requests: this.#requests,
      byOperation: Object.fromEntries(this.#byOperation),
      byStatus: Object.fromEntries([...this.#byStatus].map(([k, v]) => [String(k), v])),
      faults: { ...this.#faults },
      sends: Object.fromEntries([...this.#sends].map(([k, v]) => [k, { ...v }])),
    };
  }

  /** Back to zero. */
  reset(): void {
    this.#requests = 0;
    this.#byOperation.clear();
    this.#byStatus.clear();
    this.#faults = noFaults();
    this.#sends.clear();
  }
}
