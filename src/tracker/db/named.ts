// Named parameters for the ledger's statements: SQL written with `:name`
// placeholders for both engines, turned once into the text each driver
// takes (PostgreSQL's `$n`, SQLite's `?`), and a plain object of values
// turned into the positional array on each call. A list of 24-31 positions
// is easy to get wrong by one; a name is not, and the compiler reads the
// names from the statement's own text (ParamNames below).
//
// What is not a parameter is copied as it is: PostgreSQL's casts (`::jsonb`),
// text in single quotes (`interval '1 millisecond'`, `'HH24:MI:SS'`), quoted
// identifiers and `--` comments.

/** A value a parameter takes: anything but `undefined` (say `null` for no value). */
export type SqlValue = NonNullable<unknown> | null;

/** The values of a statement whose parameters are `N`. */
export type NamedValues<N extends string> = { readonly [K in N]: SqlValue };

/** A statement written with `:name` parameters, as the driver takes it: `$n` text, and the name of each `$n` in order. Internal. */
export interface NamedSql<N extends string = string> {
  /** The statement with each name replaced by its `$n` (a name used twice is one `$n`). */
  readonly text: string;
  /** The parameters' names, the first being `$1`. */
  readonly names: readonly N[];
}

// The names the compiler reads from a statement's literal type. Parts
// interpolated as plain `string` (the schema) read as no names; a fragment
// holding names must be a literal type too (`as const`), or its names are
// found by the run-time check alone (bindValues throws for a missing one).
type Lower = 'a' | 'b' | 'c' | 'd' | 'e' | 'f' | 'g' | 'h' | 'i' | 'j' | 'k' | 'l' | 'm' | 'n' | 'o' | 'p' | 'q' | 'r' | 's' | 't' | 'u' | 'v' | 'w' | 'x' | 'y' | 'z' | '_';
type NameChar = Lower | '0' | '1' | '2' | '3' | '4' | '5' | '6' | '7' | '8' | '9';
type RestOfName<S extends string, Acc extends string> = S extends `${infer C}${infer R}` ? (C extends NameChar ? RestOfName<R, `${Acc}${C}`> : Acc) : Acc;
type NameAt<S extends string> = S extends `${infer C}${infer R}` ? (C extends Lower ? RestOfName<R, C> : never) : never;
type WithoutQuoted<S extends string, Q extends string, Acc extends string = ''> = S extends `${infer Code}${Q}${string}${Q}${infer Rest}`
  ? WithoutQuoted<Rest, Q, `${Acc}${Code} `>
  : `${Acc}${S}`;
type WithoutComments<S extends string, Acc extends string = ''> = S extends `${infer Code}--${string}\n${infer Rest}` ? WithoutComments<Rest, `${Acc}${Code} `> : `${Acc}${S}`;
type Scan<S extends string, Found extends string = never> = S extends `${string}:${infer Rest}`
  ? Rest extends `:${infer After}`
    ? Scan<After, Found>
    : Scan<Rest, Found | NameAt<Rest>>
  : Found;

/** The `:name` parameters of a statement's literal type. */
export type ParamNames<S extends string> = string extends S ? string : Scan<WithoutComments<WithoutQuoted<WithoutQuoted<S, "'">, '"'>>>;

const NAME = /[a-z_][a-z0-9_]*/y;

/** The name that starts at `i`, if one does. */
function nameAt(sql: string, i: number): string | undefined {
  NAME.lastIndex = i;
  return NAME.exec(sql)?.[0];
}

/**
 * Copies a statement's text, writing each `:name` parameter as `placeholder`
 * says (its name given). Throws when the statement still holds a `$n` of
 * its own (one statement, one way of naming) or a quote that is never closed.
 */
