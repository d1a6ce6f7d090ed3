import type { TestProject } from 'vitest/node';
import { ensureTrackerTemplate } from '../../scripts/tracker-template.mjs';
import { ensurePGliteTemplate } from './pglite-template.js';
import { postgresBinaries, removeStalePostgres, startPostgres, type PostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL server the tracker tests share, or '' where there are no binaries. */
    postgresUrl: string;
    /** A fresh embedded tracker database to copy for each test. */
    pgliteTemplate: string;
  }
}

let server: PostgresServer | undefined;

/**
 * The tracker tests' databases: one throwaway PostgreSQL server for the whole
 * run (each test uses its own schema in it) and an embedded database to copy.
 */
export async function setup(project: TestProject): Promise<void> {
  // The template a new embedded database is unpacked from, as the build ships it (made once per PGlite version).
  await ensureTrackerTemplate();
  project.provide('pgliteTemplate', await ensurePGliteTemplate());
  if (!postgresBinaries()) {
    console.warn(
      '\n*** PostgreSQL binaries not found: the tracker tests on PostgreSQL are SKIPPED. ' +
        'Install them with `apt-get install postgresql` (CI does). ***\n',
    );
    project.provide('postgresUrl', '');
    return;
  }
  // A run killed outright (SIGKILL) left its server running: stop it before starting ours.
  removeStalePostgres();
  // A run stopped from outside (SIGTERM, Ctrl-C) gets no teardown: the server stops itself then.
  server = await startPostgres();
  project.provide('postgresUrl', server.url);
}

export function teardown(): void {
  server?.stop();
}
