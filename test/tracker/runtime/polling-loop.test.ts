import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PollingLoop, backoffMs, type NextRound } from '../../../src/tracker/runtime/polling-loop.js';

// The clock is fake: a pause only ends when the test moves time on, so
// "at once" means "with the clock standing still".
beforeEach(() => {
  vi.useFakeTimers({ now: 0 });
});
afterEach(() => {
  vi.useRealTimers();
});

/** Runs what is ready (promises, timers due now) without moving the clock. */
const settle = async (): Promise<void> => {
  await vi.advanceTimersByTimeAsync(0);
};

/** A loop whose rounds are recorded (the time each began) and answered by `answer`. */
function recordedLoop(answer: (n: number) => NextRound | Error, options: { backoffMs?: number; maxBackoffMs?: number } = {}) {
  const rounds: number[] = [];
  const errors: [unknown, number][] = [];
  const signals: AbortSignal[] = [];
  const loop = new PollingLoop({
    round: (signal) => {
      rounds.push(Date.now());
      signals.push(signal);
      const next = answer(rounds.length);
      return next instanceof Error ? Promise.reject(next) : Promise.resolve(next);
    },
    onError: (error, failures) => errors.push([error, failures]),
    backoffMs: options.backoffMs ?? 10,
    maxBackoffMs: options.maxBackoffMs ?? 100,
  });
  return { loop, rounds, errors, signals };
}

/** Calls stop and runs what is ready, the clock standing still; returns a probe of whether stop has resolved. */
async function stopping(loop: PollingLoop): Promise<() => boolean> {
  let stopped = false;
  void loop.stop().then(() => (stopped = true));
  await settle();
  return () => stopped;
}

const gaps = (times: number[]): number[] => times.slice(1).map((t, i) => t - times[i]!);

describe('backoffMs', () => {
  it('doubles from twice the base with each failure, up to the cap', () => {
    expect([1, 2, 3, 4, 5].map((n) => backoffMs(n, 10, 100))).toEqual([20, 40, 80, 100, 100]);
  });

  it('doubles at most ten times, however many failures', () => {
    expect(backoffMs(10, 1, 1e9)).toBe(1024);
    expect(backoffMs(500, 1, 1e9)).toBe(1024);
  });
});

