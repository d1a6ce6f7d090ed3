// Listening for a long-lived signal's abort from many short waits (the
// tracker's polls waiting for their slot, retry pauses, PDF reads), without
// one event listener each; and the pause those waits share.
//
// An AbortSignal keeps its listeners in a linked list whose removed entries
// still point at their neighbours. When the signal lives long (a loop's stop
// signal, an app's shutdown signal), removed entries that V8 had already
// moved to its old generation keep the newer ones, and everything their
// callbacks hold, alive through the young-generation collections until a
// full one: each wait's memory is promoted, and V8 grows its young
// generation to the largest it allows (decision D-TRACKER-43). Here a signal
// has one listener, and a wait that ends unlinks its entry and clears it.

interface Entry {
  callback: (() => void) | undefined;
  previous: Entry | undefined;
  next: Entry | undefined;
}

/** The entries in the order they came, as the signal would call its listeners. */
interface Listeners {
  first: Entry | undefined;
  last: Entry | undefined;
}

const listenersOf = new WeakMap<AbortSignal, Listeners>();

/**
 * Calls `callback` once when `signal` aborts, unless the returned function
 * is called first; as `addEventListener('abort', callback, { once: true })`,
 * a signal already aborted never calls it. Internal.
 */
export function onAbort(signal: AbortSignal, callback: () => void): () => void {
  if (signal.aborted) return () => undefined;
  const listeners = listenersOf.get(signal) ?? listen(signal);
  const entry: Entry = { callback, previous: listeners.last, next: undefined };
  if (listeners.last) listeners.last.next = entry;
  else listeners.first = entry;
  listeners.last = entry;
  return () => unlink(listeners, entry);
}

/**
 * Waits `ms` unless `signal` aborts first; says whether the time came (false
 * at once for a signal already aborted). Leaves no timer and no listener
 * behind either way. Internal.
 */
export function pause(ms: number, signal: AbortSignal | undefined): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const stopListening = signal
      ? onAbort(signal, () => {
          clearTimeout(timer);
          resolve(false);
        })
      : undefined;
    const timer = setTimeout(() => {
      stopListening?.();
      resolve(true);
    }, ms);
  });
}

function listen(signal: AbortSignal): Listeners {
  const listeners: Listeners = { first: undefined, last: undefined };
  listenersOf.set(signal, listeners);
  signal.addEventListener(
    'abort',
    () => {
      listenersOf.delete(signal);
      const called: (() => void)[] = [];
      while (listeners.first) {
        const callback = listeners.first.callback;
        unlink(listeners, listeners.first);
        if (callback) called.push(callback);
      }
      for (const callback of called) callback();
    },
    { once: true },
  );
  return listeners;
}

/** Takes an entry out of its list and clears it, so that nothing it pointed at is kept by it. */
function unlink(listeners: Listeners, entry: Entry): void {
  if (entry.callback === undefined) return;
  if (entry.previous) entry.previous.next = entry.next;
  else listeners.first = entry.next;
  if (entry.next) entry.next.previous = entry.previous;
  else listeners.last = entry.previous;
  entry.callback = undefined;
  entry.previous = undefined;
  entry.next = undefined;
}
