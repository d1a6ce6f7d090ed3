// The tracker's database gone silent: a loopback TCP proxy in front of its
// PostgreSQL server holds every byte (neither refusing nor closing), as a
// dropped network or a frozen server would. Every call fails within a bounded
// time as a DatabaseUnavailableError, close() returns, and when the silence
// ends the background work resumes with nothing lost. Also: createTracker
// against a wrong password, a closed port or a silent server fails with a
// typed error that never shows the password.
import { describe, expect, it } from 'vitest';
import { CdmsClient, CdmsError, ConfigurationError } from '../../../src/index.js';
import { createTracker, DatabaseUnavailableError, type Tracker } from '../../../src/tracker/index.js';
import { standardMessage } from '../../contract/support.js';
import { hasPostgres } from '../../helpers/postgres-fault-server.js';
import { timed, useSilentPostgres } from '../../helpers/silent-postgres.js';
import { FAST, eventually, freshSchema } from '../support.js';

const PASSWORD = 'blackhole-s3cret-pw';
const silent = useSilentPostgres({ password: PASSWORD, seed: 5 });

/** The server's URL through the proxy, with timeouts of a second or two. */
const throughProxy = (): string => silent.throughProxy('statement_timeout=1000&query_timeout=1500&connect_timeout=1');
/** The longest any one call may take while the database is silent. */
const BOUND_MS = 6_000;

const client = (): CdmsClient => new CdmsClient({ baseUrl: silent.sandbox.url, apiKey: silent.sandbox.apiKey, timeoutMs: 5_000 });

describe.skipIf(!hasPostgres())('the tracker when its database goes silent (a blackhole)', () => {
  it('send, get and stats fail within a bounded time as DatabaseUnavailableError; then the loops resume, nothing lost', async () => {
    // A short lease: a send whose insert the silence held is written late, and settled once its lease ends.
    const tracker = await createTracker({ client: client(), database: throughProxy(), schema: freshSchema(), ...FAST, leaseMs: 3_000 });
    try {
      await tracker.start();
      const before = await Promise.all(Array.from({ length: 3 }, () => tracker.send('standard', standardMessage())));
      expect(before.map((r) => r.outcome)).toEqual(['sent', 'sent', 'sent']);
      const polled = async (): Promise<number> => (await Promise.all(before.map((r) => tracker.get(r.messageId)))).reduce((n, m) => n + (m?.polls ?? 0), 0);
      silent.proxy.blackhole(true);
      const calls = await Promise.all([
        timed(() => tracker.send('standard', standardMessage())),
        timed(() => tracker.get(before[0]!.messageId)),
        timed(() => tracker.stats()),
        timed(() => tracker.list()),
      ]);
      for (const { ms, error } of calls) {
        expect(error).toBeInstanceOf(DatabaseUnavailableError);
        expect(ms).toBeLessThan(BOUND_MS);
      }
      const sendError = calls[0].error as DatabaseUnavailableError;
      expect(sendError.delivery).toMatch(/^(not-sent|unknown)$/);
      expect(sendError.messageId).toMatch(/^[0-9a-f-]{36}$/);
      expect(sendError.message).not.toContain(PASSWORD);
      // Silent for a while longer, then back: the background work picks up again by itself.
      await new Promise((r) => setTimeout(r, 1_500));
      silent.proxy.blackhole(false);
      const pollsAtLift = await polled();
      await eventually('polls after the silence', async () => (await polled()) > pollsAtLift, 30_000);
      const after = await tracker.send('standard', standardMessage());
      expect(after.outcome).toBe('sent');
      // Nothing lost: every message sent before is still followed, each held by the service once.
      for (const { messageId } of [...before, after]) {
        expect((await tracker.get(messageId))?.stage).toBe('following');
        expect(silent.sandbox.stats().sends[messageId]).toMatchObject({ accepted: 1 });
      }
      // A send the silence cut short: either never recorded and never sent, or recorded and settled.
      const cut = sendError.messageId!;
      const kept = await tracker.get(cut);
      if (sendError.delivery === 'not-sent') expect(kept).toBeUndefined();
      if (kept) await eventually('the cut send settled', async () => (await tracker.get(cut))?.stage === 'following', 30_000);
      expect(silent.sandbox.stats().sends[cut]?.accepted ?? 0).toBeLessThanOrEqual(1);
    } finally {
      silent.proxy.blackhole(false);
      await tracker.close();
    }
  });

  it('close() returns within a bounded time while the database is silent', async () => {
    const tracker: Tracker = await createTracker({ client: client(), database: throughProxy(), schema: freshSchema(), ...FAST });
    await tracker.start();
    await tracker.send('standard', standardMessage());
    silent.proxy.blackhole(true);
    try {
      const stats = timed(() => tracker.stats());
      const { ms, error } = await timed(() => tracker.close());
      expect(error).toBeUndefined();
      expect(ms).toBeLessThan(2 * BOUND_MS);
      expect((await stats).error).toBeInstanceOf(CdmsError);
    } finally {
      silent.proxy.blackhole(false);
    }
  });

  it('createTracker: a wrong password, a closed port, a silent server: typed errors, bounded, never the password', async () => {
    const wrong = silent.server.url.replace(encodeURIComponent(PASSWORD), 'not-the-password');
    const refused = await timed(() => createTracker({ client: client(), database: wrong, schema: freshSchema() }));
    expect(refused.error).toBeInstanceOf(ConfigurationError);
    expect((refused.error as Error).message).toMatch(/refused the login.*SQLSTATE 28P01/);
    const closed = await timed(() => createTracker({ client: client(), database: silent.server.url.replace(`:${silent.server.port}/`, ':9/'), schema: freshSchema() }));
    expect(closed.error).toBeInstanceOf(DatabaseUnavailableError);
    expect((closed.error as DatabaseUnavailableError).code).toBe('ECONNREFUSED');
    silent.proxy.blackhole(true);
    try {
      const silent = await timed(() => createTracker({ client: client(), database: throughProxy(), schema: freshSchema() }));
      expect(silent.error).toBeInstanceOf(DatabaseUnavailableError);
      expect(silent.ms).toBeLessThan(BOUND_MS);
    } finally {
      silent.proxy.blackhole(false);
    }
    for (const { error } of [refused, closed]) {
      expect((error as Error).message).not.toContain(PASSWORD);
      expect((error as Error).message).not.toContain('not-the-password');
      expect(JSON.stringify(error)).not.toContain(PASSWORD);
    }
  });
});
