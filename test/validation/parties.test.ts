// Recipient and subject rules that the rule table does not reach: spaces
// around a standard recipient's id or a local subject id, a type padded
// with spaces or in another case, the GP route's type on a standard send in
// any case, and a subject value that is never echoed; an empty or blank
// type, a value of the wrong type, a missing id value, a missing GP-route
// type, and a type padded by more spaces than a typo allows.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { NOW, REMOVE, messageFor, patch } from './fixtures.js';

const local = { route: 'standard' as const, now: NOW, additionalIdTypes: { subject: ['LocalPatientId'] } };
const problems = (path: string, value: unknown, options: Parameters<typeof validateMessage>[1] = local) =>
  validateMessage(patch(messageFor('standard'), path, value), options).invalidParameters;

describe('parties', () => {
  it('refuses spaces around a standard recipient id, echoing it, and its lower-case ODS code', () => {
    expect(problems('recipient.id.value', ' RX1ABC')).toEqual([{ name: 'recipient.id.value', reason: 'must not have leading or trailing spaces', value: ' RX1ABC' }]);
    expect(problems('recipient.id.value', 'a81001')).toEqual([
      { name: 'recipient.id.value', reason: "looks like an ODS code in lower case: send 'A81001' (ids are compared exactly)", value: 'a81001' },
    ]);
  });

  it('refuses spaces around a local subject id without echoing it, and checks an NHS number type by its own rule', () => {
    const m = patch(messageFor('standard'), 'subject.id', { type: 'LocalPatientId', value: 'MRN-1 ' });
    expect(validateMessage(m, local).invalidParameters).toEqual([{ name: 'subject.id.value', reason: 'must not have leading or trailing spaces' }]);
    expect(validateMessage(patch(m, 'subject.id.value', 'MRN-1'), local).ok).toBe(true);
    expect(problems('subject.id.value', '9434765919 ')).toEqual([{ name: 'subject.id.value', reason: expect.not.stringMatching(/leading or trailing/) as string }]);
  });

  it('names the meant type for one padded with spaces or in another case', () => {
    expect(problems('subject.id.type', ' VerifiedNhsNumber ')).toEqual([
      { name: 'subject.id.type', reason: "looks like a typo of 'VerifiedNhsNumber': send 'VerifiedNhsNumber' exactly", value: ' VerifiedNhsNumber ' },
    ]);
    expect(problems('recipient.id.type', 'ocsclientidentifier')).toEqual([
      { name: 'recipient.id.type', reason: "looks like a typo of 'OcsClientIdentifier': send 'OcsClientIdentifier' exactly", value: 'ocsclientidentifier' },
    ]);
  });

  it("names the GP route's type on a standard send in any case, and only for the recipient", () => {
    expect(problems('recipient.id.type', 'odsorganisationid')).toEqual([
      { name: 'recipient.id.type', reason: "'OdsOrganisationId' is the GP route's (cdms.gpconnect.send()); standard and instant sends use 'OcsClientIdentifier'", value: 'odsorganisationid' },
    ]);
    expect(problems('subject.id.type', 'OdsOrganisationId')[0]?.reason).toMatch(/^is not a subject id type the service documents/);
  });

  it('on the GP route, reports a wrong type and a wrong value together', () => {
    const m = patch(patch(messageFor('gpconnect'), 'recipient.id.type', 'OcsClientIdentifier'), 'recipient.id.value', 'a81001');
    expect(validateMessage(m, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([
      { name: 'recipient.id.type', reason: "must be 'OdsOrganisationId' on the GP route", value: 'OcsClientIdentifier' },
      { name: 'recipient.id.value', reason: "must be upper case: send 'A81001' (ODS codes are upper-case letters and digits)", value: 'a81001' },
    ]);
  });
});

describe('party fields at their edges', () => {
  it('says an empty or blank id type is empty, and shows a type or recipient id that is no string', () => {
    for (const party of ['recipient', 'subject'] as const) {
      for (const blank of ['', '  ']) {
        expect(problems(`${party}.id.type`, blank), `${party} ${JSON.stringify(blank)}`).toEqual([{ name: `${party}.id.type`, reason: 'must not be empty' }]);
      }
      expect(problems(`${party}.id.type`, 42), party).toEqual([{ name: `${party}.id.type`, reason: 'must be a string, not a number', value: 42 }]);
    }
    expect(problems('recipient.id.value', 42)).toEqual([{ name: 'recipient.id.value', reason: 'must be a string, not a number', value: 42 }]);
  });

  it('requires the id value of each party', () => {
    for (const party of ['recipient', 'subject']) {
      expect(problems(`${party}.id.value`, REMOVE), party).toEqual([{ name: `${party}.id.value`, reason: 'is required' }]);
    }
  });

  it('on the GP route, says of a missing recipient type only that it is required', () => {
    const m = patch(messageFor('gpconnect'), 'recipient.id.type', REMOVE);
    expect(validateMessage(m, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([{ name: 'recipient.id.type', reason: 'is required' }]);
  });

  it('reads a type padded by more spaces than a typo allows as the type it pads', () => {
    const padded = '   NHSNumber   ';
    expect(problems('subject.id.type', padded)).toEqual([
      { name: 'subject.id.type', reason: "looks like a typo of 'NHSNumber': send 'NHSNumber' exactly", value: padded },
    ]);
  });
});

