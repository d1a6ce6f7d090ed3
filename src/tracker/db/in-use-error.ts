// The error a second process gets for an embedded ledger another process
// owns, whichever lock found it, with the holder kept apart for tools.
import { ConfigurationError } from '../../core/errors/cdms-error.js';

/** The process holding an embedded database's lock. */
export interface Holder {
  /** Its process id (in its own PID namespace); 0 when its record cannot be read. */
  pid: number;
  /** The host it runs on; 'unknown' when its record cannot be read. */
  host: string;
}

/**
 * Thrown when another live process holds the embedded database. A
 * ConfigurationError, with the holder kept apart so that a tool (the `cdms`
 * command) can say it in its own terms. Internal.
 */
export class DatabaseInUseError extends ConfigurationError {
  /** The process holding the database. */
  readonly holder: Holder;

  /** @param holder - The process holding the lock. */
  constructor(holder: Holder) {
    super(
      `The tracker database is in use by process ${holder.pid} on ${holder.host}. The embedded database serves one ` +
        'process; to run several instances, give them one PostgreSQL database (database: "postgres://...").',
    );
    this.holder = holder;
  }
}
