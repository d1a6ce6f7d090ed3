// tracker: the delivery tracker following 100,000 messages held by the
// sandbox (its own process), on the embedded store with one process, then on
// PostgreSQL with four processes sharing the database. Each ledger is filled
// through tracker.track() while the sandbox is filled with the same
// messages; then start time, memory, a full poll cycle (every message's
// first poll), a steady stretch after it, and the database work per poll.
// BENCH_TRACKER_MESSAGES=<n> runs it on fewer messages for a quick look.
import { startService } from '../lib/children.js';
import { fillSandbox } from '../lib/sandbox-fill.js';
import type { Row } from '../lib/table.js';
import { trackerBenchConfig } from '../lib/tracker-config.js';
import { EmbeddedRun } from '../lib/tracker-embedded.js';
import { PostgresRun } from '../lib/tracker-postgres.js';
import { trackerRows } from '../lib/tracker-rows.js';
import type { BenchContext } from './context.js';

export async function trackerScenario({ log }: BenchContext): Promise<Row[]> {
  const config = trackerBenchConfig();
  const sandbox = await startService<{ url: string; apiKey: string }>('sandbox');
  const embedded = new EmbeddedRun(config, sandbox.info, log);
  const postgres = new PostgresRun(config, sandbox.info, log);
  try {
    log(`tracker: filling the sandbox and both ledgers with ${config.messages} messages`);
    const [sandboxMs] = await Promise.all([fillSandbox(sandbox.info, config.seed, config.messages), embedded.fill(), postgres.fill()]);
    log(`tracker: sandbox filled in ${(sandboxMs / 1000).toFixed(1)} s; embedded run`);
    const embeddedResult = await embedded.measure();
    log('tracker: PostgreSQL run');
    const postgresResult = await postgres.measure();
    return [...trackerRows(embeddedResult), ...trackerRows(postgresResult)];
  } finally {
    embedded.cleanup();
    postgres.cleanup();
    await sandbox.stop();
  }
}
