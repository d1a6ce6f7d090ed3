// Rules of `codedDataItems` on standard and instant sends: each code a
// SNOMED CT concept id (as a string), value a finite number.
import type { Collector } from './collector.js';
import { UNREADABLE_REASON, asObject, describeType, stringField, unknownFields } from './fields.js';
import { UNREADABLE, get, isArray, lengthOf } from './read.js';
import { snomedConceptProblem } from './snomed.js';

/** Items examined one by one; the spec sets no maximum, this only bounds hostile input. */
const MAX_EXAMINED = 1000;

const ITEM_FIELDS = ['code', 'value', 'unit', 'additionalText'] as const;
const ITEM_HINTS: Readonly<Record<string, string>> = {
  // Spec open point: its sample request says 'units', its definition 'unit'.
  units: "unknown field; use 'unit' (the spec's definition; 'units' appears only in its sample and may be ignored)",
};

/** Checks `message.codedDataItems` (optional) of a standard or instant message. */
export function checkCodedDataItems(c: Collector, message: object): void {
  const value = get(message, 'codedDataItems');
  if (value === undefined) return;
  if (value === UNREADABLE) return c.add('codedDataItems', UNREADABLE_REASON);
  if (!isArray(value)) return c.add('codedDataItems', `must be an array of coded data items, not ${describeType(value)}`);
  const count = lengthOf(value);
  if (count === UNREADABLE) return c.add('codedDataItems', UNREADABLE_REASON);
  for (let i = 0; i < Math.min(count, MAX_EXAMINED); i++) checkItem(c, get(value, i), `codedDataItems[${i}]`);
}

function checkItem(c: Collector, value: unknown, path: string): void {
  const item = asObject(c, value, path, true);
  if (!item) return;
  unknownFields(c, item, path, ITEM_FIELDS, ITEM_HINTS);
  const rawCode = get(item, 'code');
  if (typeof rawCode === 'number') {
    c.add(`${path}.code`, 'must be a string: SNOMED CT ids can exceed Number.MAX_SAFE_INTEGER and lose digits as numbers', rawCode);
  } else {
    const code = stringField(c, item, 'code', path, { required: true, nonEmpty: true, show: true });
    const problem = code === undefined ? undefined : snomedConceptProblem(code);
    if (problem) c.add(`${path}.code`, problem, code);
  }
  const amount = get(item, 'value');
  if (amount === UNREADABLE) c.add(`${path}.value`, UNREADABLE_REASON);
  else if (amount !== undefined && (typeof amount !== 'number' || !Number.isFinite(amount))) {
    c.add(`${path}.value`, 'must be a finite number (not a string, NaN or Infinity)', amount);
  }
  stringField(c, item, 'unit', path, { required: false, show: true });
  stringField(c, item, 'additionalText', path, { required: false });
}
