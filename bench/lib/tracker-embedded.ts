// The embedded engine (SQLite in a directory; PGlite on the baseline) with one tracker process: the
// ledger filled (tracker.track(), then copies), then a process started on it
// runs the first-poll stretch and the steady stretch, then more fresh
// processes are timed starting on the same ledger, the first of them
// polling for a while at the default maxPollsPerSecond. Last, the ledger is read
// to check that the messages are all there, that the first polls reached as
// many messages, and that its poll counts add up to the requests.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { closedFigures, fillFigures, instanceArgs, pacedArgs, load, startFigures, type EngineResult, type TrackerBenchConfig } from './tracker-config.js';
import { watchCycle, watchPaced } from './tracker-cycle.js';
import { stretch, type Totals } from './tracker-figures.js';
import { TrackerProcess } from './tracker-process.js';
import type { InstanceLine } from './tracker-protocol.js';

type Filled = Extract<InstanceLine, { phase: 'filled' }>;
type Started = Extract<InstanceLine, { phase: 'started' }>;
type Closed = Extract<InstanceLine, { phase: 'closed' }>;

/** Counts over the ledger's messages, as both engines' checks read them. */
export const LEDGER_CHECK = `SELECT count(*)::int AS messages, (count(*) FILTER (WHERE polls >= 1))::int AS polled,
  coalesce(max(polls), 0)::int AS max_polls, coalesce(sum(polls), 0)::int AS sum_polls FROM cdms_tracker.messages`;

/** {@link LEDGER_CHECK} on the SQLite ledger. */
export const SQLITE_LEDGER_CHECK = `SELECT count(*) AS messages, count(*) FILTER (WHERE polls >= 1) AS polled,
  coalesce(max(polls), 0) AS max_polls, coalesce(sum(polls), 0) AS sum_polls FROM messages`;

/** The row of {@link LEDGER_CHECK}. */
export interface LedgerRow {
  messages: number;
  polled: number;
  max_polls: number;
  sum_polls: number;
}

/** The check's row with the polls the processes counted. */
export function ledgerFigures(row: LedgerRow, countedPolls: number): EngineResult['ledger'] {
  return { messages: row.messages, polled: row.polled, maxPolls: row.max_polls, sumPolls: row.sum_polls, countedPolls };
}

export class EmbeddedRun {
  readonly #config: TrackerBenchConfig;
  readonly #sandbox: { url: string; apiKey: string };
  readonly #log: (message: string) => void;
  readonly #dir = mkdtempSync(join(tmpdir(), 'cdms-bench-tracker-'));
  /** The child's copy that loads another package (the baseline); undefined: this build. */
  readonly #script: string | undefined;
  /** How the log names this run. */
  readonly #label: string;
  #filled: Filled | undefined;

  constructor(config: TrackerBenchConfig, sandbox: { url: string; apiKey: string }, log: (message: string) => void, side: { script?: string; label?: string } = {}) {
    this.#config = config;
    this.#sandbox = sandbox;
    this.#log = log;
    this.#script = side.script;
    this.#label = side.label ?? 'embedded';
  }

  /** The ledger's directory (100,000 messages once filled). */
  get directory(): string {
    return this.#dir;
  }

