// The tracker's PostgreSQL database gone silent under the DEFAULT limits (a
// URL without timeouts of its own): health() answers within its own limit,
// close() within a few seconds, and any other call fails within the bound a
// step is given under the defaults (15 s). They used to hold for the whole
// outage, up to 35 s (a 30 s statement limit and 5 s more).
import { describe, expect, it } from 'vitest';
import { CdmsClient } from '../../../src/index.js';
import { DATABASE_STEP_BOUND_MS } from '../../../src/tracker/db/postgres.js';
import { CLOSE_WITHIN_MS } from '../../../src/tracker/runtime/close-within.js';
import { createTracker, DatabaseUnavailableError } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { hasPostgres } from '../../helpers/postgres-fault-server.js';
import { timed, useSilentPostgres } from '../../helpers/silent-postgres.js';
import { FAST, freshSchema } from '../support.js';

const silent = useSilentPostgres({ password: 'defaults-pw', seed: 9 });

/** What a busy shared machine adds to a timer: the bounds themselves are the promise. */
const SLACK_MS = 2_000;

describe.skipIf(!hasPostgres())('a silent PostgreSQL under the default limits', () => {
  it('health() within its limit, a call within the stated bound (15 s at most), close() within a few seconds', { timeout: 120_000 }, async () => {
    expect(DATABASE_STEP_BOUND_MS).toBeLessThanOrEqual(15_000);
    const database = silent.throughProxy();
    const client = new CdmsClient({ baseUrl: silent.sandbox.url, apiKey: silent.sandbox.apiKey, timeoutMs: 5_000 });
    const tracker = await createTracker({ client, database, schema: freshSchema(), ...FAST });
    try {
      await tracker.start();
      await tracker.send('standard', standardMessage());
      silent.proxy.blackhole(true);
      const [health, stats, get] = await Promise.all([
        timed(async () => {
          const h = await tracker.health();
          expect(h.ok).toBe(false);
          expect(h.reasons.map((r) => r.code)).toContain('database-unreachable');
        }),
        timed(() => tracker.stats()),
        timed(() => tracker.list()),
      ]);
      expect(health.error).toBeUndefined();
      expect(health.ms).toBeLessThan(3_000 + SLACK_MS);
      for (const call of [stats, get]) {
        expect(call.error).toBeInstanceOf(DatabaseUnavailableError);
        expect(call.ms).toBeLessThan(DATABASE_STEP_BOUND_MS + SLACK_MS);
      }
      const closed = await timed(() => tracker.close());
      expect(closed.error).toBeUndefined();
      expect(closed.ms).toBeLessThan(CLOSE_WITHIN_MS + SLACK_MS);
    } finally {
      silent.proxy.blackhole(false);
      await tracker.close();
    }
  });
});
