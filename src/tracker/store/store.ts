// The store: typed operations on the tracker's ledger on PostgreSQL, one
// concern per file (messages and leases, instances, events, people's actions
// and the audit, counts, retention, the request budget, the notifiers),
// joined here into the one object the rest of the tracker calls instead of
// writing SQL. Each concern's statements are in statements/ (sql.ts).
import type { SqlDriver } from '../db/driver.js';
import { statements } from './sql.js';
import { NotifierStore } from './notifier-store.js';
import { PgAuditChain } from './audit-chain-pg.js';
import { MessageStore } from './message-store.js';
import { InstanceStore } from './instance-store.js';
import { EventStore } from './event-store.js';
import { PeopleStore } from './people-store.js';
import { TotalsStore } from './totals-store.js';
import { RetentionStore } from './retention-store.js';
import { BudgetStore } from './budget-store.js';

export type { ClaimedWork, ListFilter } from './message-store.js';
export type { ActionResult, AuditFilter, PersonAct, ReplacingAction } from './people-store.js';
export type { FailingNotifier, HealthTotals, StageCount, Totals } from './totals-store.js';
export type { Purged } from './retention-store.js';

/**
 * The tracker's ledger: typed operations over the SQL of `sql.ts`, one
 * concern per part. A transition's row, history and events are written in
 * one transaction. Internal.
 */
export class TrackerStore {
  /** Told when a content's key was destroyed, so the files are cleared of it soon (see `shredKeys`). */
  keysDestroyed: () => void = () => undefined;
  /** The notifiers' places in the attention events. */
  readonly notifiers: NotifierStore;
  readonly #messages: MessageStore;
  readonly #instances: InstanceStore;
  readonly #events: EventStore;
  readonly #people: PeopleStore;
  readonly #totals: TotalsStore;
  readonly #retention: RetentionStore;
  readonly #budget: BudgetStore;
  readonly #chain: PgAuditChain;

  constructor(db: SqlDriver, schema: string) {
    const sql = statements(schema);
    this.notifiers = new NotifierStore(db, sql);
    this.#messages = new MessageStore(db, sql, () => this.keysDestroyed());
    this.#instances = new InstanceStore(db, sql);
    this.#events = new EventStore(db, sql);
    this.#people = new PeopleStore(db, sql);
    this.#totals = new TotalsStore(db, sql);
    this.#retention = new RetentionStore(db, sql);
    this.#budget = new BudgetStore(db, sql);
    this.#chain = new PgAuditChain(db, schema);
  }

  // Messages and their leases (message-store.ts).
  readonly insert: MessageStore['insert'] = (...a) => this.#messages.insert(...a);
  readonly renewLease: MessageStore['renewLease'] = (...a) => this.#messages.renewLease(...a);
  readonly deleteUnsent: MessageStore['deleteUnsent'] = (...a) => this.#messages.deleteUnsent(...a);
  readonly save: MessageStore['save'] = (...a) => this.#messages.save(...a);
  readonly claimDue: MessageStore['claimDue'] = (...a) => this.#messages.claimDue(...a);
  readonly claimOne: MessageStore['claimOne'] = (...a) => this.#messages.claimOne(...a);
  readonly release: MessageStore['release'] = (...a) => this.#messages.release(...a);
  readonly releaseAll: MessageStore['releaseAll'] = (...a) => this.#messages.releaseAll(...a);
  readonly releaseEveryLease: MessageStore['releaseEveryLease'] = (...a) => this.#messages.releaseEveryLease(...a);
  readonly nextDue: MessageStore['nextDue'] = (...a) => this.#messages.nextDue(...a);
  readonly get: MessageStore['get'] = (...a) => this.#messages.get(...a);
  readonly history: MessageStore['history'] = (...a) => this.#messages.history(...a);
  readonly list: MessageStore['list'] = (...a) => this.#messages.list(...a);

  // Instances (instance-store.ts).
  readonly heartbeat: InstanceStore['heartbeat'] = (...a) => this.#instances.heartbeat(...a);
  readonly leave: InstanceStore['leave'] = (...a) => this.#instances.leave(...a);

  // Events (event-store.ts).
  readonly claimEvents: EventStore['claimEvents'] = (...a) => this.#events.claimEvents(...a);
  readonly eventHandled: EventStore['eventHandled'] = (...a) => this.#events.eventHandled(...a);
  readonly eventFailed: EventStore['eventFailed'] = (...a) => this.#events.eventFailed(...a);
  readonly nextEventDue: EventStore['nextEventDue'] = (...a) => this.#events.nextEventDue(...a);

  // People's actions and the audit (people-store.ts).
  readonly acknowledge: PeopleStore['acknowledge'] = (...a) => this.#people.acknowledge(...a);
  readonly assign: PeopleStore['assign'] = (...a) => this.#people.assign(...a);
  readonly insertReplacing: PeopleStore['insertReplacing'] = (...a) => this.#people.insertReplacing(...a);
  readonly completeReplacement: PeopleStore['completeReplacement'] = (...a) => this.#people.completeReplacement(...a);
  readonly dropReplacement: PeopleStore['dropReplacement'] = (...a) => this.#people.dropReplacement(...a);
  readonly insertAudit: PeopleStore['insertAudit'] = (...a) => this.#people.insertAudit(...a);
  readonly audit: PeopleStore['audit'] = (...a) => this.#people.audit(...a);
  readonly lastDone: PeopleStore['lastDone'] = (...a) => this.#people.lastDone(...a);

  // Counts for the stats and the health check (totals-store.ts).
  readonly counts: TotalsStore['counts'] = (...a) => this.#totals.counts(...a);
  readonly totals: TotalsStore['totals'] = (...a) => this.#totals.totals(...a);
  readonly oldestUnresolved: TotalsStore['oldestUnresolved'] = (...a) => this.#totals.oldestUnresolved(...a);
  readonly healthTotals: TotalsStore['healthTotals'] = (...a) => this.#totals.healthTotals(...a);

  // Retention and key shredding (retention-store.ts).
  readonly purgeSettled: RetentionStore['purgeSettled'] = (...a) => this.#retention.purgeSettled(...a);
  // The audit's hash chain (audit-chain-pg.ts): its entries in place order after `afterSeq` up to `upTo`, and its head.
  readonly auditChain: PgAuditChain['rows'] = (...a) => this.#chain.rows(...a);
  readonly auditChainHead: PgAuditChain['head'] = (...a) => this.#chain.head(...a);
  readonly vacuum: RetentionStore['vacuum'] = (...a) => this.#retention.vacuum(...a);
  readonly removedAt: RetentionStore['removedAt'] = (...a) => this.#retention.removedAt(...a);
  readonly shredKeys: RetentionStore['shredKeys'] = (...a) => this.#retention.shredKeys(...a);

  // The request budget (budget-store.ts).
  readonly reserveSlots: BudgetStore['reserveSlots'] = (...a) => this.#budget.reserveSlots(...a);
}
