// The tracker's ledger on SQLite: the same operations as the PostgreSQL
// store (store.ts one folder up), one concern per file as there, joined
// here, over the statements of sql.ts here. What PostgreSQL writes in one
// statement is written here in one transaction. The calls are async for the
// tracker's sake, but each runs to its end without yielding, so the ledger
// one process owns needs no row locks. The writes a caller relies on once
// its call returns then wait for the log to reach the disk
// (connection.durable(), D-TRACKER-39).
import type { SqliteDatabase } from '../../db/sqlite/load.js';
import type { LedgerStore } from '../ledger-store.js';
import { SqliteConnection } from './connection.js';
import { SqliteNotifierStore } from './notifier-store.js';
import { SqliteMessageStore } from './message-store.js';
import { SqliteInstanceStore } from './instance-store.js';
import { SqliteEventStore } from './event-store.js';
import { SqlitePeopleStore } from './people-store.js';
import { SqliteTotalsStore } from './totals-store.js';
import { SqliteRetentionStore } from './retention-store.js';
import { SqliteBudgetStore } from './budget-store.js';
import { chainHead, chainRows } from './audit-chain.js';
import { PieceSweeper } from './sealed-pieces.js';
import type { ChainHead, ChainRow } from '../audit-chain.js';

/** The SQLite ledger. Internal. */
export class SqliteStore implements LedgerStore {
  readonly #c: SqliteConnection;
  keysDestroyed: () => void = () => undefined;
  readonly notifiers: SqliteNotifierStore;
  readonly #messages: SqliteMessageStore;
  readonly #instances: SqliteInstanceStore;
  readonly #events: SqliteEventStore;
  readonly #people: SqlitePeopleStore;
  readonly #totals: SqliteTotalsStore;
  readonly #retention: SqliteRetentionStore;
  readonly #budget: SqliteBudgetStore;
  readonly #sweeper: PieceSweeper;

