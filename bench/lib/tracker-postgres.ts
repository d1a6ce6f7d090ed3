// PostgreSQL with several tracker processes sharing one database: a
// throwaway server (test/setup/postgres-server.ts) with pg_stat_statements
// and fsync on, as a production server would run; the ledger filled by the
// processes together (tracker.track(), then copies); then the same number of
// fresh processes started on it at once run the first-poll stretch and the
// steady stretch; then as many again poll for a while at the default
// maxPollsPerSecond.
// The server's own CPU and statement times are read at each mark.
import { startPostgres, type PostgresServer } from '../../test/setup/postgres-server.js';
import { closedFigures, fillFigures, instanceArgs, pacedArgs, load, startFigures, type EngineResult, type ServerStretch, type TrackerBenchConfig } from './tracker-config.js';
import { watchCycle, watchPaced, type CycleMarks } from './tracker-cycle.js';
import { stretch } from './tracker-figures.js';
import { LEDGER_CHECK, ledgerFigures, type LedgerRow } from './tracker-embedded.js';
import { PostgresProbe, type ServerTotals } from './postgres-probe.js';
import { TrackerProcess } from './tracker-process.js';
import { shares } from './tracker-ids.js';

export class PostgresRun {
  readonly #config: TrackerBenchConfig;
  readonly #sandbox: { url: string; apiKey: string };
  readonly #log: (message: string) => void;
  #server: PostgresServer | undefined;
  #fill: EngineResult['fill'] | undefined;

  constructor(config: TrackerBenchConfig, sandbox: { url: string; apiKey: string }, log: (message: string) => void) {
    this.#config = config;
    this.#sandbox = sandbox;
    this.#log = log;
  }

  #processes(mode: 'fill' | 'run', pace?: Parameters<typeof instanceArgs>[3]): TrackerProcess[] {
    const { messages, tracked, instances, fillConcurrency } = this.#config;
    const database = this.#server!.url;
    const trackedShares = shares(0, tracked, instances);
    return shares(0, messages, instances).map(
      (share, i) =>
        new TrackerProcess(
          instanceArgs(this.#config, this.#sandbox, {
            mode,
            engine: 'postgres',
            database,
            ...share,
            tracked: trackedShares[i]!.count,
            instanceId: `instance-${i}`,
            concurrency: Math.ceil(fillConcurrency / instances),
          }, { ...pace, countEvents: pace?.countEvents === true && i === 0 }),
        ),
    );
  }

  /** Starts the server and fills the ledger, each process its share (the first adopted, the rest copied). */
  async fill(): Promise<void> {
    this.#server = await startPostgres({ settings: { shared_preload_libraries: 'pg_stat_statements', fsync: 'on' } });
    const filled = await Promise.all(this.#processes('fill').map((p) => p.filled()));
    // The processes adopt side by side: the slowest one's time is the wall time of them all.
    const fill = (this.#fill = fillFigures(filled, Math.max(...filled.map((f) => f.ms))));
    this.#log(
      `tracker postgres: ${fill.tracked} adopted by ${filled.length} processes in ${(fill.ms / 1000).toFixed(1)} s, the rest copied in ${(fill.cloneMs / 1000).toFixed(1)} s`,
    );
  }

  /** The two stretches with every process, a stretch at the default rate, then the ledger check. */
  async measure(): Promise<EngineResult> {
    if (!this.#server || !this.#fill) throw new Error('fill the PostgreSQL ledger first');
    const loadAverage = load();
    const probe = await PostgresProbe.open(this.#server.url);
    try {
      const run = await this.#cycleRun(probe);
      const pacedRun = await this.#pacedRun(probe);
      const closed = [...run.closed, ...pacedRun.closed];
      const started = await Promise.all([...run.processes, ...pacedRun.processes].map((p) => p.next('started')));
      const [row] = await probe.query<LedgerRow>(LEDGER_CHECK);
      const { marks, server } = run;
      const cycle = stretch(marks.started, marks.cycle);
      const steady = stretch(marks.settled, marks.steady);
      const paced = stretch(pacedRun.marks.from, pacedRun.marks.to);
      const { errorKinds, attemptErrorKinds, countedPolls } = closedFigures(closed);
      return {
        engine: 'postgres',
        instances: run.processes.length,
        messages: this.#config.messages,
        fill: this.#fill,
        ...startFigures(started),
        maxRssMb: run.closed.map((c) => c.maxRssMb),
        pacedMaxRssMb: pacedRun.closed.map((c) => c.maxRssMb),
        wasmMb: null,
        cycle,
        setAside: marks.setAside,
        steady,
        paced,
        pacedRate: this.#config.pacedRate,
        server: {
          cycle: perPoll(server.started!, server.cycle!, cycle.polls),
          steady: perPoll(server.settled!, server.steady!, steady.polls),
          paced: perPoll(pacedRun.server.from!, pacedRun.server.to!, paced.polls),
        },
        pollsByInstance: run.pollsByInstance,
        errorKinds,
        attemptErrorKinds,
        ledger: ledgerFigures(row!, countedPolls),
        loadAverage,
      };
    } finally {
      await probe.close();
    }
  }

  /** The first-poll and steady stretches, every process at saturation, the server read at each mark. */
  async #cycleRun(probe: PostgresProbe) {
    const processes = this.#processes('run');
    const server: Partial<Record<keyof CycleMarks, ServerTotals>> = {};
    let pollsByInstance: number[] = [];
    const { messages, cycleMs, settlePollsPerInstance, steadyMs, stallMs } = this.#config;
    const marks = await watchCycle(processes, {
      messages,
      cycleMs,
      settlePolls: settlePollsPerInstance * processes.length,
      steadyMs,
      stallMs,
      // One database: any process can set the messages aside for all.
      setAside: async () => (await processes[0]!.command('set-aside')).rows,
      log: this.#log,
      onMark: async (mark) => {
        if (mark === 'started') await probe.query('SELECT pg_stat_statements_reset()');
        if (mark === 'cycle') pollsByInstance = processes.map((p) => p.latest!.polls);
        server[mark] = await probe.totals();
      },
    });
    const closed = await Promise.all(processes.map((p) => p.stop()));
    return { processes, marks, server, pollsByInstance, closed };
  }

  /** Fresh processes at the default rate, the budget shared by them all; the first watches the events left. */
  async #pacedRun(probe: PostgresProbe) {
    const { pacedWarmupMs: warmupMs, pacedMs, stallMs } = this.#config;
    const processes = this.#processes('run', { ...pacedArgs(this.#config), countEvents: true });
    const server: Partial<Record<'from' | 'to', ServerTotals>> = {};
    const marks = await watchPaced(processes, {
      warmupMs,
      ms: pacedMs,
      stallMs,
      log: this.#log,
      onMark: async (mark) => {
        server[mark] = await probe.totals();
      },
    });
    const closed = await Promise.all(processes.map((p) => p.stop()));
    return { processes, marks, server, closed };
  }

  /** Stops the server and removes its directory. */
  cleanup(): void {
    this.#server?.stop();
  }
}

function perPoll(from: ServerTotals, to: ServerTotals, polls: number): ServerStretch {
  return {
    cpuMsPerPoll: (to.cpuMs - from.cpuMs) / polls,
    execMsPerPoll: (to.execMs - from.execMs) / polls,
    statementsPerPoll: (to.calls - from.calls) / polls,
    walBytesPerPoll: (to.walBytes - from.walBytes) / polls,
  };
}
