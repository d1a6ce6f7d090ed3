// The PostgreSQL server's own side of the tracker scenario: its CPU time
// (the postmaster and every backend, from /proc) and what pg_stat_statements
// recorded of the trackers' statements (execution time, WAL). The bench's
// own statements (its probes, copies, set-aside) are left out.
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';
import { BENCH_SQL } from './db-meter.js';

/** Server-side totals at one moment. */
export interface ServerTotals {
  cpuMs: number;
  calls: number;
  execMs: number;
  walBytes: number;
}

const TICKS_PER_SECOND = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim()) || 100;

/** Fields of /proc/<pid>/stat after the command: [ppid, utime, stime, cutime, cstime]. */
function procStat(pid: number): { ppid: number; ticks: number; childTicks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]), childTicks: Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined; // the process ended meanwhile
  }
}

/** A connection to the server for probes, and the postmaster's process id. */
export class PostgresProbe {
  readonly #client: pg.Client;
  #postmaster = 0;

  private constructor(client: pg.Client) {
    this.#client = client;
  }

  /** Connects, loads pg_stat_statements (the server must preload it) and finds the postmaster. */
  static async open(url: string): Promise<PostgresProbe> {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const probe = new PostgresProbe(client);
    await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
    const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
    probe.#postmaster = procStat(Number(rows[0]?.pid))?.ppid ?? 0;
    if (!probe.#postmaster) throw new Error('could not find the PostgreSQL postmaster');
    return probe;
  }

  /** CPU of the postmaster, its ended children and its live ones. */
  serverCpuMs(): number {
    let ticks = 0;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid)) continue;
      const s = procStat(pid);
      if (pid === this.#postmaster) ticks += (s?.ticks ?? 0) + (s?.childTicks ?? 0);
      else if (s?.ppid === this.#postmaster) ticks += s.ticks;
    }
    return (ticks * 1000) / TICKS_PER_SECOND;
  }

  /** The totals now: server CPU and the trackers' statements. */
  async totals(): Promise<ServerTotals> {
    const { rows } = await this.#client.query<{ calls: string; exec_ms: number; wal: string }>(
      `SELECT coalesce(sum(calls), 0) AS calls, coalesce(sum(total_exec_time), 0) AS exec_ms, coalesce(sum(wal_bytes), 0) AS wal
       FROM pg_stat_statements
       WHERE query NOT LIKE $1 AND query NOT LIKE '%pg_current_wal_lsn%' AND query NOT LIKE '%pg_stat_statements%' AND query NOT LIKE '%pg_backend_pid%'`,
      [`${BENCH_SQL}%`],
    );
    const r = rows[0];
    return { cpuMs: this.serverCpuMs(), calls: Number(r?.calls ?? 0), execMs: Number(r?.exec_ms ?? 0), walBytes: Number(r?.wal ?? 0) };
  }

  /** Runs a query of the bench's own (checks after the run). */
  async query<R extends pg.QueryResultRow>(sql: string): Promise<R[]> {
    return (await this.#client.query<R>(sql)).rows;
  }

  async close(): Promise<void> {
    await this.#client.end();
  }
}
