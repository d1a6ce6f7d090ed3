// A process that starts the test suite's PostgreSQL server as the global
// setup does, prints where it is, and waits to be killed. Run by postgres-server.test.ts.
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { startPostgres } from './postgres-server.js';

const server = await startPostgres();
const postmaster = Number(readFileSync(join(server.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
process.stdout.write(`${JSON.stringify({ dir: dirname(server.dataDir), postmaster })}\n`);
setInterval(() => undefined, 60_000);
