import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CdmsClient } from '../../src/index.js';
import { createTracker } from '../../src/tracker/index.js';
import { MIGRATIONS } from '../../src/tracker/db/schema.js';

/**
 * An embedded tracker database made once and kept under node_modules/.cache:
 * PGlite's initdb takes seconds, a copy of its result a fraction of one, so
 * each test gets a fresh database copied from it.
 */
export async function ensurePGliteTemplate(): Promise<string> {
  const cache = join(process.cwd(), 'node_modules', '.cache', 'cdms-tracker');
  // Named by the schema's text, not only its version: two checkouts sharing
  // node_modules (git worktrees) with different migrations never share a template.
  const digest = createHash('sha256').update(JSON.stringify(MIGRATIONS)).digest('hex').slice(0, 12);
  const dir = join(cache, `template-v${MIGRATIONS.length}-${digest}`);
  if (existsSync(join(dir, 'pgdata', 'PG_VERSION'))) return dir;
  mkdirSync(cache, { recursive: true });
  const building = `${dir}.${process.pid}`;
  rmSync(building, { recursive: true, force: true });
  const client = new CdmsClient({ baseUrl: 'http://127.0.0.1:59', apiKey: 'template' });
  const tracker = await createTracker({ client, database: building });
  await tracker.close();
  // Each copy starts unlocked, as a ledger no process has opened yet.
  rmSync(join(building, 'lock'), { recursive: true, force: true });
  try {
    renameSync(building, dir);
  } catch {
    rmSync(building, { recursive: true, force: true }); // another run made it first
  }
  return dir;
}
