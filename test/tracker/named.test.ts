// Named parameters for the ledger's statements (src/tracker/db/named.ts):
// `:name` to PostgreSQL's `$n` or SQLite's `?` once, casts, literals, quoted
// identifiers and comments left as they are, and the values of a call taken
// by name (SQLite's through the connection, by position).
import { describe, expect, expectTypeOf, it } from 'vitest';
import { bind, bindValues, named, namedTable, positional, type ParamNames } from '../../src/tracker/db/named.js';
import { loadSqlite } from '../../src/tracker/db/sqlite/load.js';
import { SqliteConnection } from '../../src/tracker/store/sqlite/connection.js';
import { statements, type Statements } from '../../src/tracker/store/sql.js';
import { SQLITE } from './support.js';

describe('named', () => {
  it('numbers each name in the order it first appears', () => {
    const s = named(`UPDATE m SET lease_owner = :owner, lease_until = :until WHERE message_id = :id`);
    expect(s.text).toBe('UPDATE m SET lease_owner = $1, lease_until = $2 WHERE message_id = $3');
    expect(s.names).toEqual(['owner', 'until', 'id']);
  });

  it('gives a name used twice one $n', () => {
    const s = named(`SELECT 1 WHERE (:status::text IS NULL OR status = :status) AND route = :route AND :status <> ''`);
    expect(s.text).toBe(`SELECT 1 WHERE ($1::text IS NULL OR status = $1) AND route = $2 AND $1 <> ''`);
    expect(s.names).toEqual(['status', 'route']);
  });

  it("leaves PostgreSQL's casts as they are, after a parameter or a column", () => {
    const s = named(`SELECT :at::timestamptz + (:count::float8 * :spacing::float8), poll_times::jsonb, id::text FROM t WHERE d = :data::jsonb`);
    expect(s.text).toBe('SELECT $1::timestamptz + ($2::float8 * $3::float8), poll_times::jsonb, id::text FROM t WHERE d = $4::jsonb');
    expect(s.names).toEqual(['at', 'count', 'spacing', 'data']);
  });

  it('leaves text in quotes as it is: literals (with their doubled quotes), quoted identifiers', () => {
    const sql = `SELECT to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'it''s :not', "col:umn", :at + :n * interval '1 millisecond'`;
    const s = named(sql);
    expect(s.text).toBe(`SELECT to_char(at, 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'), 'it''s :not', "col:umn", $1 + $2 * interval '1 millisecond'`);
    expect(s.names).toEqual(['at', 'n']);
  });

  it('leaves comments as they are', () => {
    const s = named(`SELECT :a -- not :b, nor 'this\nFROM t WHERE x = :c`);
    expect(s.text).toBe(`SELECT $1 -- not :b, nor 'this\nFROM t WHERE x = $2`);
    expect(s.names).toEqual(['a', 'c']);
  });

  it('refuses a statement that still holds a positional parameter, or an unclosed quote', () => {
    expect(() => named(`SELECT * FROM t WHERE a = :a AND b = $2`)).toThrow(/positional/);
    expect(() => named(`SELECT 'open`)).toThrow(/never closed/);
  });

  it('turns a table once, leaving what is not a string (a list run one by one) as it is', () => {
    const table = namedTable({ one: `SELECT :id`, steps: ['VACUUM t', 'CHECKPOINT'] });
    expect(table.one).toEqual({ text: 'SELECT $1', names: ['id'] });
    expect(table.steps).toEqual(['VACUUM t', 'CHECKPOINT']);
  });
});

describe('positional (SQLite)', () => {
  it('writes each name as ?, a name used twice named twice, quotes and comments left as they are', () => {
    const s = positional(`SELECT :a, 'it''s :not', "col:umn" -- :nor\n, :b WHERE x = :a AND y = :b_2`);
    expect(s.text).toBe(`SELECT ?, 'it''s :not', "col:umn" -- :nor\n, ? WHERE x = ? AND y = ?`);
    expect(s.names).toEqual(['a', 'b', 'a', 'b_2']);
  });

  it('refuses a statement that still holds a positional parameter', () => {
    expect(() => positional('SELECT :a, $1')).toThrow(/positional/);
  });

  it.skipIf(!SQLITE)('binds by name through the connection: a name used twice, a Date as milliseconds, a boolean as 1 or 0, a missing value as null, an unused key ignored', () => {
    const DatabaseSync = loadSqlite();
    const c = new SqliteConnection(new DatabaseSync(':memory:'));
    const at = new Date('2026-11-28T12:00:00.000Z');
    const row = c.get(`SELECT :a AS x, :at AS at, :a || :b AS y, :yes AS yes, :no AS no, :missing AS missing`, { a: 'one', b: 'two', at, yes: true, no: false, unused: 'x' });
    expect(row).toEqual({ x: 'one', at: at.getTime(), y: 'onetwo', yes: 1, no: 0, missing: null });
  });
});

