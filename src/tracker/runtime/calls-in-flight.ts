// The calls and jobs under way: close() and stop() wait for them, so a send
// under way is recorded before the database closes.
//
// They are counted, not kept in a Set. A long-lived Set that takes and drops
// one short-lived promise per call kept what every call had allocated alive
// through V8's young-generation collections: all of it was promoted, and V8
// grew its young generation to the largest it allows (adopting 100,000
// messages peaked at 219 MB RSS instead of 108 MB). A count holds nothing of
// a call once it settles (decision D-TRACKER-43).

/** Counts promises until they settle; says when none is left. Internal. */
export class CallsInFlight {
  #count = 0;
  #idle: (() => void)[] = [];
  readonly #afterSettle: ((size: number) => void) | undefined;

  /** `afterSettle` runs each time one settles, with the number still under way. */
  constructor(afterSettle?: (size: number) => void) {
    this.#afterSettle = afterSettle;
  }

  /** How many are under way. */
  get size(): number {
    return this.#count;
  }

  /** Counts `call` until it settles; returns it. */
  add<T>(call: Promise<T>): Promise<T> {
    this.#count++;
    void call.then(this.#settle, this.#settle);
    return call;
  }

  /** Settles once none is under way, whatever each ended with. */
  settled(): Promise<void> {
    if (this.#count === 0) return Promise.resolve();
    return new Promise((resolve) => this.#idle.push(resolve));
  }

  readonly #settle = (): void => {
    this.#count--;
    this.#afterSettle?.(this.#count);
    if (this.#count > 0) return;
    const idle = this.#idle;
    this.#idle = [];
    for (const resolve of idle) resolve();
  };
}
