import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CdmsClient, ConfigurationError } from '../../src/index.js';
import { createTracker } from '../../src/tracker/index.js';

const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:59', apiKey: 'tracker-options' });

describe('createTracker: the database option cannot quietly point somewhere else', () => {
  // Each of these used to create an embedded ledger in a folder named after the URL, password included.
  it.each(['postgress://sender:s3cret-pw@db.internal/sender', 'mysql://sender:s3cret-pw@db/sender', 'PG://x', 'Memory:'])(
    'refuses %s, naming the accepted forms and never the password, and creates nothing',
    async (database) => {
      const cwd = process.cwd();
      const dir = mkdtempSync(join(tmpdir(), 'cdms-dbopt-'));
      process.chdir(dir);
      try {
        const error = await createTracker({ client, database }).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ConfigurationError);
        expect((error as Error).message).toContain("postgres:// (or postgresql://) URL, 'memory:', or a directory path");
        expect((error as Error).message).not.toContain('s3cret-pw');
        expect(readdirSync(dir)).toEqual([]);
      } finally {
        process.chdir(cwd);
      }
    },
  );

  it('refuses database passed as undefined instead of falling back to the embedded default', async () => {
    const cwd = process.cwd();
    const dir = mkdtempSync(join(tmpdir(), 'cdms-dbopt-'));
    process.chdir(dir);
    try {
      // The type refuses it too (send-types-compile.test.ts); this is what plain JavaScript gets.
      // @ts-expect-error undefined is not a database
      const error = await createTracker({ client, database: undefined }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ConfigurationError);
      expect((error as Error).message).toContain('database was passed as undefined');
      expect(existsSync(join(dir, '.cdms'))).toBe(false);
    } finally {
      process.chdir(cwd);
    }
  });

  it('still takes a file:// path and memory:', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cdms-dbopt-'));
    const embedded = await createTracker({ client, database: `file://${join(dir, 'ledger')}` });
    await embedded.close();
    expect(existsSync(join(dir, 'ledger', 'ledger.sqlite'))).toBe(true);
    const memory = await createTracker({ client, database: 'memory:' });
    await memory.close();
  });
});
