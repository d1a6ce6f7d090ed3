import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from '../../../src/core/logger.js';
import { KeyShredder, SHRED_AFTER_MS } from '../../../src/tracker/runtime/key-shredder.js';
import type { TrackerStore } from '../../../src/tracker/store/store.js';

/** A store whose clearing is counted, and answers as told. */
function fakeStore(answers: (() => Promise<string[]>)[] = []) {
  const calls: number[] = [];
  const store = {
    shredKeys: () => {
      calls.push(Date.now());
      return (answers.shift() ?? (() => Promise.resolve([])))();
    },
  } as unknown as TrackerStore;
  return { store, calls };
}

function recordingLogger() {
  const lines: { level: string; event: unknown }[] = [];
  const log = (level: string) => (fields: Record<string, unknown>) => void lines.push({ level, event: fields.event });
  const logger: Logger = { debug: log('debug'), info: log('info'), warn: log('warn'), error: log('error') };
  return { logger, lines };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('KeyShredder', () => {
  it('gathers the erases of a moment into one clearing, SHRED_AFTER_MS after the first', async () => {
    vi.useFakeTimers();
    const { store, calls } = fakeStore();
    const shredder = new KeyShredder(store, recordingLogger().logger);
    shredder.destroyed();
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS / 2);
    shredder.destroyed();
    shredder.destroyed();
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS / 2);
    expect(calls).toHaveLength(1);
    // Nothing pending: nothing more.
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS * 3);
    expect(calls).toHaveLength(1);
  });

  it('flush clears what is pending at once, waits for a clearing under way, and schedules nothing after', async () => {
    vi.useFakeTimers();
    let finish: (v: string[]) => void = () => undefined;
    const { store, calls } = fakeStore([() => new Promise((resolve) => (finish = resolve))]);
    const shredder = new KeyShredder(store, recordingLogger().logger);
    shredder.destroyed();
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS);
    expect(calls).toHaveLength(1);
    shredder.destroyed(); // while the first clearing runs
    const flushed = shredder.flush();
    finish([]);
    await flushed;
    expect(calls).toHaveLength(2);
    shredder.destroyed();
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS * 3);
    expect(calls).toHaveLength(2);
  });

  it('a failed clearing is logged (no patient data: the error is named) and tried again; a refused step is warned of once', async () => {
    vi.useFakeTimers();
    const { store, calls } = fakeStore([
      () => Promise.reject(new Error('connection terminated')),
      () => Promise.resolve(['CHECKPOINT']),
      () => Promise.resolve(['CHECKPOINT']),
    ]);
    const { logger, lines } = recordingLogger();
    const shredder = new KeyShredder(store, logger);
    await shredder.clearNow();
    expect(lines).toEqual([{ level: 'error', event: 'tracker.shred-failed' }]);
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS);
    expect(calls).toHaveLength(2);
    shredder.destroyed();
    await vi.advanceTimersByTimeAsync(SHRED_AFTER_MS);
    expect(calls).toHaveLength(3);
    expect(lines.map((l) => l.event)).toEqual(['tracker.shred-failed', 'tracker.shred-partial']);
  });
});
