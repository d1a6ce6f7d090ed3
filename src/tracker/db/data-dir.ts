// Where an embedded database keeps PostgreSQL's own files inside the ledger
// directory (beside the lock), in one place for the engine and its readers.
import { join } from 'node:path';

/** The data directory inside an embedded database's directory. */
export const dataDirOf = (directory: string): string => join(directory, 'pgdata');
