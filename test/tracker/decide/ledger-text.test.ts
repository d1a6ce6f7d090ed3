import { describe, expect, it } from 'vitest';
import { BadRequestError } from '../../../src/core/errors/api-error.js';
import { applySendVerdict } from '../../../src/tracker/decide/apply-send.js';
import { REDACTED } from '../../../src/core/redact.js';
import { CUT, ledgerText, valuesOf } from '../../../src/tracker/decide/ledger-text.js';
import { classifySendError } from '../../../src/tracker/decide/send-verdict.js';
import { describeError } from '../../../src/tracker/decide/describe-error.js';
import type { StoredPayload } from '../../../src/tracker/model/message-state.js';
import { stateOf, step } from './support.js';

const payload = {
  message: {
    messageId: '6f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11',
    topic: 'Discharge Summary',
    recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
    subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
    body: { mimeType: 'text/plain', content: 'Quibbled over marmalade, discharged home.' },
    attachments: [{ mimeType: 'application/pdf', fileName: 'Wobbleton-letter.pdf', content: 'JVBERi0xLjQK' }],
    codedDataItems: [{ code: '271649006', value: 187, unit: 'mmHg', additionalText: 'Snorkelling pressure' }],
    gpConnectAdditionalInformation: { patient: { name: { family: 'Ng', given: 'Perpetua' }, dateOfBirth: '1953-07-14' } },
  },
  accessToken: '0b7e4a52-9c1d-4e8f-a3b6-5d2c1e0f9a87',
};
const secrets = ['9434765919', 'Quibbled over marmalade, discharged home.', 'Wobbleton-letter.pdf', 'JVBERi0xLjQK', '187', 'Snorkelling pressure', 'Ng', 'Perpetua', '1953-07-14', '0b7e4a52-9c1d-4e8f-a3b6-5d2c1e0f9a87'];

describe('ledgerText', () => {
  it('every value the message carried is found, at any depth; the ones the ledger keeps anyway are not', () => {
    const values = valuesOf(payload);
    for (const s of secrets) expect(values).toContain(s);
    for (const kept of [payload.message.messageId, 'Discharge Summary', 'A81001']) expect(values).not.toContain(kept);
  });

  it("masks each value the service echoed, whatever its case, and leaves the rest readable", () => {
    const echoed = `POST /api/v1/messages failed with 400 Bad Request (The value 'WOBBLETON-LETTER.PDF' is not valid; 'quibbled over marmalade, discharged home.' too long; ` +
      `'Snorkelling pressure' unknown; family 'Ng'; given 'Perpetua'; born 1953-07-14; value 187; token 0b7e4a52-9c1d-4e8f-a3b6-5d2c1e0f9a87). Topic Discharge Summary to A81001.`;
    const kept = ledgerText(echoed, payload);
    // Short values ("Ng") are masked as whole words (the SDK's redaction rule): "long" keeps its "ng".
    const found = (s: string) => new RegExp(`(?<![\\p{L}\\p{N}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu').test(kept);
    for (const s of secrets) expect(found(s), s).toBe(false);
    expect(kept).toContain('POST /api/v1/messages failed with 400 Bad Request');
    expect(kept).toContain('Topic Discharge Summary to A81001.');
  });

  it('a value cut in half where a long description was cut is masked too', () => {
    // Padding that puts the cut (at 499 characters) ten characters into the body text.
    const head = 'BadRequestError: POST /api/v1/messages failed with 400 Bad Request (';
    const pad = 'x '.repeat(300).slice(0, 499 - head.length - "The value '".length - 10);
    const long = new BadRequestError({
      method: 'POST', path: 'api/v1/messages', status: 400, headers: new Headers(),
      problem: { title: 'Bad Request', detail: `${pad}The value 'Quibbled over marmalade, discharged home.' is not valid` },
    });
    const described = describeError(long);
    expect(described.endsWith(CUT)).toBe(true);
    // The cut falls inside the body text: its start is left bare before redaction.
    expect(described).toMatch(/'Quib[a-z ,]*…$/);
    const kept = ledgerText(described, payload);
    expect(kept).not.toMatch(/Quib/);
    expect(kept.endsWith(`[redacted]${CUT}`)).toBe(true);
  });

  it('applySendVerdict keeps only the redacted text, as lastError and in the attention and its event', () => {
    const error = new BadRequestError({
      method: 'POST', path: 'api/v1/messages', status: 400, headers: new Headers(),
      problem: { title: 'Bad Request', detail: "The value 'Wobbleton-letter.pdf' is not valid", invalidParameters: [{ name: 'attachments[0].fileName', reason: "'Snorkelling pressure' and 'Perpetua' are not allowed" }] },
    });
    const verdict = classifySendError(error, false);
    expect(verdict.kind).toBe('failed');
    const t = applySendVerdict(stateOf('sending', { payload }), verdict, step());
    const written = JSON.stringify([t.state.lastError, t.state.attentionDetail, t.events]);
    expect(t.state.lastError).toContain('400 Bad Request');
    for (const s of ['Wobbleton-letter.pdf', 'Snorkelling pressure', 'Perpetua']) expect(written).not.toContain(s);
    expect(t.state.payload).toBeNull();
  });
});

describe('valuesOf and ledgerText: the edges', () => {
  const nested = (depth: number, leaf: string): unknown => (depth === 0 ? leaf : { down: nested(depth - 1, leaf) });

  it('valuesOf: exactly the values, trimmed beside as sent; finite numbers; nulls, booleans and gaps skipped; 16 levels deep and no deeper', () => {
    const message = {
      messageId: 'id-1', topic: 'Topic', recipient: {},
      note: '  padded  ', count: 7, notANumber: Number.NaN, far: Number.POSITIVE_INFINITY, none: null, gap: undefined, flag: true,
      deep: nested(15, 'sixteen levels'), deeper: nested(16, 'seventeen levels'),
    };
    expect(valuesOf({ message })).toEqual(['  padded  ', 'padded', '7', 'sixteen levels', 'sixteen levels']);
    expect(valuesOf({ message: { recipient: { id: {} } }, accessToken: 'token-1' })).toEqual(['token-1']);
  });

  const custom: StoredPayload = { message: { body: 'Quibbled over marmalade', note: 'over the moon', code: 'x' } };

  it('without a payload: the SDK redaction alone', () => {
    expect(ledgerText('HTTP 400 for Quibbled', null)).toBe('HTTP 400 for Quibbled');
  });

  it('a value of one character is not masked (it would mask every such letter or digit)', () => {
    expect(ledgerText('error x at line 3', custom)).toBe('error x at line 3');
  });

  it('text not cut short: a value-like ending is left as it is', () => {
    expect(ledgerText('it said Quibbx', custom)).toBe('it said Quibbx');
  });

  it('text cut short: the longest start of a value at the cut is masked, two characters or more, nothing else', () => {
    expect(ledgerText(`it said Quibbled ov${CUT}`, custom)).toBe(`it said ${REDACTED}${CUT}`);
    expect(ledgerText(`it said Qu${CUT}`, custom)).toBe(`it said ${REDACTED}${CUT}`);
    expect(ledgerText(`it said Q${CUT}`, custom)).toBe(`it said Q${CUT}`);
    expect(ledgerText(`plain text${CUT}`, custom)).toBe(`plain text${CUT}`);
  });

  it('a short value masked only as a word is not masked as the end of another word at the cut', () => {
    const short: StoredPayload = { message: { family: 'Ng' } };
    expect(ledgerText(`it took long${CUT}`, short)).toBe(`it took long${CUT}`);
  });
});
