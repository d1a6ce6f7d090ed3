import { describe, expect, it } from 'vitest';
import { validateMessage, type Route } from '../../src/index.js';
import { NOW, PATIENT, messageFor, patch } from './fixtures.js';

/** Every value in this message is patient data or content; each field is also invalid. */
function badPatientMessage(route: Route) {
  let m = messageFor(route);
  m = patch(m, 'subject.id.value', '9434765918'); // right shape, wrong check digit: close to a real number
  m = patch(m, 'attachments[0].fileName', `${PATIENT.family} ${PATIENT.nhsNumber}.pdf.`);
  m = patch(m, 'attachments[0].content', `data:application/pdf;base64,${Buffer.from(`${PATIENT.family} ${PATIENT.dateOfBirth}`).toString('base64')}`);
  m = patch(m, 'body.content', 42);
  if (route === 'gpconnect') {
    m = patch(m, 'gpConnectAdditionalInformation.patient.name.family', 123);
    m = patch(m, 'gpConnectAdditionalInformation.patient.name.given', 456);
    m = patch(m, 'gpConnectAdditionalInformation.patient.dateOfBirth', 19870314);
    m = patch(m, 'gpConnectAdditionalInformation.senderReference', 9434765919);
  } else {
    m = patch(m, 'codedDataItems[0].additionalText', 9434765919);
  }
  return m;
}

const SECRETS = [
  '9434765918',
  '9434765919',
  '943 476 5918',
  PATIENT.family,
  PATIENT.nhsNumber,
  PATIENT.dateOfBirth,
  '19870314',
  '123',
  '456',
  'data:application',
  Buffer.from(`${PATIENT.family} ${PATIENT.dateOfBirth}`).toString('base64').slice(0, 12),
];

describe('patient data is never echoed', () => {
  it.each(['standard', 'instant', 'gpconnect'] as Route[])('%s: no patient value, file name or content in the result', (route) => {
    const result = validateMessage(badPatientMessage(route), { route, now: NOW });
    expect(result.ok).toBe(false);
    expect(result.invalidParameters.length).toBeGreaterThanOrEqual(4);
    const text = JSON.stringify(result);
    for (const secret of SECRETS) expect(text).not.toContain(secret);
    for (const p of result.invalidParameters) {
      if (/subject|patient|fileName|content|senderReference|additionalText/.test(p.name)) expect(p).not.toHaveProperty('value');
    }
  });

  it('does not echo a subject id with spaces or of the wrong length', () => {
    for (const value of ['943 476 5919', '94347659', 'Ottoline F']) {
      const result = validateMessage(patch(messageFor('standard'), 'subject.id.value', value), { route: 'standard', now: NOW });
      expect(result.ok).toBe(false);
      expect(JSON.stringify(result)).not.toContain(value);
      expect(JSON.stringify(result)).not.toContain(value.slice(0, 5));
    }
  });

  it('does not echo a field name that looks like data', () => {
    const m = { ...messageFor('standard'), [PATIENT.nhsNumber]: 'x', 'Ottoline Featherstonehaugh': 'y' };
    const result = validateMessage(m, { route: 'standard', now: NOW });
    expect(result.invalidParameters).toEqual([{ name: '(root)', reason: 'has 2 unknown field(s) whose names are not shown; remove them' }]);
  });

  it('shows values of allow-listed fields only, and only short primitives', () => {
    const m = patch(patch(messageFor('standard'), 'attachments[0].mimeType', 'application/msword'), 'topic', 'T'.repeat(500));
    const result = validateMessage(m, { route: 'standard', now: NOW, topics: ['Discharge Summary'] });
    expect(result.invalidParameters.find((p) => p.name === 'attachments[0].mimeType')?.value).toBe('application/msword');
    expect(result.invalidParameters.find((p) => p.name === 'topic')).not.toHaveProperty('value');
  });
});
