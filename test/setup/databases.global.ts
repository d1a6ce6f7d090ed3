import type { TestProject } from 'vitest/node';
import { postgresBinaries, removeStalePostgres, startPostgres, type PostgresServer } from './postgres-server.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** URL of the PostgreSQL server the tracker tests share, or '' where there are no binaries. */
    postgresUrl: string;
  }
}

let server: PostgresServer | undefined;

/**
 * The tracker tests' databases: one throwaway PostgreSQL server for the whole
 * run (each test uses its own schema in it); the embedded ledger needs nothing made beforehand.
 */
export async function setup(project: TestProject): Promise<void> {
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
