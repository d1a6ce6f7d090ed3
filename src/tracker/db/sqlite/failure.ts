// SQLite's failures in the tracker's terms: a DatabaseUnavailableError named
// by SQLite's result code (never its message, which may quote a value), and
// a ConfigurationError for what only the operator can fix (a read-only
// directory or file). A full disk is a DatabaseUnavailableError: the write
// fails, the process and its timers go on, and the next write after space
// returns succeeds.
import { CdmsError, ConfigurationError } from '../../../core/errors/cdms-error.js';
import { DatabaseUnavailableError } from '../../model/errors.js';

/** SQLite's primary result codes the tracker names, with what each means. */
const RESULTS: Record<number, [name: string, meaning: string]> = {
  5: ['SQLITE_BUSY', 'another connection held the database for too long'],
  6: ['SQLITE_LOCKED', 'the database was locked'],
  7: ['SQLITE_NOMEM', 'SQLite ran out of memory'],
  8: ['SQLITE_READONLY', 'the database cannot be written'],
  10: ['SQLITE_IOERR', 'reading or writing its files failed'],
  11: ['SQLITE_CORRUPT', 'its file is damaged'],
  13: ['SQLITE_FULL', 'the disk is full; the tracker cannot write until space is freed'],
  14: ['SQLITE_CANTOPEN', 'its files could not be opened'],
  26: ['SQLITE_NOTADB', 'its file is not a SQLite database'],
};

/** File-system codes that say the ledger's place cannot be written, whoever retries. */
const NOT_WRITABLE = new Set(['EACCES', 'EPERM', 'EROFS']);

/** SQLite's primary result code of a `node:sqlite` error, if it is one. */
export function sqliteResult(error: unknown): number | undefined {
  const code = (error as { errcode?: unknown } | null)?.errcode;
  return typeof code === 'number' ? code & 0xff : undefined;
}

/** The ConfigurationError for a ledger directory or file this process may not write. */
export function notWritable(where: string): ConfigurationError {
  return new ConfigurationError(
    `The tracker database ${where} is read-only to this process (a read-only directory, file or file system): ` +
      'give the tracker a directory it may write, owned by the user the app runs as.',
  );
}

/** A `node:sqlite` (or file-system) failure as the tracker's error; `opening` when it came while opening `where`. */
export function sqliteFailure(error: unknown, opening?: { where: string }): CdmsError {
  if (error instanceof CdmsError) return error;
  const result = sqliteResult(error);
  const fsCode = (error as { code?: unknown } | null)?.code;
  if (opening && (result === 8 || (typeof fsCode === 'string' && NOT_WRITABLE.has(fsCode)))) return notWritable(opening.where);
  const [name, meaning] = result === undefined ? [typeof fsCode === 'string' ? fsCode : 'unknown', 'its files could not be used'] : (RESULTS[result] ?? [`SQLITE_${result}`, 'SQLite refused a statement']);
  return new DatabaseUnavailableError(
    `The tracker's database could not be used: ${meaning} (${name}). The tracker retries its own work by itself once the database answers; ` +
      'a call that failed can be made again then.',
    { code: name },
  );
}
