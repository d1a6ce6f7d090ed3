// The instances on SQLite: one process owns the ledger, so no heartbeat is kept.
// The SQLite store's concern (store.ts joins them).

/** The instances on SQLite: one process owns the ledger, so no heartbeat is kept. Internal. */
export class SqliteInstanceStore {
  /** Instances prove they are alive only on a shared PostgreSQL ledger: one process owns this one. */
  async heartbeat(_instanceId: string): Promise<void> {}

  async leave(_instanceId: string): Promise<void> {}
}
