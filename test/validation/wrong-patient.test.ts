import { describe, expect, it, vi } from 'vitest';
import { LocalValidationError, checkWrongPatient } from '../../src/index.js';
import { PdfChecker } from '../../src/validation/pdf-check/pdf-checker.js';
import { assertRightPatient } from '../../src/validation/wrong-patient.js';
import { findNhsNumbers } from '../../src/validation/nhs-numbers-in-text.js';
import { PIECE_CHARS } from '../../src/internal/json-pieces.js';
import { PATIENT, standardMessage } from '../helpers/fixtures.js';
import { base64Of, pdfWithText, pdfWithoutText } from '../helpers/pdfs.js';

const SUBJECT = PATIENT.nhsNumber; // 943 476 5919
const OTHER = '9990000026';
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;

const pdf = async (pages: string[][]) => ({ mimeType: 'application/pdf', fileName: 'letter.pdf', content: base64Of(await pdfWithText(pages)) });
const text = (content: string, mimeType = 'text/plain') => ({ mimeType, fileName: 'notes.txt', content: Buffer.from(content).toString('base64') });
const withAttachments = (...attachments: { mimeType: string; fileName: string; content: string }[]) => standardMessage({ attachments });

describe('findNhsNumbers', () => {
  it.each([
    [`NHS number ${SUBJECT}`, [SUBJECT]],
    [`NHS No: ${spaced(SUBJECT)}.`, [SUBJECT]],
    [`NHS No: 943-476-5919`, [SUBJECT]],
    [`wide gaps 943   476   5919`, [SUBJECT]],
    [`943\u00A0476\u00A05919 and ${OTHER}`, [SUBJECT, OTHER]],
    [`${SUBJECT}${SUBJECT}`, []], // twenty digits: not an NHS number
    [`1${SUBJECT}`, []],
    [`${SUBJECT}7`, []],
    ['9434765918', []], // check digit wrong
    ['0000000000 9999999999', []], // placeholders
    ['tel 0113 496 0000, 020 7946 0000', []],
    ['', []],
  ])('%j', (input, expected) => {
    expect([...findNhsNumbers(input)].sort()).toEqual([...expected].sort());
  });
});

