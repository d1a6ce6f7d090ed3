// Recipient and subject rules that the rule table does not reach: spaces
// around a standard recipient's id or a local subject id, a type padded
// with spaces or in another case, the GP route's type on a standard send in
// any case, and a subject value that is never echoed.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { NOW, messageFor, patch } from './fixtures.js';

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
