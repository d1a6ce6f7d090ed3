// The GP route's additional information and coded data items at their
// edges: versionNumber with and without relatesTo (each combination), the
// names and optional parts, a typeCode that is a SNOMED CT id but no concept,
// and the 1,000 coded data items examined one by one; each required field
// of the additional information required, empty ones said to be empty,
// wrong-typed ones shown where allowed, and a versionNumber that cannot be
// read said to be unreadable.
import { describe, expect, it } from 'vitest';
import { validateMessage } from '../../src/index.js';
import { NOW, REMOVE, messageFor, patch } from './fixtures.js';

const INFO = 'gpConnectAdditionalInformation';
const gp = (path: string, value: unknown) => validateMessage(patch(messageFor('gpconnect'), `${INFO}.${path}`, value), { route: 'gpconnect', now: NOW }).invalidParameters;

describe('versionNumber and relatesTo', () => {
  it('takes a replacement with the id it replaces, and refuses one without', () => {
    const replacement = patch(patch(messageFor('gpconnect'), `${INFO}.versionNumber`, 2), `${INFO}.relatesTo`, 'previous-id');
    expect(validateMessage(replacement, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([]);
    expect(gp('versionNumber', 2)).toEqual([
      { name: `${INFO}.relatesTo`, reason: 'is required when versionNumber is greater than 1: give the id of the message this one replaces' },
    ]);
  });

  it('refuses an empty relatesTo once, as empty, on an original or a replacement', () => {
    expect(gp('relatesTo', '')).toEqual([{ name: `${INFO}.relatesTo`, reason: 'must not be empty' }]);
    const replacement = patch(patch(messageFor('gpconnect'), `${INFO}.versionNumber`, 3), `${INFO}.relatesTo`, ' ');
    expect(validateMessage(replacement, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([{ name: `${INFO}.relatesTo`, reason: 'must not be empty' }]);
  });

  it('refuses an original that names what it replaces, and a version that is no whole number from 1', () => {
    expect(gp('relatesTo', 'previous-id')).toEqual([
      { name: `${INFO}.relatesTo`, reason: 'must be absent when versionNumber is 1: an original send replaces nothing' },
    ]);
    for (const bad of [0, -1, 1.5, 2 ** 53, Number.NaN, '1', null]) {
      expect(gp('versionNumber', bad), String(bad)).toEqual([
        { name: `${INFO}.versionNumber`, reason: 'must be an integer of at least 1 (1 for an original send)', ...(Number.isNaN(bad) ? {} : { value: bad }) },
      ]);
    }
    expect(gp('versionNumber', undefined)).toEqual([{ name: `${INFO}.versionNumber`, reason: 'is required: 1 for an original send, 2 or more for a replacement' }]);
  });
});

describe('the rest of the additional information', () => {
  it('checks the names: family required and not empty, given optional', () => {
    expect(gp('patient.name.given', undefined)).toEqual([]);
    expect(gp('patient.name.family', ' ')).toEqual([{ name: `${INFO}.patient.name.family`, reason: 'must not be empty' }]);
    expect(gp('practitioner.name.family', undefined)).toEqual([{ name: `${INFO}.practitioner.name.family`, reason: 'is required' }]);
    expect(gp('patient.name.nickname', 'x')).toEqual([{ name: `${INFO}.patient.name.nickname`, reason: 'unknown field; remove it (check the spelling)' }]);
    expect(gp('patient.dateOfBirth', '')).toEqual([{ name: `${INFO}.patient.dateOfBirth`, reason: 'must not be empty' }]);
  });

  it('takes practitioner and organisation as optional, each field a string', () => {
    expect(gp('practitioner', undefined)).toEqual([]);
    expect(gp('organisation', undefined)).toEqual([]);
    expect(gp('patient', undefined)).toEqual([{ name: `${INFO}.patient`, reason: 'is required' }]);
    for (const key of ['sdsUserId', 'telephone', 'email']) {
      expect(gp(`practitioner.${key}`, 5), key).toEqual([{ name: `${INFO}.practitioner.${key}`, reason: 'must be a string, not a number' }]);
    }
    for (const key of ['telephone', 'email']) {
      expect(gp(`organisation.${key}`, 5), key).toEqual([{ name: `${INFO}.organisation.${key}`, reason: 'must be a string, not a number' }]);
    }
    expect(gp('practitioner.fax', '0113')).toEqual([{ name: `${INFO}.practitioner.fax`, reason: 'unknown field; remove it (check the spelling)' }]);
  });

  it('takes both recipient types, and refuses a typeCode of another partition, echoing it', () => {
    expect(gp('recipientType', 'For Information')).toEqual([]);
    expect(gp('recipientType', undefined)).toEqual([{ name: `${INFO}.recipientType`, reason: 'is required' }]);
    expect(gp('typeCode', '38341013')[0]?.name).toBe(`${INFO}.typeCode`);
    expect(gp('senderReference', '')).toEqual([{ name: `${INFO}.senderReference`, reason: 'must not be empty' }]);
    expect(gp('typeDescription', undefined)).toEqual([{ name: `${INFO}.typeDescription`, reason: 'is required' }]);
    expect(gp('confidentiality', undefined)).toEqual([{ name: `${INFO}.confidentiality`, reason: 'is required' }]);
    expect(gp('extra', 1)).toEqual([{ name: `${INFO}.extra`, reason: 'unknown field; remove it (check the spelling)' }]);
  });
});

describe('codedDataItems', () => {
  const coded = (items: unknown) => validateMessage(patch(messageFor('standard'), 'codedDataItems', items), { route: 'standard', now: NOW }).invalidParameters;

  it('examines the first 1,000 items only', () => {
    const items = Array.from({ length: 1001 }, () => ({ code: '38341003' }));
    expect(coded(items.map((item, i) => (i === 1000 ? { code: 'x' } : item)))).toEqual([]);
    expect(coded(items.map((item, i) => (i === 999 ? { code: 'x' } : item))).map((p) => p.name)).toEqual(['codedDataItems[999].code']);
  });

  it('takes a value as a finite number, zero and negatives too, and echoes a wrong one', () => {
    expect(coded([{ code: '38341003', value: 0 }, { code: '38341003', value: -1.5 }])).toEqual([]);
    expect(coded([{ code: '38341003', value: '1' }])).toEqual([{ name: 'codedDataItems[0].value', reason: 'must be a finite number (not a string, NaN or Infinity)', value: '1' }]);
    expect(coded([{ code: '38341003', value: null }])).toEqual([{ name: 'codedDataItems[0].value', reason: 'must be a finite number (not a string, NaN or Infinity)', value: null }]);
  });

  it('names a code of another partition with its digits, and a code given as a number', () => {
    expect(coded([{ code: '38341013' }])[0]).toMatchObject({ name: 'codedDataItems[0].code' });
    expect(coded([{ code: 38341003 }])).toEqual([
      { name: 'codedDataItems[0].code', reason: 'must be a string: SNOMED CT ids can exceed Number.MAX_SAFE_INTEGER and lose digits as numbers', value: 38341003 },
    ]);
    expect(coded(undefined)).toEqual([]);
  });
});

describe('additional information fields at their edges', () => {
  it('requires senderReference and typeCode, and says only that when they are missing', () => {
    for (const field of ['senderReference', 'typeCode']) expect(gp(field, REMOVE), field).toEqual([{ name: `${INFO}.${field}`, reason: 'is required' }]);
  });

  it('says an empty typeCode is empty', () => {
    expect(gp('typeCode', '')).toEqual([{ name: `${INFO}.typeCode`, reason: 'must not be empty' }]);
  });

  it.each(['recipientType', 'typeCode', 'typeDescription'])('shows %s when it is no string', (field) => {
    expect(gp(field, 42)).toEqual([{ name: `${INFO}.${field}`, reason: 'must be a string, not a number', value: 42 }]);
  });

  it('says a versionNumber whose getter throws could not be read', () => {
    const m = messageFor('gpconnect');
    Object.defineProperty(m[INFO], 'versionNumber', {
      enumerable: true,
      get: () => {
        throw new Error('not readable');
      },
    });
    expect(validateMessage(m, { route: 'gpconnect', now: NOW }).invalidParameters).toEqual([
      { name: `${INFO}.versionNumber`, reason: 'could not be read (a getter or Proxy threw); pass plain JSON data' },
    ]);
  });
});