describe('PollingLoop', () => {
  it('runs the first round on start, then pauses as long as the round asked', async () => {
    const { loop, rounds } = recordedLoop(() => 500);
    loop.start();
    await settle();
    expect(rounds).toEqual([0]);
    await vi.advanceTimersByTimeAsync(499);
    expect(rounds).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(rounds).toEqual([0, 500]);
    await loop.stop();
  });

  it("runs the next round at once when a round answers 'again'", async () => {
    const { loop, rounds } = recordedLoop((n) => (n < 3 ? 'again' : 60_000));
    loop.start();
    await settle();
    expect(rounds).toEqual([0, 0, 0]);
    await loop.stop();
  });

  it('starts once, however often start is called', async () => {
    const { loop, rounds } = recordedLoop(() => 60_000);
    loop.start();
    loop.start();
    await settle();
    expect(rounds).toHaveLength(1);
    await loop.stop();
  });

  it('stops at once in a long pause, fires its signal, and runs no round after', async () => {
    const { loop, rounds, signals } = recordedLoop(() => 3_600_000);
    loop.start();
    await settle();
    const stopped = await stopping(loop);
    expect(stopped()).toBe(true);
    expect(signals[0]?.aborted).toBe(true);
    await vi.advanceTimersByTimeAsync(7_200_000);
    expect(rounds).toEqual([0]);
  });

  it('stop waits for the round under way to finish', async () => {
    let finish: () => void = () => undefined;
    const loop = new PollingLoop({
      round: () => new Promise<NextRound>((resolve) => (finish = () => resolve(1_000))),
      onError: () => undefined,
      backoffMs: 10,
      maxBackoffMs: 100,
    });
    loop.start();
    await settle();
    const stopped = await stopping(loop);
    expect(stopped()).toBe(false);
    finish();
    await settle();
    expect(stopped()).toBe(true);
  });

  it('a stopped loop does not start again', async () => {
    const { loop, rounds } = recordedLoop(() => 10);
    await loop.stop();
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(rounds).toEqual([]);
  });

  it('wake ends the pause under way, and a wake with no pause under way ends the next one', async () => {
    const { loop, rounds } = recordedLoop(() => 60_000);
    loop.start();
    await settle();
    loop.wake();
    await settle();
    expect(rounds).toEqual([0, 0]);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(rounds).toEqual([0, 0]);
    await loop.stop();

    const early = recordedLoop(() => 60_000);
    const now = Date.now();
    early.loop.wake();
    early.loop.start();
    await settle();
    expect(early.rounds).toEqual([now, now]);
    await early.loop.stop();
  });

  it('reports a failed round and goes on, pausing longer after each failure in a row, up to the cap', async () => {
    const down = new Error('database down');
    const { loop, rounds, errors } = recordedLoop(() => down, { backoffMs: 10, maxBackoffMs: 100 });
    loop.start();
    await vi.advanceTimersByTimeAsync(700);
    expect(gaps(rounds).slice(0, 7)).toEqual([20, 40, 80, 100, 100, 100, 100]);
    expect(errors.slice(0, 4)).toEqual([
      [down, 1],
      [down, 2],
      [down, 3],
      [down, 4],
    ]);
    await loop.stop();
  });

  it('a round that succeeds ends the back-off: the next failure pauses as little as the first', async () => {
    const answers: (NextRound | Error)[] = [new Error('a'), new Error('b'), 5, new Error('c'), 60_000];
    const { loop, rounds, errors } = recordedLoop((n) => answers[n - 1] ?? 60_000);
    loop.start();
    await vi.advanceTimersByTimeAsync(1_000);
    // 0 fails (pause 20), 20 fails (pause 40), 60 succeeds (pause 5), 65 fails (pause 20 again), 85.
    expect(rounds).toEqual([0, 20, 60, 65, 85]);
    expect(errors.map(([, failures]) => failures)).toEqual([1, 2, 1]);
    await loop.stop();
  });

  it('goes on when the error handler itself throws', async () => {
    let reported = 0;
    const loop = new PollingLoop({
      round: () => Promise.reject(new Error('down')),
      onError: () => {
        reported++;
        throw new Error('the logger broke');
      },
      backoffMs: 10,
      maxBackoffMs: 10,
    });
    loop.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(reported).toBe(11);
    expect((await stopping(loop))()).toBe(true);
  });
});

describe('PollingLoop.status: what the health check reads', () => {
  const name = (error: unknown): string => (error instanceof Error ? `named ${error.message}` : 'unknown');

  it('before start, after a success, while failing, during a round and after stop', async () => {
    let finish: (next: NextRound) => void = () => undefined;
    let fail = false;
    const loop = new PollingLoop({
      round: () => (fail ? Promise.reject(new Error('broken')) : new Promise<NextRound>((resolve) => (finish = resolve))),
      onError: () => undefined,
      backoffMs: 10,
      maxBackoffMs: 100,
    });
    expect(loop.status(name)).toEqual({ running: false, lastSuccessAt: null, failures: 0, lastError: null, roundStartedAt: null });
    loop.start();
    await settle();
    expect(loop.status(name)).toMatchObject({ running: true, roundStartedAt: new Date(0), lastSuccessAt: null });
    await vi.advanceTimersByTimeAsync(5);
    finish(50);
    await settle();
    expect(loop.status(name)).toMatchObject({ running: true, roundStartedAt: null, lastSuccessAt: new Date(5), failures: 0 });
    fail = true;
    await vi.advanceTimersByTimeAsync(50);
    await vi.advanceTimersByTimeAsync(20);
    expect(loop.status(name)).toMatchObject({ failures: 2, lastError: 'named broken', roundStartedAt: null, lastSuccessAt: new Date(5) });
    fail = false;
    await vi.advanceTimersByTimeAsync(40);
    finish(1_000);
    await settle();
    expect(loop.status(name)).toMatchObject({ failures: 0, lastError: null });
    const stopped = await stopping(loop);
    expect(stopped()).toBe(true);
    expect(loop.status(name).running).toBe(false);
  });
});
