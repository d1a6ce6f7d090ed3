// Watches running tracker processes through one full poll cycle and a
// steady stretch after it. The ledger's messages are all due when the
// processes start, and the tracker claims due work oldest first, so the
// first `messages` status requests are one poll of every message (their
// first: each status goes from unknown to PENDING, with history, an event
// and its delivery). The polls after them are the second round, whose
// status is unchanged (an UPDATE of the row and nothing else): the steady
// state of a tracker following messages that wait at the practice.
import { sumTicks, type Totals } from './tracker-figures.js';
import type { TrackerProcess } from './tracker-process.js';

/** The totals at the three marks. */
export interface CycleMarks {
  started: Totals;
  cycle: Totals;
  steady: Totals;
}

export interface WatchOptions {
  messages: number;
  steadyMs: number;
  /** Fail when the polls stop growing for this long. */
  stallMs: number;
  /** Called at each mark, before watching goes on (server-side probes). */
  onMark?: (mark: keyof CycleMarks) => Promise<void>;
  log: (message: string) => void;
}

/** Waits for every process to start, then for the cycle and the steady stretch; returns the totals at each mark. */
export async function watchCycle(processes: readonly TrackerProcess[], options: WatchOptions): Promise<CycleMarks> {
  const started = sumTicks(
    (await Promise.all(processes.map((p) => p.next('started')))).map((s) => s.tick),
    'earliest',
  );
  await options.onMark?.('started');
  const cycle = await waitFor(processes, options, (now) => now.polls - started.polls >= options.messages, 'cycle');
  await options.onMark?.('cycle');
  const steady = await waitFor(processes, options, (now) => now.at - cycle.at >= options.steadyMs, 'steady');
  await options.onMark?.('steady');
  return { started, cycle, steady };
}

async function waitFor(processes: readonly TrackerProcess[], options: WatchOptions, done: (now: Totals) => boolean, what: string): Promise<Totals> {
  let progress = { polls: -1, at: Date.now() };
  let logged = Date.now();
  for (;;) {
    await nextTick(processes, options.stallMs);
    const now = sumTicks(
      processes.map((p) => p.latest!),
      'latest',
    );
    if (done(now)) return now;
    if (now.polls > progress.polls) progress = { polls: now.polls, at: Date.now() };
    else if (Date.now() - progress.at > options.stallMs) throw new Error(`tracker ${what}: no poll for ${options.stallMs / 1000} s (at ${now.polls} polls)`);
    if (Date.now() - logged > 15_000) {
      logged = Date.now();
      options.log(`tracker ${what}: ${now.polls} polls, ${now.errors} errors`);
    }
  }
}

function nextTick(processes: readonly TrackerProcess[], timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => finish(new Error(`no counters from the tracker processes for ${timeoutMs / 1000} s`)), timeoutMs);
    const finish = (error?: Error): void => {
      clearTimeout(timer);
      for (const p of processes) p.onTick = undefined;
      if (error) reject(error);
      else resolve();
    };
    for (const p of processes) p.onTick = () => finish();
  });
}
