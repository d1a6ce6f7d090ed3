// The calls an app has made and that have not settled yet: close() waits for
// them, so a send under way is recorded before the database closes.

/** The tracker's calls under way. Internal. */
export class CallsInFlight {
  readonly #calls = new Set<Promise<unknown>>();

  /** Keeps `call` until it settles; returns it. */
  add<T>(call: Promise<T>): Promise<T> {
    this.#calls.add(call);
    const forget = (): boolean => this.#calls.delete(call);
    void call.then(forget, forget);
    return call;
  }

  /** Settles when every call under way has, whatever each ends with. */
  async settled(): Promise<void> {
    await Promise.allSettled([...this.#calls]);
  }
}
