// Watches running tracker processes through a stretch of first polls and a
// steady stretch after it. The ledger's messages are all due when the
// processes start, and the tracker claims due work oldest first, so the
// first status requests are first polls (each status goes from unknown to
// PENDING, with history, an event and its delivery), until every message
// was polled once or the stretch's time is up. A full cycle of 100,000 takes
// half an hour or more on this shared machine, so by default the stretch is
// cut short and the full cycle's time is the messages over its rate.
//
// Then the messages never polled are set aside (due a day later), the
// polls already claimed drain and the events left are delivered; what follows is the steady state: messages
// polled again with their status unchanged (an UPDATE of the row and nothing
// else), as a tracker spends most of its days, the whole ledger in the tables.
import { sumTicks, type Totals } from './tracker-figures.js';
import type { TrackerProcess } from './tracker-process.js';

/** The totals at each mark. */
export interface CycleMarks {
  started: Totals;
  /** The end of the first-poll stretch: every message polled once, or its time up. */
  cycle: Totals;
  /** The polls claimed before the set-aside done: the steady stretch starts. */
  settled: Totals;
  steady: Totals;
}

export interface WatchOptions {
  messages: number;
  /** Longest first-poll stretch (Infinity: a full cycle). */
  cycleMs: number;
  /** Polls to let drain after a set-aside: those the processes had claimed before it. */
  settlePolls: number;
  steadyMs: number;
  /** Fail when the polls stop growing for this long. */
  stallMs: number;
  /** Sets the messages never polled aside; returns how many. */
  setAside: () => Promise<number>;
  /** Called at each mark, before watching goes on (server-side probes). */
  onMark?: (mark: keyof CycleMarks) => Promise<void>;
  log: (message: string) => void;
}

/** Waits for every process to start, then for the marks in turn; returns the totals at each and the messages set aside. */
export async function watchCycle(processes: readonly TrackerProcess[], options: WatchOptions): Promise<CycleMarks & { setAside: number }> {
  const started = sumTicks(
    (await Promise.all(processes.map((p) => p.next('started')))).map((s) => s.tick),
    'earliest',
  );
  await options.onMark?.('started');
  const cycle = await waitFor(processes, options, (now) => now.polls - started.polls >= options.messages || now.at - started.at >= options.cycleMs, 'first polls');
  await options.onMark?.('cycle');
  const setAside = await options.setAside();
  options.log(`tracker: ${setAside} messages never polled set aside; ${setAside > 0 ? options.settlePolls : 0} claimed polls to drain`);
  // The events of the first polls are delivered too: at saturation their statements wait behind the polls'.
  const drained = (now: Totals): boolean => now.polls - cycle.polls >= options.settlePolls && now.unhandledEvents === 0;
  const settled = setAside > 0 ? await waitFor(processes, options, drained, 'drain') : cycle;
  await options.onMark?.('settled');
  const steady = await waitFor(processes, options, (now) => now.at - settled.at >= options.steadyMs, 'steady');
  await options.onMark?.('steady');
  return { started, cycle, settled, steady, setAside };
}

/** Options of {@link watchPaced}. */
export interface PacedOptions {
  warmupMs: number;
  ms: number;
  stallMs: number;
  onMark?: (mark: 'from' | 'to') => Promise<void>;
  log: (message: string) => void;
}

/** Lets fresh processes start and run `warmupMs` and deliver the events left, then measures `ms` of their polling. */
export async function watchPaced(processes: readonly TrackerProcess[], options: PacedOptions): Promise<{ from: Totals; to: Totals }> {
  const started = sumTicks(
    (await Promise.all(processes.map((p) => p.next('started')))).map((s) => s.tick),
    'earliest',
  );
  const from = await waitFor(processes, options, (now) => now.at - started.at >= options.warmupMs && now.unhandledEvents === 0, 'paced warm-up');
  await options.onMark?.('from');
  const to = await waitFor(processes, options, (now) => now.at - from.at >= options.ms, 'paced');
  await options.onMark?.('to');
  return { from, to };
}

async function waitFor(processes: readonly TrackerProcess[], options: Pick<WatchOptions, 'stallMs' | 'log'>, done: (now: Totals) => boolean, what: string): Promise<Totals> {
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