describe('the values of a call', () => {
  const s = named(`SELECT * FROM m WHERE message_id = :id AND (:owner::text IS NULL OR lease_owner = :owner) AND due_at <= :now`);

  it('are taken by name, in the $n order, null kept', () => {
    expect(bindValues(s, { now: new Date(5), owner: null, id: 'm-1' })).toEqual(['m-1', null, new Date(5)]);
    expect(bind(s, { now: 1, owner: 'a', id: 'm-2' })).toEqual([s.text, ['m-2', 'a', 1]]);
  });

  it('throw, naming the parameter, when one is missing or undefined: nothing is sent', () => {
    const loose = s as unknown as Parameters<typeof bindValues<string>>[0];
    expect(() => bindValues(loose, { id: 'm-1', now: 1 })).toThrow(/:owner has no value/);
    expect(() => bindValues(loose, { id: 'm-1', owner: undefined, now: 1 } as unknown as Record<string, null>)).toThrow(/:owner has no value/);
  });

  it('ignore a key the statement does not use (one object serves both engines)', () => {
    const extra = { id: 'm-1', owner: null, now: 2, lease_ms: 10 };
    expect(bindValues(s, extra)).toEqual(['m-1', null, 2]);
  });

  it('are none for a statement without parameters', () => {
    expect(bind(named('SELECT min(due_at) FROM m'))).toEqual(['SELECT min(due_at) FROM m', []]);
  });
});

describe('the names the compiler reads', () => {
  it('come from the literal type, casts, quotes and comments left out, a schema interpolated', () => {
    const schema: string = '"s"';
    const s = named(`SELECT to_char(at, 'HH24:MI') FROM ${schema}.m -- :nota
      WHERE id = :id::uuid AND x = :limit`);
    expectTypeOf(s.names).toEqualTypeOf<readonly ('id' | 'limit')[]>();
    expectTypeOf<ParamNames<`a = :a AND b::text = :b_2 AND c = '::x :y'`>>().toEqualTypeOf<'a' | 'b_2'>();
    // @ts-expect-error -- a misspelt name is refused by the compiler
    expect(() => bindValues(s, { id: 'x', limt: 1 })).toThrow(/:limit has no value/);
    // @ts-expect-error -- a statement with parameters needs its values
    expect(() => bind(s)).toThrow(/:id has no value/);
  });
});

describe("the tracker's PostgreSQL statements", () => {
  it('are named, with the names of the fragments they are built of (the lease rule, the raised reasons) read by the compiler too', () => {
    type Names<K extends keyof Statements> = Statements[K] extends { names: readonly (infer N)[] } ? N : never;
    expectTypeOf<Names<'claimDue'>>().toEqualTypeOf<'owner' | 'until' | 'now' | 'limit'>();
    expectTypeOf<Names<'claimOne'>>().toEqualTypeOf<'id' | 'owner' | 'until' | 'now'>();
    expectTypeOf<'raised_count' | 'resolved' | 'erase' | 'history' | 'events'>().toExtend<Names<'saveTransition'>>();
    expectTypeOf<Names<'reserveSlots'>>().toEqualTypeOf<'name' | 'now' | 'count' | 'spacing'>();
    const sql = statements('tracker');
    expect(sql.claimDue.names).toEqual(['owner', 'until', 'now', 'limit']);
    expect(sql.saveTransition.names).toHaveLength(25);
    expect(sql.insertMessage.names).toHaveLength(31);
    // Casts and literals came through: the interval of the lease rule, the jsonb of the history.
    expect(sql.insertMessage.text).toContain("$27::float8 * interval '1 millisecond'");
    expect(sql.saveTransition.text).toMatch(/jsonb_array_elements\(\$\d+::jsonb\) WITH ORDINALITY AS h/);
  });
});
