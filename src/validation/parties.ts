// Rules of recipient and subject: present, with non-empty id values; on the
// GP route an ODS recipient; an NHS number checked when the subject id type
// says it is one. The subject id value is never echoed.
import { GPCONNECT_RECIPIENT_ID_TYPE } from '../schemas/gpconnect.js';
import { RECIPIENT_ID_TYPES, SUBJECT_ID_TYPES } from '../schemas/message-parts.js';
import type { Collector } from './collector.js';
import { objectField, stringField, unknownFields } from './fields.js';
import { likelyTypoOf } from './near-miss.js';
import { isNhsNumberType, nhsNumberProblem } from './nhs-number.js';
import { odsRecipientProblem } from './ods.js';
import type { Route } from './types.js';

/** Reads `<party>.id` and its `type` and `value` strings. */
function readId(c: Collector, message: object, party: 'recipient' | 'subject', show: boolean) {
  const holder = objectField(c, message, party, '', true);
  if (!holder) return undefined;
  unknownFields(c, holder, party, ['id']);
  const id = objectField(c, holder, 'id', party, true);
  if (!id) return undefined;
  const path = `${party}.id`;
  unknownFields(c, id, path, ['type', 'value']);
  const type = stringField(c, id, 'type', path, { required: true, nonEmpty: true, show: true });
  const value = stringField(c, id, 'value', path, { required: true, nonEmpty: true, show });
  return { type, value };
}

/** Refuses an id type a letter or two away from a known one (an open value, but a near miss is a slip). */
function checkIdTypeTypo(c: Collector, party: 'recipient' | 'subject', type: string | undefined, known: readonly string[]): void {
  const meant = type === undefined ? undefined : likelyTypoOf(type, known);
  if (meant !== undefined) {
    c.add(`${party}.id.type`, `looks like a typo of '${meant}': send '${meant}' exactly (other types are accepted, but not one this close to a known one)`, type);
  }
}

/** Checks `recipient` for a route. */
export function checkRecipient(c: Collector, message: object, route: Route): void {
  const id = readId(c, message, 'recipient', true);
  if (!id) return;
  if (route === 'gpconnect') {
    if (id.type !== undefined && id.type !== GPCONNECT_RECIPIENT_ID_TYPE) {
      c.add('recipient.id.type', `must be '${GPCONNECT_RECIPIENT_ID_TYPE}' on the GP route`, id.type);
    }
    const problem = id.value === undefined ? undefined : odsRecipientProblem(id.value);
    if (problem) c.add('recipient.id.value', problem, id.value);
  } else {
    checkIdTypeTypo(c, 'recipient', id.type, RECIPIENT_ID_TYPES);
    if (id.value !== undefined && id.value.trim() !== id.value) c.add('recipient.id.value', 'must not have leading or trailing spaces', id.value);
  }
}

/** Checks `subject`; an NHS number id is checked for format and check digit, never echoed. */
export function checkSubject(c: Collector, message: object): void {
  const id = readId(c, message, 'subject', false);
  if (!id) return;
  checkIdTypeTypo(c, 'subject', id.type, SUBJECT_ID_TYPES);
  if (id.value === undefined) return;
  if (id.type !== undefined && isNhsNumberType(id.type)) {
    const problem = nhsNumberProblem(id.value);
    if (problem) c.add('subject.id.value', problem);
  } else if (id.value.trim() !== id.value) {
    c.add('subject.id.value', 'must not have leading or trailing spaces');
  }
}
