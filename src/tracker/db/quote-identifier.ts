// The schema name written into SQL: the migrations and every statement of the
// store name their tables through it, so both quote it the same way.

/** A schema name as a quoted identifier; options checking allows only `[a-z_][a-z0-9_]*`. */
export function quoteIdentifier(name: string): string {
  return `"${name}"`;
}
