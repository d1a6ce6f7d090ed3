// tracker-erasure: what erasure that holds on disk costs a tracked send. The
// same tracker sends the same messages (one PDF of 100 kB, then of 1 kB) to the local
// service, sealed (its content under a key of its own, the key destroyed on
// erase and the files cleared of it: D-TRACKER-24) against the tracker with
// its content in clear (bench/lib/clear-content-store.ts), on a fresh ledger
// each round, alternated. A round is `SENDS` sends one after another and the
// close that follows (where the last keys are cleared), so the clearing is
// paid for in the figure; opening the ledger is not timed.
//
// Unlike the other scenarios this one runs the tracker from the source, in
// the bench's own process: its baseline is a variant of the tracker's
// insides, which the built package does not expose. Both sides run the same
// code apart from that variant.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CdmsClient } from '../../src/index.js';
import { createTracker, type Tracker } from '../../src/tracker/index.js';
import { createTrackerOver } from '../../src/tracker/api/create-tracker.js';
import { startPostgres, type PostgresServer } from '../../test/setup/postgres-server.js';
import { ClearContentStore } from '../lib/clear-content-store.js';
import { largeMessage } from '../lib/fixtures.js';
import { alternate } from '../lib/measure.js';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

const SENDS = Number(process.env['BENCH_ERASURE_SENDS'] ?? 150);
const WARMUP_SENDS = 10;
/** A discharge letter (one 100 kB PDF), and a small message (one 1 kB PDF), where the fixed costs weigh most. */
const SIZES = [100_000, 1_000] as const;

/** Where a round's ledger lives. */
interface Engine {
  name: string;
  fresh(): { database: string; schema?: string; cleanup(): void };
}

/** A tracker that follows nothing during the round: polls are hours away. */
const QUIET = { pollIntervalMs: 6 * 3_600_000, maxPollsPerSecond: 1_000 };

async function round(engine: Engine, client: CdmsClient, sealed: boolean, message: ReturnType<typeof largeMessage>): Promise<number> {
  const where = engine.fresh();
  try {
    const options = { client, database: where.database, ...(where.schema ? { schema: where.schema } : {}), ...QUIET };
    const tracker: Tracker = sealed ? await createTracker(options) : await createTrackerOver(options, (db, schema) => new ClearContentStore(db, schema));
    for (let i = 0; i < WARMUP_SENDS; i++) await tracker.send('standard', { ...message, messageId: crypto.randomUUID() });
    const started = performance.now();
    for (let i = 0; i < SENDS; i++) {
      const { outcome } = await tracker.send('standard', { ...message, messageId: crypto.randomUUID() });
      if (outcome !== 'sent') throw new Error(`a bench send ended ${outcome}`);
    }
    await tracker.close();
    return (performance.now() - started) / SENDS;
  } finally {
    where.cleanup();
  }
}

export async function trackerErasureScenario({ serverUrl, log }: BenchContext): Promise<Row[]> {
  const client = new CdmsClient({ baseUrl: serverUrl, apiKey: 'bench-key', maxRetries: 0 });
  // One embedded ledger made once (initdb takes seconds), copied for each round.
  const template = mkdtempSync(join(tmpdir(), 'cdms-bench-erasure-'));
  await (await createTracker({ client, database: template })).close();
  rmSync(join(template, 'lock'), { recursive: true, force: true });
  let server: PostgresServer | undefined;
  const engines: Engine[] = [
    {
      name: 'embedded',
      fresh() {
        const dir = mkdtempSync(join(tmpdir(), 'cdms-bench-erasure-'));
        cpSync(template, dir, { recursive: true });
        return { database: dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  try {
    // A server with the settings the tracking guide asks for, durable as in production.
    server = await startPostgres({ settings: { fsync: 'on', wal_recycle: 'off' } });
    const url = server.url;
    engines.push({ name: 'PostgreSQL', fresh: () => ({ database: url, schema: `bench_${crypto.randomUUID().slice(0, 8)}`, cleanup: () => undefined }) });
  } catch (error) {
    log(`tracker-erasure: no PostgreSQL server (${error instanceof Error ? error.message : String(error)}); embedded only`);
  }
  const rows: Row[] = [];
  try {
    for (const engine of engines) {
      for (const size of SIZES) {
        const message = largeMessage(1, size);
        const label = `${size / 1000} kB PDF`;
        log(`tracker-erasure: ${engine.name}, ${label}, ${SENDS} sends a round`);
        const samples = await alternate({
          warmup: 1,
          reps: 5,
          probes: { sdk: () => round(engine, client, true, message), baseline: () => round(engine, client, false, message) },
        });
        rows.push(
          toRow({
            scenario: 'tracker-erasure',
            metric: `ms per tracked send (${engine.name}, ${label})`,
            unit: 'ms',
            target: { kind: 'report' },
            sdkSamples: samples.sdk,
            baselineSamples: samples.baseline,
            baselineName: 'the same tracker with the content in clear (nothing sealed, nothing to clear)',
            note: `one ${label} a message, ${SENDS} sends one after another then close(), which clears the last keys; fresh ledger each round`,
          }),
        );
      }
    }
  } finally {
    server?.stop();
    rmSync(template, { recursive: true, force: true });
  }
  return rows;
}
