import type { OperationName } from '../core/retry-policy.js';
import { maskSecret } from '../internal/mask-secret.js';

/** What happened to a request that got no HTTP answer. */
export type RequestOutcome = 'answered' | 'reset before processing' | 'reset after processing' | 'client went away';

/** One invalid parameter of a logged problem. */
export interface LoggedParameter {
  /** The field's dotted path. */
  name: string;
  /** Why it is invalid, in the sandbox's words. */
  reason: string;
}

/** The problem of an error answer, without anything the sender sent. */
export interface LoggedProblem {
  /** The problem's title. */
  title: string;
  /** Its detail, when it has one (the sandbox's own words). */
  detail?: string | undefined;
  /** The offending fields and reasons (never their values). */
  invalidParameters?: LoggedParameter[] | undefined;
}

/**
 * One API request the sandbox received, as its request log shows it: no
 * bodies; the ApiKey and access token masked to their last four characters.
 */
export interface RequestLogEntry {
  /** Increasing number of the request, from 1 (stays unique across the ring buffer). */
  id: number;
  /** When it arrived, by the sandbox's clock (ISO 8601). */
  at: string;
  /** HTTP method. */
  method: string;
  /** The path, without the query string. */
  path: string;
  /** The SDK's name of the operation, when the path is an endpoint. */
  operation: OperationName | undefined;
  /** The HTTP status answered; undefined when no answer was written. */
  status: number | undefined;
  /** Whether an answer was written, and if not, why. */
  outcome: RequestOutcome;
  /** Time from arrival to answer (or reset), in ms. */
  durationMs: number;
  /** The problem of an error answer. */
  problem: LoggedProblem | undefined;
  /** The message the request concerns (path or body), when it names one. */
  messageId: string | undefined;
  /** Which key was sent: `apiKey …1a2b`, `forbiddenApiKey …9f3c`, `unrecognised …77aa` or `none`. */
  apiKey: string;
  /** The instant access token header, masked, when sent. */
  accessToken: string | undefined;
  /** Faults the sandbox injected into this request. */
  faults: string[];
}

/**
 * The sandbox's request log: the newest `size` API requests, in a ring
 * buffer, so a long-running sandbox holds a bounded amount.
 */
export class RequestLog {
  readonly #size: number;
  /** A circular buffer: `#start` is the oldest entry once it is full. */
  readonly #entries: RequestLogEntry[] = [];
  #start = 0;
  #next = 1;

  /** @param size - How many entries are kept. */
  constructor(size: number) {
    this.#size = size;
  }

  /** Adds an entry, giving it the next id; overwrites the oldest beyond the size. */
  add(entry: Omit<RequestLogEntry, 'id'>): RequestLogEntry {
    const logged = { id: this.#next++, ...entry };
    if (this.#size === 0) return logged;
    if (this.#entries.length < this.#size) {
      this.#entries.push(logged);
    } else {
      this.#entries[this.#start] = logged;
      this.#start = (this.#start + 1) % this.#size;
    }
    return logged;
  }

  /** Copies of the entries, oldest first. */
  entries(): RequestLogEntry[] {
    const ordered = [...this.#entries.slice(this.#start), ...this.#entries.slice(0, this.#start)];
    return ordered.map((e) => structuredClone(e));
  }

  /** The id of the newest entry, 0 when none. */
  lastId(): number {
    return this.#next - 1;
  }

  /** Forgets every entry (ids keep increasing). */
  clear(): void {
    this.#entries.length = 0;
    this.#start = 0;
  }
}

/** Which key a request carried, masked: the log must never hold a usable key. */
export function describeKey(sent: string | undefined, keys: { apiKey: string; forbiddenApiKey: string }): string {
  if (!sent) return 'none';
  const name = sent === keys.apiKey ? 'apiKey' : sent === keys.forbiddenApiKey ? 'forbiddenApiKey' : 'unrecognised';
  return `${name} ${maskSecret(sent)}`;
}
