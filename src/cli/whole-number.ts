// A flag that takes a whole number (a port, a seed): read the same way by
// every command, and refused with the range it must be in.
import { UsageError } from './errors.js';

/** The flag's whole number from 0 to `max`; undefined when the flag was not given. @throws UsageError otherwise. */
export function wholeNumber(text: string | undefined, flag: string, max: number): number | undefined {
  if (text === undefined) return undefined;
  const value = Number(text.trim());
  if (!/^\d+$/.test(text.trim()) || value > max) throw new UsageError(`${flag} must be a whole number from 0 to ${max}.`);
  return value;
}
