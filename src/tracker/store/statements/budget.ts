// The status-request budget every instance shares.
// PostgreSQL's statements of this concern, for one schema (sql.ts joins
// every concern's into the one table the store reads).

/** The status-request budget every instance shares. `s` is the quoted schema. Internal. */
export function budgetStatements(s: string) {
  return {
    /**
     * Reserves `:count` request slots, `:spacing` ms apart, from the budget every
     * instance shares; returns the end of the reservation.
     */
    reserveSlots: `
      INSERT INTO ${s}.budget AS b (name, next_slot) VALUES (:name, :now::timestamptz + (:count::float8 * :spacing::float8) * interval '1 millisecond')
      ON CONFLICT (name) DO UPDATE
        SET next_slot = greatest(b.next_slot, :now::timestamptz) + (:count::float8 * :spacing::float8) * interval '1 millisecond'
      RETURNING next_slot`,
  } as const;
}
