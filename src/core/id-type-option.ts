// The client option `additionalIdTypes`, checked once at construction: a
// wrong shape is a configuration mistake to report, never a list to ignore,
// since ignoring it would refuse every send of the types it meant to add.
import type { AdditionalIdTypes } from '../schemas/id-types.js';
import { ConfigurationError } from './errors/cdms-error.js';

/** What an id type may look like: printable, no spaces at either end, not too long. */
const ID_TYPE = /^[\x21-\x7e](?:[\x20-\x7e]{0,98}[\x21-\x7e])?$/;

function readList(party: 'subject' | 'recipient', value: unknown): readonly string[] {
  if (value === undefined) return [];
  const where = `additionalIdTypes.${party}`;
  if (!Array.isArray(value)) throw new ConfigurationError(`${where} must be an array of id type names, e.g. ['LocalPatientId'].`);
  for (const item of value as unknown[]) {
    if (typeof item !== 'string' || !ID_TYPE.test(item)) {
      throw new ConfigurationError(`${where} must hold id type names: printable ASCII, 1 to 100 characters, no spaces at either end.`);
    }
  }
  return Object.freeze([...(value as string[])]);
}

/**
 * Checks `additionalIdTypes` and returns a frozen copy (later changes to the
 * caller's arrays do not change what the client accepts).
 *
 * @throws ConfigurationError naming the list that is malformed.
 */
export function resolveAdditionalIdTypes(value: unknown): AdditionalIdTypes {
  if (value === undefined) return {};
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new ConfigurationError("additionalIdTypes must be an object such as { subject: ['LocalPatientId'] }.");
  }
  const { subject, recipient, ...rest } = value as Record<string, unknown>;
  const unknown = Object.keys(rest);
  if (unknown.length > 0) {
    throw new ConfigurationError(`additionalIdTypes takes 'subject' and 'recipient' only, not ${unknown.map((k) => `'${k}'`).join(', ')}.`);
  }
  return Object.freeze({ subject: readList('subject', subject), recipient: readList('recipient', recipient) });
}
