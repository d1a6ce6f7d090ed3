// Options that contradict each other are refused with the reason, before a
// database is opened: a message followed for less than the lead time of the
// poll after its expiry was settled `unresolved` at its first poll, its
// EXPIRED never learnt.
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CdmsClient, ConfigurationError } from '../../src/index.js';
import { createTracker } from '../../src/tracker/index.js';

const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:59', apiKey: 'tracker-options' });

describe('createTracker: followForMs and beforeExpiryMs', () => {
  it('refuses followForMs shorter than beforeExpiryMs, saying why and what to do, and opens nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-schedopt-'));
    const error = await createTracker({ client, database: join(dir, 'ledger'), beforeExpiryMs: 30_000, followForMs: 10_000 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConfigurationError);
    expect((error as Error).message).toContain('followForMs (10000) is shorter than beforeExpiryMs (30000)');
    expect((error as Error).message).toContain('Make followForMs at least beforeExpiryMs');
    expect(readdirSync(dir)).toEqual([]);
  });

  it('takes followForMs equal to beforeExpiryMs', async () => {
    const tracker = await createTracker({ client, database: 'memory:', beforeExpiryMs: 30_000, followForMs: 30_000 });
    await tracker.close();
  });
});
