// Rules of recipient and subject: present, with non-empty id values; id
// types from the documented set (or the caller's additional ones); on the GP
// route an ODS recipient; an NHS number checked whenever the subject id type
// names one. The subject id value is never echoed.
import { GPCONNECT_RECIPIENT_ID_TYPE } from '../schemas/gpconnect.js';
import { RECIPIENT_ID_TYPES, SUBJECT_ID_TYPES } from '../schemas/message-parts.js';
import type { Collector } from './collector.js';
import { objectField, stringField, unknownFields } from './fields.js';
import { likelyTypoOf } from './near-miss.js';
import { isNhsNumberType, nhsNumberProblem } from './nhs-number.js';
import { lowerCaseOdsCodeProblem, odsRecipientProblem } from './ods.js';
import type { AcceptedIdTypes } from './settings.js';
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

const quoted = (types: readonly string[]): string => types.map((t) => `'${t}'`).join(' or ');

/** The accepted type `type` was meant to be: the same ignoring case and outer spaces, or a letter or two away. */
function meantType(type: string, accepted: readonly string[]): string | undefined {
  const folded = type.trim().toLowerCase();
  return accepted.find((k) => k.toLowerCase() === folded) ?? likelyTypoOf(type, accepted);
}

/**
 * Refuses an id type outside the accepted set: with the suggestion when it is
 * a slip of an accepted one, else with what to send and how to add a type.
 */
function checkIdType(c: Collector, party: 'recipient' | 'subject', type: string | undefined, accepted: readonly string[], documented: readonly string[]): void {
  if (type === undefined || accepted.includes(type)) return;
  const name = `${party}.id.type`;
  const meant = meantType(type, accepted);
  if (meant !== undefined) return c.add(name, `looks like a typo of '${meant}': send '${meant}' exactly`, type);
  if (party === 'recipient' && meantType(type, [GPCONNECT_RECIPIENT_ID_TYPE]) !== undefined) {
    return c.add(name, `'${GPCONNECT_RECIPIENT_ID_TYPE}' is the GP route's (cdms.gpconnect.send()); standard and instant sends use ${quoted(documented)}`, type);
  }
  c.add(
    name,
    `is not a ${party} id type the service documents: send ${quoted(documented)}, or, if your environment uses this type, ` +
      `list it in the client's additionalIdTypes.${party}`,
    type,
  );
}

/** Checks `recipient` for a route. */
export function checkRecipient(c: Collector, message: object, route: Route, idTypes: AcceptedIdTypes): void {
  const id = readId(c, message, 'recipient', true);
  if (!id) return;
  if (route === 'gpconnect') {
    if (id.type !== undefined && id.type !== GPCONNECT_RECIPIENT_ID_TYPE) {
      c.add('recipient.id.type', `must be '${GPCONNECT_RECIPIENT_ID_TYPE}' on the GP route`, id.type);
    }
    const problem = id.value === undefined ? undefined : odsRecipientProblem(id.value);
    if (problem) c.add('recipient.id.value', problem, id.value);
    return;
  }
  checkIdType(c, 'recipient', id.type, idTypes.recipient, RECIPIENT_ID_TYPES);
  if (id.value === undefined) return;
  if (id.value.trim() !== id.value) c.add('recipient.id.value', 'must not have leading or trailing spaces', id.value);
  const lowerCase = lowerCaseOdsCodeProblem(id.value);
  if (lowerCase) c.add('recipient.id.value', lowerCase, id.value);
}

/** Checks `subject`; an id whose type names an NHS number is checked for format and check digit, never echoed. */
export function checkSubject(c: Collector, message: object, idTypes: AcceptedIdTypes): void {
  const id = readId(c, message, 'subject', false);
  if (!id) return;
  checkIdType(c, 'subject', id.type, idTypes.subject, SUBJECT_ID_TYPES);
  if (id.value === undefined) return;
  if (id.type !== undefined && isNhsNumberType(id.type)) {
    const problem = nhsNumberProblem(id.value);
    if (problem) c.add('subject.id.value', problem);
  } else if (id.value.trim() !== id.value) {
    c.add('subject.id.value', 'must not have leading or trailing spaces');
  }
}
