// The instances' heartbeats (decision D-TRACKER-20).
// The PostgreSQL store's concern (store.ts joins them), over the
// statements of sql.ts.
import type { SqlDriver } from '../db/driver.js';
import { bind } from '../db/named.js';
import type { Statements } from './sql.js';

/** The instances' heartbeats (decision D-TRACKER-20). Internal. */
export class InstanceStore {
  readonly #db: SqlDriver;
  readonly #sql: Statements;

  constructor(db: SqlDriver, sql: Statements) {
    this.#db = db;
    this.#sql = sql;
  }

  /** Writes this instance's heartbeat (decision D-TRACKER-20). */
  async heartbeat(instanceId: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.heartbeat, { instance_id: instanceId }));
  }

  /** Removes this instance's heartbeat: it stopped cleanly. */
  async leave(instanceId: string): Promise<void> {
    await this.#db.query(...bind(this.#sql.leave, { instance_id: instanceId }));
  }
}