describe('checkWrongPatient', () => {
  it('a PDF whose text layer names the subject: passes', async () => {
    expect(await checkWrongPatient(withAttachments(await pdf([[`Patient: ${spaced(SUBJECT)}`, 'Seen at the out-of-hours centre.']])))).toEqual({ ok: true, invalidParameters: [] });
  });

  it('a PDF whose text layer names another patient only: refused, naming the attachment by place, never the numbers or the file', async () => {
    const result = await checkWrongPatient(withAttachments(await pdf([[`Patient: ${spaced(OTHER)}`]])));
    expect(result.ok).toBe(false);
    expect(result.invalidParameters).toEqual([{ name: 'attachments[0].content', reason: expect.stringContaining("none of them is the subject's") as string }]);
    const shown = JSON.stringify(result);
    for (const secret of [OTHER, spaced(OTHER), SUBJECT, 'letter.pdf']) expect(shown).not.toContain(secret);
    expect(result.invalidParameters[0]?.reason).toContain('allowOtherNhsNumbers: true');
  });

  it('a PDF with text but no NHS number, and a PDF with no text layer: pass', async () => {
    expect((await checkWrongPatient(withAttachments(await pdf([['Advice given. Review in two weeks.']])))).ok).toBe(true);
    const scan = { mimeType: 'application/pdf', fileName: 'scan.pdf', content: base64Of(await pdfWithoutText()) };
    expect((await checkWrongPatient(withAttachments(scan))).ok).toBe(true);
  });

  it("the subject named on any page lets the document name others (a mother's number in a newborn's letter)", async () => {
    const letter = await pdf([[`Mother: ${OTHER}`], ['Discharge summary'], [`Baby: ${SUBJECT}`]]);
    expect((await checkWrongPatient(withAttachments(letter))).ok).toBe(true);
  });

  it('another patient named on a later page is still found', async () => {
    const letter = await pdf([['Summary'], ['Continued'], [`Re: ${OTHER}`]]);
    expect((await checkWrongPatient(withAttachments(letter))).invalidParameters.map((p) => p.name)).toEqual(['attachments[0].content']);
  });

  it('another patient named on page 1 and nobody on pages 2-3: refused (what page 1 named is not forgotten by the pages after it)', async () => {
    const letter = await pdf([[`Re: ${spaced(OTHER)}`], ['Seen in clinic.'], ['Review in two weeks.']]);
    expect((await checkWrongPatient(withAttachments(letter))).invalidParameters.map((p) => p.name)).toEqual(['attachments[0].content']);
  });

  it('text and consultation-notes attachments are searched; only the ones naming others are refused', async () => {
    const result = await checkWrongPatient(
      withAttachments(text(`Patient ${SUBJECT}`), text(`Re ${spaced(OTHER)}`, 'text/vnd.vendor.service.consultation'), text('nothing'), text(`Re ${OTHER}`)),
    );
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments[1].content', 'attachments[3].content']);
  });

  it('a damaged PDF, an image, content that is not base64, or a subject without an NHS number: not refused here', async () => {
    const damaged = { mimeType: 'application/pdf', fileName: 'x.pdf', content: Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n').toString('base64') };
    const jpeg = { mimeType: 'image/jpeg', fileName: 'x.jpg', content: Buffer.from(`\xff\xd8\xff ${OTHER}`, 'latin1').toString('base64') };
    const notBase64 = { mimeType: 'text/plain', fileName: 'x.txt', content: `${OTHER}!!` };
    expect((await checkWrongPatient(withAttachments(damaged, jpeg, notBase64))).ok).toBe(true);
    const local = standardMessage({ subject: { id: { type: 'LocalPatientId' as never, value: 'L-1' } }, attachments: [text(`Re ${OTHER}`)] });
    expect((await checkWrongPatient(local)).ok).toBe(true);
    expect((await checkWrongPatient(null)).ok).toBe(true);
  });

  it('stops reading a PDF when the signal aborts', async () => {
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    await expect(checkWrongPatient(withAttachments(await pdf([['a'], ['b']])), { signal: controller.signal })).rejects.toThrow('stop');
  });
});

describe('checkWrongPatient: what it reads of the message', () => {
  it('a subject written with spaces is the same number as in the text: passes', async () => {
    const message = standardMessage({ subject: { id: { type: 'VerifiedNhsNumber', value: spaced(SUBJECT) } }, attachments: [text(`Re ${SUBJECT}`)] });
    expect(await checkWrongPatient(message)).toEqual({ ok: true, invalidParameters: [] });
  });

  it.each([
    ['no subject', undefined],
    ['a subject without an id', {}],
    ['an id that is not an object', { id: 'x' }],
    ['an id without a type', { id: { value: SUBJECT } }],
    ['an NHS-number id whose value is not a string', { id: { type: 'VerifiedNhsNumber', value: 9434765919 } }],
  ])('%s: nothing to compare with, so not refused (and no error)', async (_, subject) => {
    const message = { ...withAttachments(text(`Re ${OTHER}`)), subject };
    expect(await checkWrongPatient(message)).toEqual({ ok: true, invalidParameters: [] });
  });

  it('a message without attachments passes with an empty list of problems', async () => {
    expect(await checkWrongPatient({ subject: standardMessage().subject })).toEqual({ ok: true, invalidParameters: [] });
  });

  it('attachments that are not objects, or lack a string type or content, are skipped; the others are still checked by place', async () => {
    const message = { ...standardMessage(), attachments: [null, { mimeType: 7, content: 'eA==' }, { mimeType: 'text/plain', content: 7 }, text(`Re ${OTHER}`)] };
    const result = await checkWrongPatient(message);
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments[3].content']);
  });

  it('an attachment that is neither text nor a PDF is not handed to the PDF reader', async () => {
    const read = vi.spyOn(PdfChecker.prototype, 'verdict');
    try {
      const image = { mimeType: 'image/png', fileName: 'x.png', content: Buffer.from(`%PDF-1.4 ${OTHER} %%EOF`).toString('base64') };
      expect((await checkWrongPatient(withAttachments(image))).ok).toBe(true);
      expect(read).not.toHaveBeenCalled();
    } finally {
      read.mockRestore();
    }
  });
});

describe('assertRightPatient: the send pipeline step', () => {
  const context = { checker: new PdfChecker() };
  const other = withAttachments(text(`Re ${OTHER}`));

  it("throws a local error (not-sent) naming the attachment when it names only another patient's number", async () => {
    const error: unknown = await assertRightPatient(other, {}, context).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect(error).toMatchObject({ delivery: 'not-sent', invalidParameters: [{ name: 'attachments[0].content' }] });
    expect((error as Error).message).not.toContain(OTHER);
  });

  it('allowOtherNhsNumbers: true lets it through; false or unset does not', async () => {
    await expect(assertRightPatient(other, { allowOtherNhsNumbers: true }, context)).resolves.toBeUndefined();
    await expect(assertRightPatient(other, { allowOtherNhsNumbers: false }, context)).rejects.toBeInstanceOf(LocalValidationError);
  });

  it('a message naming its own subject passes', async () => {
    await expect(assertRightPatient(withAttachments(text(`Re ${SUBJECT}`)), {}, context)).resolves.toBeUndefined();
  });
});

describe('checkWrongPatient: the event loop between large attachments', () => {
  /** A text attachment whose base64 is exactly `chars` long (a multiple of 4), naming another patient. */
  const textOfBase64Length = (chars: number) => {
    const bytes = Buffer.alloc((chars / 4) * 3, 'x');
    bytes.write(`NHS ${OTHER} `, 0);
    const content = bytes.toString('base64');
    expect(content.length).toBe(chars);
    return { mimeType: 'text/plain', fileName: 'notes.txt', content };
  };

  /** The turns of the event loop that pass while the check runs. */
  async function turnsDuring(message: unknown): Promise<number> {
    let turns = 0;
    let watching = true;
    const tick = (): void => {
      if (!watching) return;
      turns++;
      setImmediate(tick);
    };
    setImmediate(tick);
    const result = await checkWrongPatient(message);
    watching = false;
    expect(result.ok).toBe(false); // each attachment was read: all name only another patient
    return turns;
  }

  it('decodes each large attachment in a turn of its own, one after another', async () => {
    const large = textOfBase64Length(PIECE_CHARS);
    expect(await turnsDuring(withAttachments(large))).toBeGreaterThanOrEqual(1);
    expect(await turnsDuring(withAttachments(large, textOfBase64Length(PIECE_CHARS + 4), large))).toBeGreaterThanOrEqual(3);
  });

  it('checks small attachments without waiting for a turn', async () => {
    const small = textOfBase64Length(PIECE_CHARS - 4);
    expect(await turnsDuring(withAttachments(small, small, small))).toBe(0);
  });
});
