// A database outage shows in tracker.health() within seconds: a PostgreSQL
// server that crashed (connections refused) and one that went silent (every
// byte held, nothing refused: only the check's own timer ends the wait).
// Back again, the verdict is ok again. PostgreSQL only: the embedded engine
// lives in the tracker's own process.
import { afterEach, describe, expect, it } from 'vitest';
import { createTracker, type Tracker } from '../../../src/tracker/index.js';
import { hasPostgres, startFaultyPostgres, type FaultyPostgres } from '../../helpers/postgres-fault-server.js';
import { startBlackholeProxy, type BlackholeProxy } from '../../helpers/tcp-blackhole-proxy.js';
import { useSandbox } from '../../sandbox/support.js';
import { FAST, collectEvents, eventually } from '../support.js';

const env = useSandbox();
/** The check's own limit: far below any timeout of the driver, so the verdict cannot be the driver's. */
const CHECK_MS = 1_500;
/** What "within seconds" is held to: the check's limit and a busy machine's slack. */
const WITHIN_MS = 10_000;

let server: FaultyPostgres | undefined;
let proxy: BlackholeProxy | undefined;
let tracker: Tracker | undefined;
afterEach(async () => {
  proxy?.blackhole(false);
  await tracker?.close().catch(() => undefined);
  await proxy?.close();
  server?.destroy();
  [server, proxy, tracker] = [undefined, undefined, undefined];
});

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

describe.skipIf(!hasPostgres())('tracker.health() through a database outage', () => {
  it('PostgreSQL stopped: not ok, database unreachable, within seconds; restarted: ok again', async () => {
    server = await startFaultyPostgres();
    tracker = await createTracker({ client: env.client(), database: server.url, ...FAST });
    collectEvents(tracker);
    await tracker.start();
    expect((await tracker.health({ timeoutMs: CHECK_MS })).ok).toBe(true);
    await server.crash();
    const { value: down, ms } = await timed(() => tracker!.health({ timeoutMs: CHECK_MS }));
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(down.ok).toBe(false);
    expect(down.database).toMatchObject({ reachable: false, responseMs: null });
    expect(down.reasons[0]).toMatchObject({ code: 'database-unreachable', severity: 'failing' });
    expect(down.overduePolls).toBeNull();
    await server.restart();
    await eventually('ok again', async () => (await tracker!.health({ timeoutMs: CHECK_MS })).ok, 60_000);
  });

  it('PostgreSQL silent (blackholed): not ok when the check\'s own timer ends, not when the driver gives up; healed: ok again', async () => {
    server = await startFaultyPostgres();
    proxy = await startBlackholeProxy(server.port);
    tracker = await createTracker({ client: env.client(), database: server.url.replace(`:${server.port}/`, `:${proxy.port}/`), ...FAST });
    collectEvents(tracker);
    await tracker.start();
    expect((await tracker.health({ timeoutMs: CHECK_MS })).ok).toBe(true);
    proxy.blackhole(true);
    const { value: silent, ms } = await timed(() => tracker!.health({ timeoutMs: CHECK_MS }));
    expect(ms).toBeGreaterThanOrEqual(CHECK_MS - 50);
    expect(ms).toBeLessThan(WITHIN_MS);
    expect(silent.ok).toBe(false);
    expect(silent.database).toEqual({ reachable: false, responseMs: null, error: `no answer within ${CHECK_MS} ms` });
    proxy.blackhole(false);
    await eventually('ok again', async () => (await tracker!.health({ timeoutMs: CHECK_MS })).ok, 60_000);
  });
});
