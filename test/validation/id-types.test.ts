// Id types are closed by default: only the ones the service documents pass
// local validation and the sandbox, so a wrong type cannot switch the NHS
// number check off. A sender's environment opens more explicitly, on the
// client, in validateMessage and in the sandbox; any subject type that names
// an NHS number keeps the Modulus 11 check whatever its name.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BadRequestError,
  CdmsClient,
  ConfigurationError,
  LocalValidationError,
  validateMessage,
  type Route,
  type StandardMessageParams,
} from '../../src/index.js';
import { isNhsNumberType } from '../../src/validation/nhs-number.js';
import { NOW, gpMessage, instantMessage, patch, standardMessage, type Json } from './fixtures.js';

/** Valid except for its check digit. */
const BAD_CHECK_DIGIT = '9434765918';

const validate = (message: Json, route: Route, additionalIdTypes?: { subject?: string[]; recipient?: string[] }) =>
  validateMessage(message, { route, now: NOW, additionalIdTypes });
const names = (message: Json, route: Route, extra?: { subject?: string[]; recipient?: string[] }) =>
  validate(message, route, extra).invalidParameters.map((p) => p.name);
const ALL_ROUTES: [Route, () => Json][] = [
  ['standard', standardMessage],
  ['instant', instantMessage],
  ['gpconnect', gpMessage],
];

describe('closed id types in validateMessage', () => {
  describe.each(ALL_ROUTES)('%s route', (route, message) => {
    it("refuses subject type 'NHS', and still checks its value as an NHS number", () => {
      const result = validate(patch(message(), 'subject.id', { type: 'NHS', value: BAD_CHECK_DIGIT }), route);
      expect(result.invalidParameters).toEqual([
        {
          name: 'subject.id.type',
          reason:
            "is not a subject id type the service documents: send 'VerifiedNhsNumber' or 'NHSNumber', or, if your environment uses this type, list it in the client's additionalIdTypes.subject",
          value: 'NHS',
        },
        { name: 'subject.id.value', reason: 'is not a valid NHS number: the Modulus 11 check digit does not match' },
      ]);
    });

    it('refuses a case variant of a documented type with the exact spelling', () => {
      const result = validate(patch(message(), 'subject.id.type', 'verifiednhsnumber'), route);
      expect(result.invalidParameters).toEqual([
        { name: 'subject.id.type', reason: "looks like a typo of 'VerifiedNhsNumber': send 'VerifiedNhsNumber' exactly", value: 'verifiednhsnumber' },
      ]);
    });

    it('accepts a subject type the caller lists, and checks it as an NHS number when its name says it is one', () => {
      const local = patch(message(), 'subject.id', { type: 'LocalPatientId', value: 'MRN-0042' });
      expect(names(local, route)).toEqual(['subject.id.type']);
      expect(names(local, route, { subject: ['LocalPatientId'] })).toEqual([]);
      const nhsNo = patch(message(), 'subject.id', { type: 'NHS_No', value: BAD_CHECK_DIGIT });
      expect(names(nhsNo, route, { subject: ['NHS_No'] })).toEqual(['subject.id.value']);
      expect(names(patch(nhsNo, 'subject.id.value', '9434765919'), route, { subject: ['NHS_No'] })).toEqual([]);
    });
  });

  describe.each(ALL_ROUTES.slice(0, 2))('%s route', (route, message) => {
    it("refuses recipient type 'OdsCode', saying what to send and how to add a type", () => {
      const result = validate(patch(message(), 'recipient.id.type', 'OdsCode'), route);
      expect(result.invalidParameters).toEqual([
        {
          name: 'recipient.id.type',
          reason:
            "is not a recipient id type the service documents: send 'OcsClientIdentifier', or, if your environment uses this type, list it in the client's additionalIdTypes.recipient",
          value: 'OdsCode',
        },
      ]);
      expect(names(patch(message(), 'recipient.id.type', 'OdsCode'), route, { recipient: ['OdsCode'] })).toEqual([]);
    });

    it('suggests the upper-case form of an ODS code written in lower case', () => {
      const result = validate(patch(message(), 'recipient.id.value', 'a81001'), route);
      expect(result.invalidParameters).toEqual([
        { name: 'recipient.id.value', reason: "looks like an ODS code in lower case: send 'A81001' (ids are compared exactly)", value: 'a81001' },
      ]);
    });

    it('leaves recipient ids that are not lower-case ODS codes alone', () => {
      for (const value of ['A81001', 'practice', 'Local-7', 'x1']) {
        expect(names(patch(message(), 'recipient.id.value', value), route), value).toEqual([]);
      }
    });
  });

  it('GP route: a lower-case ODS code gets its upper-case form', () => {
    const result = validate(patch(gpMessage(), 'recipient.id.value', 'b86022'), 'gpconnect');
    expect(result.invalidParameters).toEqual([
      { name: 'recipient.id.value', reason: "must be upper case: send 'B86022' (ODS codes are upper-case letters and digits)", value: 'b86022' },
    ]);
  });

  it('GP route: an additional recipient type does not open the fixed recipient type', () => {
    expect(names(patch(gpMessage(), 'recipient.id.type', 'OdsCode'), 'gpconnect', { recipient: ['OdsCode'] })).toEqual(['recipient.id.type']);
  });

  it('ignores entries of additionalIdTypes that are not strings (JavaScript callers)', () => {
    const result = validateMessage(patch(standardMessage(), 'subject.id.type', 'LocalPatientId'), {
      route: 'standard',
      now: NOW,
      additionalIdTypes: { subject: [42, null, 'LocalPatientId'] as unknown as string[] },
    });
    expect(result.invalidParameters).toEqual([]);
  });
});

