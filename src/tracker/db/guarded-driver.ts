// Any engine's failures said in the tracker's terms: a driver whose errors
// are not already the SDK's (the embedded engine's, which runs in-process)
// is wrapped so that nothing but a CdmsError leaves the database layer
// (decision D-TRACKER-18). The PostgreSQL driver does this itself, because
// it alone knows whether a statement reached the server.
import { CdmsError } from '../../core/errors/cdms-error.js';
import { databaseFailure } from './database-failure.js';
import type { SqlDriver, SqlExecutor } from './driver.js';

function guard<T>(work: () => Promise<T>): Promise<T> {
  return work().catch((error: unknown) => {
    throw error instanceof CdmsError ? error : databaseFailure(error, 'embedded');
  });
}

function guardedExecutor(tx: SqlExecutor): SqlExecutor {
  return { query: (sql, params) => guard(() => tx.query(sql, params)) };
}

/** The driver with every failure a CdmsError (a DatabaseUnavailableError for the engine's own). */
export function guardedDriver(driver: SqlDriver): SqlDriver {
  return {
    query: (sql, params) => guard(() => driver.query(sql, params)),
    transaction: (work) => guard(() => driver.transaction((tx) => work(guardedExecutor(tx)))),
    close: () => guard(() => driver.close()),
    // What the engine says of itself passes through: whether it is this process's alone.
    ...(driver.soleUser === undefined ? {} : { soleUser: driver.soleUser }),
  };
}
