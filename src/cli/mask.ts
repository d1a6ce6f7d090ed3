// How the CLI shows identifiers it must not print in full.
import { maskSecret } from '../internal/mask-secret.js';

/** A token or secret as `…` and its last four characters (the sandbox's request log masks the same way). */
export const maskToken = maskSecret;

/** An NHS number as `*** *** 5919`: the 3-3-4 display with the first six digits hidden. */
export function maskNhsNumber(nhsNumber: string): string {
  const digits = nhsNumber.replace(/\D/g, '');
  return digits.length < 4 ? '***' : `*** *** ${digits.slice(-4)}`;
}
