import { SandboxError } from '../errors.js';
import type { MessageStore } from './store.js';

/** Options of `toolbar.run()`. */
export interface ToolbarRunOptions {
  /**
   * Whether this toolbar's automatic imports fail: each instant message then
   * becomes a standard one with subStatus 'Failed instant message import'.
   * @defaultValue false
   */
  importFails?: boolean | undefined;
}

/** A running toolbar, as `GET /_sandbox/toolbar` lists it. */
export interface RunningToolbar {
  /** The practice user. */
  user: string;
  /** Whether its automatic imports fail. */
  importFails: boolean;
}

function checkUser(user: unknown): string {
  if (typeof user !== 'string' || user.trim() === '') throw new SandboxError('invalid', 'user must be a non-empty string.');
  return user;
}

/**
 * Which practice users have their toolbar running. A running toolbar imports
 * its user's instant messages automatically (spec: States and transitions),
 * `importDelayMs` after they arrive or after it starts, whichever is later.
 */
export class Toolbars {
  readonly #running = new Map<string, { importFails: boolean }>();
  readonly #store: MessageStore;
  readonly #importDelayMs: number;

  /**
   * @param store - The messages.
   * @param importDelayMs - How long a running toolbar takes to import an instant message.
   */
  constructor(store: MessageStore, importDelayMs: number) {
    this.#store = store;
    this.#importDelayMs = importDelayMs;
  }

  /** Starts the user's toolbar; it picks up that user's waiting instant messages. */
  run(user: string, options: ToolbarRunOptions = {}, now: number): void {
    const importFails = options.importFails ?? false;
    this.#running.set(checkUser(user), { importFails });
    for (const r of this.#waiting(user, now)) {
      if (r.instant && r.instant.importAt === undefined) {
        r.instant.importAt = now + this.#importDelayMs;
        r.instant.importFails = importFails;
      }
    }
  }

  /** Stops the user's toolbar; imports it had not done yet do not happen. */
  stop(user: string, now: number): void {
    this.#running.delete(checkUser(user));
    for (const r of this.#waiting(user, now)) {
      if (r.instant) r.instant.importAt = undefined;
    }
  }

  /** Whether the user's toolbar is running. */
  isRunning(user: string): boolean {
    return this.#running.has(user);
  }

  /** For a new instant message of `user`: when and how its automatic import happens, if it does. */
  importPlan(user: string, now: number): { importAt: number | undefined; importFails: boolean } {
    const running = this.#running.get(user);
    return running ? { importAt: now + this.#importDelayMs, importFails: running.importFails } : { importAt: undefined, importFails: false };
  }

  /** The users whose toolbar is running, with whether their imports fail. */
  running(): RunningToolbar[] {
    return [...this.#running].map(([user, { importFails }]) => ({ user, importFails }));
  }

  /** Stops every toolbar. */
  clear(): void {
    this.#running.clear();
  }

  #waiting(user: string, now: number) {
    return this.#store.all(now).filter((r) => r.instant?.user === user && r.instant.phase === 'instant' && r.status === 'PENDING');
  }
}