describe('isNhsNumberType: any type that names an NHS number', () => {
  it.each(['VerifiedNhsNumber', 'NHSNumber', 'nhsnumber', 'NHS', 'nhs_number', 'NHS-No', 'NhsNo', 'Nhs Num', 'UnverifiedNHSNumber'])('%s names one', (type) => {
    expect(isNhsNumberType(type)).toBe(true);
  });

  it.each(['LocalPatientId', 'MRN', 'NhsTrustId', 'CHI', 'OcsClientIdentifier', 'nhsx'])('%s does not', (type) => {
    expect(isNhsNumberType(type)).toBe(false);
  });
});

describe('additionalIdTypes on the client and the sandbox', () => {
  let sandbox: Sandbox;
  let opened: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
    opened = await startSandbox({ additionalIdTypes: { subject: ['LocalPatientId'], recipient: ['LocalOrg'] } });
  });
  afterAll(async () => {
    await sandbox.close();
    await opened.close();
  });

  /** A standard message for `target`, with the subject id given; the compiler refuses unknown types, so they come in as strings. */
  const message = (target: Sandbox, subject: { type: string; value: string }, recipientType = 'OcsClientIdentifier') =>
    ({
      topic: target.topics[0]!,
      recipient: { id: { type: recipientType, value: target.recipients[0]! } },
      subject: { id: subject },
      attachments: [{ mimeType: 'text/plain', fileName: 'note.txt', content: Buffer.from('Seen today.').toString('base64') }],
    }) as unknown as StandardMessageParams;

  it("the client refuses subject type 'NHS' with a bad check digit before sending", async () => {
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    // The client fetches the topic list before its first send; no send request may follow.
    const sends = (): number => sandbox.stats().byOperation['messages.send'] ?? 0;
    const before = sends();
    const error = await cdms.messages.send(message(sandbox, { type: 'NHS', value: BAD_CHECK_DIGIT })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters.map((p) => p.name)).toEqual(['subject.id.type', 'subject.id.value']);
    expect(sends()).toBe(before);
  });

  it("the sandbox refuses subject type 'NHS' and recipient type 'OdsCode' (400 with invalidParameters)", async () => {
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    const nhs = await cdms.messages.send(message(sandbox, { type: 'NHS', value: BAD_CHECK_DIGIT }), { skipLocalValidation: true }).catch((e: unknown) => e);
    expect(nhs).toBeInstanceOf(BadRequestError);
    expect((nhs as BadRequestError).invalidParameters).toEqual([
      expect.objectContaining({ name: 'subject.id.type', reason: expect.stringMatching(/^is not a subject id type the service documents/) as string }),
      expect.objectContaining({ name: 'subject.id.value', reason: expect.stringMatching(/Modulus 11/) as string }),
    ]);
    const ods = await cdms.messages.send(message(sandbox, { type: 'VerifiedNhsNumber', value: '9434765919' }, 'OdsCode'), { skipLocalValidation: true }).catch((e: unknown) => e);
    expect(ods).toBeInstanceOf(BadRequestError);
    expect((ods as BadRequestError).invalidParameters.map((p) => p.name)).toEqual(['recipient.id.type']);
  });

  it('a client and a sandbox that list the same extra types send and accept them; an NHS-number type keeps its check', async () => {
    const cdms = new CdmsClient({
      baseUrl: opened.url,
      apiKey: opened.apiKey,
      additionalIdTypes: { subject: ['LocalPatientId', 'NHS_No'], recipient: ['LocalOrg'] },
    });
    const sent = await cdms.messages.send(message(opened, { type: 'LocalPatientId', value: 'MRN-0042' }, 'LocalOrg'));
    expect(opened.getMessage(sent.messageId)?.request).toMatchObject({ subject: { id: { type: 'LocalPatientId' } }, recipient: { id: { type: 'LocalOrg' } } });
    await expect(cdms.messages.send(message(opened, { type: 'NHS_No', value: BAD_CHECK_DIGIT }))).rejects.toThrow(/subject\.id\.value: is not a valid NHS number/);
  });

  it('a sandbox without the extra types refuses what an opened client sends', async () => {
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, additionalIdTypes: { subject: ['LocalPatientId'] } });
    const error = await cdms.messages.send(message(sandbox, { type: 'LocalPatientId', value: 'MRN-0042' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect((error as BadRequestError).invalidParameters.map((p) => p.name)).toEqual(['subject.id.type']);
  });

  it('the option is copied: changing the caller’s array later changes nothing', async () => {
    const subject = ['LocalPatientId'];
    const cdms = new CdmsClient({ baseUrl: opened.url, apiKey: opened.apiKey, additionalIdTypes: { subject } });
    subject.length = 0;
    await expect(cdms.messages.send(message(opened, { type: 'LocalPatientId', value: 'MRN-0043' }))).resolves.toMatchObject({ recovered: false });
  });

  it.each([
    [{ subject: 'LocalPatientId' }, /additionalIdTypes\.subject must be an array/],
    [{ subject: [''] }, /additionalIdTypes\.subject must hold id type names/],
    [{ recipient: [' Padded'] }, /additionalIdTypes\.recipient must hold id type names/],
    [{ patient: ['X'] }, /takes 'subject' and 'recipient' only, not 'patient'/],
    [['LocalPatientId'], /must be an object/],
  ])('a malformed option %j is a ConfigurationError', (value, reason) => {
    const make = () => new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey, additionalIdTypes: value as never });
    expect(make).toThrow(ConfigurationError);
    expect(make).toThrow(reason);
  });

  it('a malformed sandbox option is refused at start', async () => {
    await expect(startSandbox({ additionalIdTypes: { subject: [42] } as never })).rejects.toThrow(/additionalIdTypes\.subject must hold id type names/);
  });
});
