// How the CLI shows identifiers it must not print in full.

/**
 * A token or secret as `…` and its last four characters: enough to tell two
 * apart, not enough to use.
 */
export function maskToken(token: string): string {
  return token.length <= 8 ? '…' : `…${token.slice(-4)}`;
}

/** An NHS number as `*** *** 5919`: the 3-3-4 display with the first six digits hidden. */
export function maskNhsNumber(nhsNumber: string): string {
  const digits = nhsNumber.replace(/\D/g, '');
  return digits.length < 4 ? '***' : `*** *** ${digits.slice(-4)}`;
}
