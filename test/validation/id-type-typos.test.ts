// A value a letter or two away from an accepted id type is a likely typo:
// refused locally with the suggestion, on both parties, and by the sandbox
// (which shares the rules). Other unknown types are refused too (see
// id-types.test.ts); these are the ones that get a suggestion.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BadRequestError, CdmsClient, LocalValidationError, validateMessage, type Route, type StandardMessageParams } from '../../src/index.js';
import { editDistance, likelyTypoOf } from '../../src/validation/near-miss.js';
import { NOW, gpMessage, instantMessage, patch, standardMessage, type Json } from './fixtures.js';

const validate = (message: Json, route: Route) => validateMessage(message, { route, now: NOW });
const SEND_ROUTES: [Route, () => Json][] = [
  ['standard', standardMessage],
  ['instant', instantMessage],
];

describe('editDistance', () => {
  it.each([
    ['OcsClientIdentifer', 'OcsClientIdentifier', 1], // a letter missing
    ['OcsClientIdentifeir', 'OcsClientIdentifier', 1], // two letters swapped
    ['VerifiedNhsNumbre', 'VerifiedNhsNumber', 1],
    ['VerifedNhsNumbr', 'VerifiedNhsNumber', 2],
    ['abc', 'abc', 0],
    ['', 'abc', 3],
  ])('%s -> %s is %i', (a, b, d) => {
    expect(editDistance(a, b, 5)).toBe(d);
  });

  it('stops at the cap', () => {
    expect(editDistance('LocalPatientId', 'VerifiedNhsNumber', 2)).toBe(3);
  });
});

describe('likelyTypoOf', () => {
  const known = ['VerifiedNhsNumber', 'NHSNumber'];
  it('names the known value a near miss was meant to be', () => {
    expect(likelyTypoOf('VerifiedNhsNumbr', known)).toBe('VerifiedNhsNumber');
    expect(likelyTypoOf('NHSNumbr', known)).toBe('NHSNumber');
  });

  it('leaves known values (in any case) and values far from them alone', () => {
    for (const value of ['VerifiedNhsNumber', 'NHSNumber', 'nhsnumber', 'LocalPatientId', 'MRN', 'SomeLocalId']) {
      expect(likelyTypoOf(value, known), value).toBeUndefined();
    }
  });
});

describe('id type typos in validateMessage', () => {
  describe.each(SEND_ROUTES)('%s route', (route, message) => {
    it.each([
      ['recipient.id.type', 'OcsClientIdentifer', 'OcsClientIdentifier'],
      ['recipient.id.type', 'OcsClientIdentifeir', 'OcsClientIdentifier'],
      ['subject.id.type', 'VerifiedNhsNumbr', 'VerifiedNhsNumber'],
      ['subject.id.type', 'NHSNumbers', 'NHSNumber'],
    ])('refuses %s = %j as a likely typo of %s', (path, value, meant) => {
      const result = validate(patch(message(), path, value), route);
      expect(result.invalidParameters).toEqual([
        { name: path, reason: expect.stringContaining(`looks like a typo of '${meant}': send '${meant}' exactly`) as string, value },
      ]);
    });

    it.each([
      ['recipient.id.type', 'OdsOrganisationId'],
      ['recipient.id.type', 'OdsOrganisationID '],
    ])("refuses %s = %j: the GP route's type, not a slip of this route's", (path, value) => {
      const result = validate(patch(message(), path, value), route);
      expect(result.invalidParameters).toEqual([
        { name: path, reason: "'OdsOrganisationId' is the GP route's (cdms.gpconnect.send()); standard and instant sends use 'OcsClientIdentifier'", value },
      ]);
    });

    it.each([
      ['recipient.id.type', 'OcsClientIdentifer', 'OcsClientIdentifer'],
      ['subject.id.type', 'VerifiedNhsNumbr', 'VerifiedNhsNumbr'],
    ])('accepts %s = %j once the caller lists %j, near miss or not', (path, value, listed) => {
      const party = path.split('.')[0]!;
      const result = validateMessage(patch(message(), path, value), { route, now: NOW, additionalIdTypes: { [party]: [listed] } });
      expect(result.invalidParameters).toEqual([]);
    });

    it('suggests an additional type the caller listed when a value is a near miss of it', () => {
      const result = validateMessage(patch(message(), 'subject.id.type', 'LocalPatientID'), {
        route,
        now: NOW,
        additionalIdTypes: { subject: ['LocalPatientId'] },
      });
      expect(result.invalidParameters).toEqual([
        { name: 'subject.id.type', reason: "looks like a typo of 'LocalPatientId': send 'LocalPatientId' exactly", value: 'LocalPatientID' },
      ]);
    });
  });

  it('GP route: a near miss of the subject type is refused too', () => {
    const result = validate(patch(gpMessage(), 'subject.id.type', 'NHSNumbr'), 'gpconnect');
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['subject.id.type']);
    expect(result.invalidParameters[0]?.reason).toMatch(/^looks like a typo of 'NHSNumber'/);
  });

  it('topics: a near miss of a listed topic gets the suggestion', () => {
    const result = validateMessage(patch(standardMessage(), 'topic', 'Discharge Sumary'), { route: 'standard', now: NOW, topics: ['Discharge Summary'] });
    expect(result.invalidParameters[0]?.reason).toContain("did you mean 'Discharge Summary'?");
  });
});

describe('id type typos: the client and the sandbox', () => {
  let sandbox: Sandbox;
  let cdms: CdmsClient;
  beforeAll(async () => {
    sandbox = await startSandbox();
    cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
  });
  afterAll(() => sandbox.close());

  // The compiler refuses this message; a JavaScript caller (or a cast) can still pass it.
  const typo = (): StandardMessageParams => ({
    topic: sandbox.topics[0]!,
    recipient: { id: { type: 'OcsClientIdentifer' as 'OcsClientIdentifier', value: sandbox.recipients[0]! } },
    subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
    attachments: [{ mimeType: 'text/plain', fileName: 'note.txt', content: Buffer.from('Seen today.').toString('base64') }],
  });

  it('the client refuses it before sending', async () => {
    // The client fetches the topic list before its first send; no send request may follow.
    const sends = (): number => sandbox.stats().byOperation['messages.send'] ?? 0;
    const before = sends();
    await expect(cdms.messages.send(typo())).rejects.toBeInstanceOf(LocalValidationError);
    await expect(cdms.messages.send(typo())).rejects.toThrow(/recipient\.id\.type: looks like a typo of 'OcsClientIdentifier'/);
    expect(sends()).toBe(before);
  });

  it('the sandbox refuses it too', async () => {
    const error = await cdms.messages.send(typo(), { skipLocalValidation: true }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).invalidParameters.map((p) => p.name)).toEqual(['recipient.id.type']);
  });
});
