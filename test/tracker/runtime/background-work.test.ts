import { afterEach, describe, expect, it } from 'vitest';
import { BackgroundWork } from '../../../src/tracker/runtime/background-work.js';
import { newState } from '../../../src/tracker/model/message-state.js';
import type { TrackerContext } from '../../../src/tracker/work/context.js';
import { silentLogger } from '../../../src/core/logger.js';
import { eventually } from '../support.js';

/**
 * A tracker's context whose ledger always has due messages (each claim's
 * `limit` is recorded and answered in full) and whose polls each wait for
 * the test to let them finish.
 */
function saturated(maxPollsPerSecond: number) {
  const claims: number[] = [];
  const waiting: (() => void)[] = [];
  const seen = { status: 'PENDING', subStatus: null, updated: null };
  let open = false;
  let n = 0;
  const ctx = {
    config: { maxPollsPerSecond, leaseMs: 60_000, instanceId: 'me', idleCheckMs: 60_000, pollIntervalMs: 60_000, beforeExpiryMs: 60_000, followForMs: 86_400_000, failedAttentionMs: 86_400_000, nearingExpiryMs: 0, logger: silentLogger },
    store: {
      claimDue: (_owner: string, _until: Date, now: Date, limit: number) => {
        claims.push(limit);
        return Promise.resolve(Array.from({ length: limit }, () => ({ state: newState(`m-${n++}`, 'standard', 'following', now.getTime()), claimedStage: 'following' })));
      },
      nextDue: () => Promise.resolve(new Date()),
      release: () => Promise.resolve(),
      save: () => Promise.resolve(true),
    },
    budget: { reserve: (count: number) => Promise.resolve(Array.from({ length: count }, () => Date.now())), waitTurn: () => Promise.resolve(true) },
    random: () => 0.5,
    // A poll's status call: answered when the test says so.
    telemetry: { poll: () => (open ? Promise.resolve(seen) : new Promise((resolve) => waiting.push(() => resolve(seen)))), handlerFailed: () => undefined, observe: () => () => undefined },
    service: { observe: (call: () => Promise<unknown>) => call() },
    eventsRecorded: () => undefined,
    sendsInProgress: new Set<string>(),
  } as unknown as TrackerContext;
  const finish = (count: number): void => {
    for (const done of waiting.splice(0, count)) done();
  };
  /** Every poll, waiting or to come, answered at once (to stop). */
  const release = (): void => {
    open = true;
    finish(waiting.length);
  };
  return { ctx, claims, waiting, finish, release };
}

let running: { work: BackgroundWork; release: () => void } | undefined;
afterEach(async () => {
  running?.release();
  await running?.work.stop();
  running = undefined;
});

describe('BackgroundWork at saturation', () => {
  it('claims again only once an eighth of its room is free, then that much at once', async () => {
    // 10 polls a second: 40 in flight at most, claims of up to 20, a refill of 5.
    const { ctx, claims, waiting, finish, release } = saturated(10);
    const work = new BackgroundWork(ctx);
    running = { work, release };
    work.start();
    await eventually('the loop full', () => waiting.length === 40);
    expect(claims).toEqual([20, 20]);
    // Four polls end: the loop waits for more room rather than claiming one message at a time.
    finish(4);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(claims).toEqual([20, 20]);
    // The fifth: one claim takes the five.
    finish(1);
    await eventually('the refill', () => claims.length === 3);
    expect(claims).toEqual([20, 20, 5]);
    await eventually('the loop full again', () => waiting.length === 40);
  });

  it('stop() waits for the polls under way to be recorded, and claims nothing more', async () => {
    const { ctx, claims, waiting, finish, release } = saturated(10);
    let saved = 0;
    (ctx.store as unknown as { save: () => Promise<boolean> }).save = () => {
      saved++;
      return Promise.resolve(true);
    };
    const work = new BackgroundWork(ctx);
    running = { work, release };
    work.start();
    await eventually('the loop full', () => waiting.length === 40);
    let stopped = false;
    const stopping = work.stop().then(() => (stopped = true));
    finish(39);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false); // one poll still waits for its answer
    expect(saved).toBe(39);
    finish(1);
    await stopping;
    expect(saved).toBe(40);
    expect(claims).toEqual([20, 20]);
  });
});