  #process(args: ConstructorParameters<typeof TrackerProcess>[0]): TrackerProcess {
    return new TrackerProcess(args, { script: this.#script });
  }

  #args(mode: 'fill' | 'run', pace?: Parameters<typeof instanceArgs>[3]): ConstructorParameters<typeof TrackerProcess>[0] {
    const { messages, tracked, fillConcurrency } = this.#config;
    return instanceArgs(
      this.#config,
      this.#sandbox,
      { mode, engine: 'pglite', database: this.#dir, first: 0, count: messages, tracked, instanceId: 'embedded', concurrency: fillConcurrency },
      pace,
    );
  }

  /** Fills a new embedded ledger: the first messages adopted, the rest copied. */
  async fill(): Promise<void> {
    const filled = (this.#filled = await this.#process(this.#args('fill')).filled());
    this.#log(`tracker ${this.#label}: ${filled.tracked} adopted in ${(filled.ms / 1000).toFixed(1)} s, ${filled.cloned} copied in ${(filled.cloneMs / 1000).toFixed(1)} s`);
  }

  /** The two stretches, a stretch at the default rate, the start samples and the ledger check. */
  async measure(): Promise<EngineResult> {
    const filled = this.#filled;
    if (!filled) throw new Error('fill the embedded ledger first');
    const loadAverage = load();
    const p = this.#process(this.#args('run'));
    const first = await p.next('started');
    const { messages, cycleMs, settlePollsPerInstance: settlePolls, steadyMs, stallMs } = this.#config;
    const marks = await watchCycle([p], {
      messages,
      cycleMs,
      settlePolls,
      steadyMs,
      stallMs,
      setAside: async () => (await p.command('set-aside')).rows,
      log: this.#log,
    });
    const end = p.latest!;
    const closed = [await p.stop()];
    const samples: Started[] = [first];
    const pacedMarks = await this.#pacedRun(samples, closed);
    for (let i = samples.length; i < this.#config.startSamples; i++) {
      const sample = this.#process(this.#args('run'));
      samples.push(await sample.next('started'));
      closed.push(await sample.stop());
    }
    const { errorKinds, attemptErrorKinds, countedPolls } = closedFigures(closed);
    return {
      engine: 'embedded',
      instances: 1,
      messages: this.#config.messages,
      fill: fillFigures([filled], filled.ms),
      ...startFigures(samples),
      maxRssMb: [closed[0]!.maxRssMb],
      pacedMaxRssMb: [closed[1]!.maxRssMb],
      wasmMb: { afterStart: first.tick.wasmMb, end: end.wasmMb },
      cycle: stretch(marks.started, marks.cycle),
      setAside: marks.setAside,
      steady: stretch(marks.settled, marks.steady),
      paced: stretch(pacedMarks.from, pacedMarks.to),
      pacedRate: this.#config.pacedRate,
      server: null,
      pollsByInstance: [marks.cycle.polls - marks.started.polls],
      errorKinds,
      attemptErrorKinds,
      ledger: await this.#checkLedger(countedPolls),
      loadAverage,
    };
  }

  /** A fresh process at the default rate (a start sample too): its marks; its start and close added to `samples` and `closed`. */
  async #pacedRun(samples: Started[], closed: Closed[]): Promise<{ from: Totals; to: Totals }> {
    const { pacedWarmupMs: warmupMs, pacedMs, stallMs } = this.#config;
    const paced = this.#process(this.#args('run', { ...pacedArgs(this.#config), countEvents: true }));
    samples.push(await paced.next('started'));
    const marks = await watchPaced([paced], { warmupMs, ms: pacedMs, stallMs, log: this.#log });
    closed.push(await paced.stop());
    return marks;
  }

  async #checkLedger(countedPolls: number): Promise<EngineResult['ledger']> {
    const file = join(this.#dir, 'ledger.sqlite');
    if (existsSync(file)) return ledgerFigures(readSqliteCheck(file), countedPolls);
    const db = await PGlite.create(join(this.#dir, 'pgdata'));
    try {
      const [row] = (await db.query<LedgerRow>(LEDGER_CHECK)).rows;
      return ledgerFigures(row!, countedPolls);
    } finally {
      await db.close();
    }
  }

  /** Removes the ledger's directory. */
  cleanup(): void {
    rmSync(this.#dir, { recursive: true, force: true });
  }
}

/** {@link SQLITE_LEDGER_CHECK} on the ledger file, read by a connection of the bench's own (its tracker has closed). */
function readSqliteCheck(file: string): LedgerRow {
  const getBuiltin = (process as { getBuiltinModule?: (id: string) => unknown }).getBuiltinModule;
  type Db = { prepare(sql: string): { get(): Record<string, unknown> | undefined }; close(): void };
  const sqlite = getBuiltin?.call(process, 'node:sqlite') as { DatabaseSync: new (path: string, options: { readOnly: boolean }) => Db } | undefined;
  if (!sqlite) throw new Error('the ledger is SQLite but this runtime has no node:sqlite: run the bench on Node 22.13 or later');
  const db = new sqlite.DatabaseSync(file, { readOnly: true });
  try {
    const row = db.prepare(SQLITE_LEDGER_CHECK).get() ?? {};
    return { messages: Number(row['messages']), polled: Number(row['polled']), max_polls: Number(row['max_polls']), sum_polls: Number(row['sum_polls']) };
  } finally {
    db.close();
  }
}
