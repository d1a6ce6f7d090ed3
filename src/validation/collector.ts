import { isValueSafeToShow } from '../core/sensitive-fields.js';
import type { InvalidParameter } from '../schemas/problem.js';
import type { ValidationResult } from './types.js';

/** More problems than this are summarised: a hostile input cannot make the result huge. */
const MAX_PROBLEMS = 100;
/** Longest string value echoed; a long value is more likely content than a code. */
const MAX_SHOWN_LENGTH = 200;

function showable(value: unknown): boolean {
  if (typeof value === 'string') return value.length <= MAX_SHOWN_LENGTH;
  if (typeof value === 'number') return Number.isFinite(value);
  return typeof value === 'boolean' || value === null;
}

/**
 * Accumulates invalidParameters in the server's shape. The value is kept only
 * when the field is on the allow-list of `isValueSafeToShow` and the value is
 * a short primitive, so patient data and content can never be echoed.
 */
export class Collector {
  readonly #items: InvalidParameter[] = [];
  #dropped = 0;

  /** Records a problem; `value` is dropped unless the field is safe to show. */
  add(name: string, reason: string, value?: unknown): void {
    if (this.#items.length >= MAX_PROBLEMS) {
      this.#dropped++;
      return;
    }
    const item: InvalidParameter = { name, reason };
    if (value !== undefined && showable(value) && isValueSafeToShow(name)) item.value = value;
    this.#items.push(item);
  }

  /** Number of problems recorded so far. */
  get count(): number {
    return this.#items.length + this.#dropped;
  }

  /** The result; `ok` only when nothing was recorded. */
  result(): ValidationResult {
    const invalidParameters = [...this.#items];
    if (this.#dropped > 0) {
      invalidParameters.push({ name: '(root)', reason: `and ${this.#dropped} more problems not listed; fix the ones above first` });
    }
    return { ok: invalidParameters.length === 0, invalidParameters };
  }
}
