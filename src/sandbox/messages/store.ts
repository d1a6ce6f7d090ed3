import { SandboxError } from '../errors.js';
import { ContentBudget } from './content-budget.js';
import { isPastRetention, settle } from './lifecycle.js';
import type { MessageRecord } from './record.js';

/** UUIDs are case-insensitive: the same id in another case is the same message. */
const keyOf = (messageId: string): string => messageId.toLowerCase();

/**
 * The stored messages, keyed by messageId. Every read first brings a message
 * up to date with the clock ({@link settle}) and forgets it once it is past
 * its retention; its id stays used for ever, so it can never be reused.
 */
export class MessageStore {
  readonly #records = new Map<string, MessageRecord>();
  readonly #used = new Set<string>();
  readonly #retentionMs: number;
  readonly #contents: ContentBudget;

  /**
   * @param retentionMs - How long a status stays after the message's expiry.
   * @param contentBytes - Bytes of decoded attachment content kept for the console.
   */
  constructor(retentionMs: number, contentBytes: number) {
    this.#retentionMs = retentionMs;
    this.#contents = new ContentBudget(contentBytes);
  }

  /** Whether a message with this id was ever accepted. */
  isUsed(messageId: string): boolean {
    return this.#used.has(keyOf(messageId));
  }

  /** Stores a newly accepted message. */
  add(record: MessageRecord): void {
    const key = keyOf(record.messageId);
    this.#used.add(key);
    this.#records.set(key, record);
    this.#contents.admit(record);
  }

  /** The message, up to date at `now`, or undefined when unknown or removed. */
  find(messageId: string, now: number): MessageRecord | undefined {
    const key = keyOf(messageId);
    const record = this.#records.get(key);
    if (!record) return undefined;
    settle(record, now);
    if (isPastRetention(record, now, this.#retentionMs)) {
      this.#records.delete(key);
      this.#contents.release(record);
      return undefined;
    }
    return record;
  }

  /** Like {@link MessageStore.find}, but throws a `not-found` {@link SandboxError}. */
  get(messageId: string, now: number): MessageRecord {
    const record = this.find(messageId, now);
    if (!record) throw new SandboxError('not-found', `No message ${messageId} in the sandbox (never sent, or removed after its expiry).`);
    return record;
  }

  /** Every message still kept, up to date at `now`, oldest first. */
  all(now: number): MessageRecord[] {
    return [...this.#records.values()].filter((r) => this.find(r.messageId, now) !== undefined);
  }

  /** Forgets everything, used ids included. */
  clear(): void {
    this.#records.clear();
    this.#used.clear();
    this.#contents.clear();
  }
}
