// The baseline of the tracker-erasure scenario: the tracker's own store, but
// keeping a message's content as the tracker did before contents were sealed
// (in clear, in its jsonb column, nulled on erase, no key and nothing to clear
// from the files). Everything else is the same code, so the difference between
// the two sides is the seal's cost. Bench only: never a way to run a tracker.
import type { SqlDriver } from '../../src/tracker/db/driver.js';
import { bind } from '../../src/tracker/db/named.js';
import type { MessageState } from '../../src/tracker/model/message-state.js';
import { insertValues } from '../../src/tracker/store/rows.js';
import { statements, type Statements } from '../../src/tracker/store/sql.js';
import { TrackerStore } from '../../src/tracker/store/store.js';

export class ClearContentStore extends TrackerStore {
  readonly #db: SqlDriver;
  readonly #insert: Statements['insertMessage'];

  constructor(db: SqlDriver, schema: string) {
    super(db, schema);
    this.#db = db;
    this.#insert = statements(schema).insertMessage;
  }

  override readonly insert = async (state: MessageState, lease?: { owner: string; until: Date; ms: number }): Promise<false | { leaseUntil: Date | null }> => {
    // The parameters of a message without content (no key made, nothing sealed), then its content in clear.
    const values = { ...(await insertValues({ ...state, payload: null }, lease)), payload: state.payload === null ? null : JSON.stringify(state.payload) };
    const [row] = await this.#db.query<{ lease_until: Date | null }>(...bind(this.#insert, values));
    return row ? { leaseUntil: row.lease_until } : false;
  };

  override readonly shredKeys = (): Promise<string[]> => Promise.resolve([]);
}
