// How a command that serves (the sandbox, the worklist) waits for its end.

/** Resolves when the run is interrupted (Ctrl-C or SIGTERM). */
export function untilStopped(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) resolve();
    else signal.addEventListener('abort', () => resolve(), { once: true });
  });
}
