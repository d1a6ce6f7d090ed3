// What the tracker says when its database fails: the driver's error turned
// into a DatabaseUnavailableError (or a ConfigurationError for a refused
// login) that names the driver's code but never its text, which may quote a
// statement's values (a message's content) or a connection string. Also
// kept, for the tracker alone: whether the failed statement may have run
// (the connection broke after it was sent), which decides what a failed
// insert of a send tells its caller.
import { CdmsError, ConfigurationError } from '../../core/errors/cdms-error.js';
import { DatabaseUnavailableError } from '../model/errors.js';

/**
 * When the call failed: before a statement was sent (`connect`: no
 * connection, so nothing ran), while a statement was under way over a network
 * (`statement`), or inside the process (`embedded`: the embedded engine
 * answers every statement, so a failure there is the statement's own).
 */
export type FailurePhase = 'connect' | 'statement' | 'embedded';

/** Errors whose statement may have run and committed: the connection broke before its answer came. */
const mayHaveRun = new WeakSet<DatabaseUnavailableError>();

/** Whether the statement behind a database failure may have run (its answer was lost). Internal. */
export function statementMayHaveRun(error: unknown): boolean {
  return error instanceof DatabaseUnavailableError && mayHaveRun.has(error);
}

/** The driver's own fixed texts that say nothing about the data, shown as they are. */
const DRIVER_TEXTS = [
  'Connection terminated unexpectedly',
  'Connection terminated due to connection timeout',
  'Connection terminated',
  'Query read timeout',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Cannot use a pool after calling end on the pool',
];

const SQLSTATE = /^[0-9A-Z]{5}$/;

/** What a few SQLSTATEs mean for the tracker, in a sentence. */
function sqlStateHint(code: string): string {
  if (code === '57014') return 'a statement took longer than the statement timeout';
  if (code === '55P03') return 'a lock was not granted within the lock timeout';
  if (code === '25P03') return 'a transaction stayed idle longer than the idle timeout';
  if (code.startsWith('57P')) return 'the server is shutting down, restarting or starting up';
  if (code.startsWith('08')) return 'the connection failed';
  if (code.startsWith('53')) return 'the server is out of a resource (connections, memory or disk)';
  if (code.startsWith('40')) return 'a transaction was rolled back by the server (a deadlock or a serialization failure)';
  return 'the server refused a statement';
}

/**
 * The error the tracker throws for a driver's failure. Nothing of the
 * driver's message is kept unless it is one of the driver's fixed texts;
 * the original error is not kept as the cause either, for the same reason.
 */
export function databaseFailure(error: unknown, phase: FailurePhase): CdmsError {
  if (error instanceof CdmsError) return error;
  const raw = error as { code?: unknown; message?: unknown } | null;
  const code = typeof raw?.code === 'string' && raw.code.length <= 32 && /^[A-Za-z0-9_]+$/.test(raw.code) ? raw.code : undefined;
  const message = typeof raw?.message === 'string' ? raw.message : '';
  const isServerAnswer = code !== undefined && SQLSTATE.test(code);
  if (isServerAnswer && (code.startsWith('28') || code === '3D000' || code === '42501')) {
    return new ConfigurationError(
      `The tracker's PostgreSQL server refused the login or the database (SQLSTATE ${code}): check the user, password, database name ` +
        'and privileges in the database URL or pool. The password is never shown.',
    );
  }
  let what: string;
  if (isServerAnswer) what = `${sqlStateHint(code)} (SQLSTATE ${code})`;
  else if (code !== undefined) what = phase === 'embedded' ? `its files could not be used (${code})` : `the connection failed (${code})`;
  else {
    const known = DRIVER_TEXTS.find((t) => message.startsWith(t));
    what = known ? `the driver said "${known}"` : `the database driver failed (${error instanceof Error ? error.name : typeof error}; details withheld)`;
  }
  const failure = new DatabaseUnavailableError(
    `The tracker's database could not be used: ${what}. The tracker retries its own work by itself once the database answers; ` +
      'a call that failed can be made again then.',
    { code },
  );
  // A statement sent over a connection that then broke may have committed before the answer was lost.
  if (phase === 'statement' && !isServerAnswer) mayHaveRun.add(failure);
  return failure;
}
