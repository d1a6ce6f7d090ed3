// Every SQL statement of the tracker on PostgreSQL, in one table, for one
// schema: each concern's statements in its own file of statements/, joined
// here. Nothing else writes PostgreSQL's SQL, so the queries are read,
// reviewed and tuned in one place per concern.
import { quoteIdentifier } from '../db/quote-identifier.js';
import { namedTable } from '../db/named.js';
import { budgetStatements } from './statements/budget.js';
import { eventStatements } from './statements/events.js';
import { instanceStatements } from './statements/instances.js';
import { messageStatements } from './statements/messages.js';
import { notifierStatements } from './statements/notifiers.js';
import { peopleStatements } from './statements/people.js';
import { retentionStatements } from './statements/retention.js';
import { totalStatements } from './statements/totals.js';

/**
 * Every statement the tracker runs on PostgreSQL, for one schema: the SQL
 * lives in statements/ and nowhere else. Parameters are named (`:name`, as
 * on SQLite), turned into PostgreSQL's `$n` here, once (../db/named.ts);
 * JSON goes in as text cast to `jsonb`, ids come out as text.
 */
export function statements(schema: string) {
  const s = quoteIdentifier(schema);
  return namedTable({
    ...messageStatements(s),
    ...totalStatements(s),
    ...retentionStatements(s),
    ...peopleStatements(s),
    ...eventStatements(s),
    ...instanceStatements(s),
    ...notifierStatements(s),
    ...budgetStatements(s),
  });
}

/** The statements of one schema. */
export type Statements = ReturnType<typeof statements>;
