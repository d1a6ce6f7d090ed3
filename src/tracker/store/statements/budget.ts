// The status-request budget every instance shares.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** The status-request budget every instance shares. `s` is the quoted schema. Internal. */
export function budgetStatements(s: string) {
  return {
    /**
     * Reserves `$3` request slots, `$4` ms apart, from the budget every
     * instance shares; returns the end of the reservation.
     */
    reserveSlots: `
      INSERT INTO ${s}.budget AS b (name, next_slot) VALUES ($1, $2::timestamptz + ($3::float8 * $4::float8) * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE
        SET next_slot = greatest(b.next_slot, $2::timestamptz) + ($3::float8 * $4::float8) * interval '1 millisecond'
      RETURNING next_slot`,
  } as const;
}