function replaceParams(sql: string, placeholder: (name: string) => string): string {
  let text = '';
  let i = 0;
  while (i < sql.length) {
    const c = sql.charAt(i);
    const next = sql.charAt(i + 1);
    // A literal or a quoted identifier ('' and "" inside are a closing and an opening quote, so copied too).
    if (c === "'" || c === '"') {
      const end = sql.indexOf(c, i + 1);
      if (end < 0) throw new Error(`A statement has a ${c} that is never closed: ${sql.slice(i, i + 40)}`);
      text += sql.slice(i, end + 1);
      i = end + 1;
    } else if (c === '-' && next === '-') {
      const end = sql.indexOf('\n', i);
      const stop = end < 0 ? sql.length : end;
      text += sql.slice(i, stop);
      i = stop;
    } else if (c === ':' && next === ':') {
      text += '::';
      i += 2;
    } else if (c === ':' && nameAt(sql, i + 1) !== undefined) {
      const name = nameAt(sql, i + 1) ?? '';
      text += placeholder(name);
      i += 1 + name.length;
    } else if (c === '$' && /[0-9]/.test(next)) {
      throw new Error(`A statement with named parameters still has a positional one: ${sql.slice(i, i + 40)}`);
    } else {
      text += c;
      i += 1;
    }
  }
  return text;
}

/**
 * Turns a statement written with `:name` parameters into PostgreSQL's `$n`
 * text, once. Throws when the statement still holds a `$n` of its own (one
 * statement, one way of naming) or a quote that is never closed.
 */
export function named<const S extends string>(sql: S): NamedSql<ParamNames<S>> {
  const names: string[] = [];
  const text = replaceParams(sql, (name) => {
    const at = names.includes(name) ? names.indexOf(name) : names.push(name) - 1;
    return `$${at + 1}`;
  });
  return { text, names: names as ParamNames<S>[] };
}

/** A statement as SQLite takes it positionally: each `:name` a `?`, and the name of each `?` in order. Internal. */
export interface PositionalSql {
  /** The statement with each `:name` replaced by `?`. */
  readonly text: string;
  /** The name of each `?` in order: a name used twice is there twice. */
  readonly names: readonly string[];
}

/**
 * Turns a statement written with `:name` parameters into SQLite's anonymous
 * `?` text, once. SQLite's driver binds an array of values to `?` without
 * building an object of them on each call, which a statement run many times
 * a second (each poll's, each adoption's) would otherwise allocate (a
 * dictionary of 20-30 keys): the values are looked up by name on each call
 * (the connection's `bindable`).
 */
export function positional(sql: string): PositionalSql {
  const names: string[] = [];
  const text = replaceParams(sql, (name) => {
    names.push(name);
    return '?';
  });
  return { text, names };
}

/**
 * The `$n` values of one call, from a plain object. A name the statement
 * has and the object lacks (or gives `undefined`) is a programming error,
 * and throws before anything is sent. A key the statement does not use is
 * ignored, as the SQLite connection ignores it: one object of a row's
 * values serves both engines' statements, which do not all use every
 * column (the compiler still refuses a misspelt key in an object literal).
 */
export function bindValues<N extends string>(statement: NamedSql<N>, values: NamedValues<N>): unknown[] {
  return statement.names.map((name) => {
    const value = (values as Readonly<Record<string, SqlValue | undefined>>)[name];
    if (value === undefined) throw new TypeError(`The statement's parameter :${name} has no value (null is "no value"); the values name ${Object.keys(values).join(', ') || 'nothing'}.`);
    return value;
  });
}

/**
 * A statement and its values as the driver's `query` takes them:
 * `db.query(...bind(statement, values))`. Without parameters, no values.
 */
export function bind<N extends string>(statement: NamedSql<N>, ...values: [N] extends [never] ? [] : [NamedValues<N>]): [string, unknown[]] {
  const [given] = values as [NamedValues<N>?];
  return [statement.text, bindValues(statement, given ?? ({} as NamedValues<N>))];
}

/** Every string of a statement table as a NamedSql, once; anything else (a list of statements run one by one) as it is. */
export type NamedTable<T> = { readonly [K in keyof T]: T[K] extends string ? NamedSql<ParamNames<T[K]>> : T[K] };

/** Turns each statement of a table (`{ name: sql }`, its strings literal types) into a NamedSql, once. */
export function namedTable<const T extends Record<string, unknown>>(table: T): NamedTable<T> {
  return Object.fromEntries(Object.entries(table).map(([key, sql]) => [key, typeof sql === 'string' ? named(sql) : sql])) as NamedTable<T>;
}