  constructor(db: SqliteDatabase) {
    this.#c = new SqliteConnection(db);
    this.notifiers = new SqliteNotifierStore(this.#c);
    const writing = new Set<string>();
    this.#sweeper = new PieceSweeper(this.#c, writing);
    this.#messages = new SqliteMessageStore(this.#c, () => this.keysDestroyed(), { writing, sweeper: this.#sweeper });
    this.#instances = new SqliteInstanceStore();
    this.#events = new SqliteEventStore(this.#c);
    this.#people = new SqlitePeopleStore(this.#c, () => this.keysDestroyed(), (...a) => this.#messages.sealedInsert(...a));
    this.#totals = new SqliteTotalsStore(this.#c);
    this.#retention = new SqliteRetentionStore(this.#c, db);
    this.#budget = new SqliteBudgetStore(this.#c);
  }

  // Messages and their leases (message-store.ts).
  readonly insert: SqliteMessageStore['insert'] = (...a) => this.#messages.insert(...a);
  readonly renewLease: SqliteMessageStore['renewLease'] = (...a) => this.#messages.renewLease(...a);
  readonly deleteUnsent: SqliteMessageStore['deleteUnsent'] = (...a) => this.#messages.deleteUnsent(...a);
  readonly save: SqliteMessageStore['save'] = (...a) => this.#messages.save(...a);
  readonly claimDue: SqliteMessageStore['claimDue'] = (...a) => this.#messages.claimDue(...a);
  readonly claimOne: SqliteMessageStore['claimOne'] = (...a) => this.#messages.claimOne(...a);
  readonly release: SqliteMessageStore['release'] = (...a) => this.#messages.release(...a);
  readonly releaseAll: SqliteMessageStore['releaseAll'] = (...a) => this.#messages.releaseAll(...a);
  readonly releaseEveryLease: SqliteMessageStore['releaseEveryLease'] = (...a) => this.#messages.releaseEveryLease(...a);
  readonly nextDue: SqliteMessageStore['nextDue'] = (...a) => this.#messages.nextDue(...a);
  readonly get: SqliteMessageStore['get'] = (...a) => this.#messages.get(...a);
  readonly history: SqliteMessageStore['history'] = (...a) => this.#messages.history(...a);
  readonly list: SqliteMessageStore['list'] = (...a) => this.#messages.list(...a);

  // Instances (instance-store.ts).
  readonly heartbeat: SqliteInstanceStore['heartbeat'] = (...a) => this.#instances.heartbeat(...a);
  readonly leave: SqliteInstanceStore['leave'] = (...a) => this.#instances.leave(...a);

  // Events (event-store.ts).
  readonly claimEvents: SqliteEventStore['claimEvents'] = (...a) => this.#events.claimEvents(...a);
  readonly eventHandled: SqliteEventStore['eventHandled'] = (...a) => this.#events.eventHandled(...a);
  readonly eventFailed: SqliteEventStore['eventFailed'] = (...a) => this.#events.eventFailed(...a);
  readonly nextEventDue: SqliteEventStore['nextEventDue'] = (...a) => this.#events.nextEventDue(...a);

  // People's actions and the audit (people-store.ts).
  readonly acknowledge: SqlitePeopleStore['acknowledge'] = (...a) => this.#people.acknowledge(...a);
  readonly assign: SqlitePeopleStore['assign'] = (...a) => this.#people.assign(...a);
  readonly insertReplacing: SqlitePeopleStore['insertReplacing'] = (...a) => this.#people.insertReplacing(...a);
  readonly completeReplacement: SqlitePeopleStore['completeReplacement'] = (...a) => this.#people.completeReplacement(...a);
  readonly dropReplacement: SqlitePeopleStore['dropReplacement'] = (...a) => this.#people.dropReplacement(...a);
  readonly insertAudit: SqlitePeopleStore['insertAudit'] = (...a) => this.#people.insertAudit(...a);
  readonly audit: SqlitePeopleStore['audit'] = (...a) => this.#people.audit(...a);
  readonly lastDone: SqlitePeopleStore['lastDone'] = (...a) => this.#people.lastDone(...a);

  // Counts for the stats and the health check (totals-store.ts).
  readonly counts: SqliteTotalsStore['counts'] = (...a) => this.#totals.counts(...a);
  readonly totals: SqliteTotalsStore['totals'] = (...a) => this.#totals.totals(...a);
  readonly oldestUnresolved: SqliteTotalsStore['oldestUnresolved'] = (...a) => this.#totals.oldestUnresolved(...a);
  readonly writeFault: SqliteTotalsStore['writeFault'] = (...a) => this.#totals.writeFault(...a);
  readonly healthTotals: SqliteTotalsStore['healthTotals'] = (...a) => this.#totals.healthTotals(...a);

  // Retention and key shredding (retention-store.ts).
  readonly purgeSettled: SqliteRetentionStore['purgeSettled'] = (...a) => this.#retention.purgeSettled(...a);
  // The audit's hash chain (audit-chain.ts): its entries in place order after `afterSeq` up to `upTo`, and its head.
  readonly auditChain = (afterSeq: number, upTo: number, limit: number): Promise<ChainRow[]> => Promise.resolve().then(() => chainRows(this.#c, afterSeq, upTo, limit));
  readonly auditChainHead = (): Promise<ChainHead> => Promise.resolve().then(() => chainHead(this.#c));
  readonly vacuum: SqliteRetentionStore['vacuum'] = (...a) => this.#retention.vacuum(...a);
  readonly removedAt: SqliteRetentionStore['removedAt'] = (...a) => this.#retention.removedAt(...a);
  /** After an erase and at the start: the pieces of contents no row names are dropped first (sealed-pieces.ts), then the log is cleared of destroyed keys. */
  readonly shredKeys: SqliteRetentionStore['shredKeys'] = async (...a) => {
    await this.#sweeper.sweep();
    return this.#retention.shredKeys(...a);
  };

  // The request budget (budget-store.ts).
  readonly reserveSlots: SqliteBudgetStore['reserveSlots'] = (...a) => this.#budget.reserveSlots(...a);
}
