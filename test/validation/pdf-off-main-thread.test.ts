// The wrong-patient check reads PDFs in worker threads: unpdf (PDF.js) is
// never loaded on the main thread here (it is replaced by a module that
// fails loudly and counts), yet every verdict is right, which only a worker
// reading the PDF can give. Also: the verdict cache (a resend is not read
// again, counted), the time budget (a PDF not read in time says nothing, as
// an unreadable one does, and is not cached), a damaged PDF found out before
// PDF.js, several pages, and the fallback where workers cannot run.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATIENT, standardMessage } from '../helpers/fixtures.js';
import { base64Of, pdfWithText } from '../helpers/pdfs.js';

const mainThread = vi.hoisted(() => ({ unpdfLoads: 0, parses: 0 }));
vi.mock('unpdf', () => {
  mainThread.unpdfLoads++;
  return {
    getDocumentProxy: () => {
      mainThread.parses++;
      throw new Error('the main thread must never parse a PDF');
    },
  };
});

const { PdfChecker } = await import('../../src/validation/pdf-check/pdf-checker.js');
const { allowWorkersForTesting, sharedPool } = await import('../../src/validation/pdf-check/pdf-pool.js');
const { assertRightPatient, checkWrongPatient } = await import('../../src/validation/wrong-patient.js');
const { LocalValidationError } = await import('../../src/index.js');

const SUBJECT = PATIENT.nhsNumber;
const OTHER = '9990000026';
const spaced = (n: string) => `${n.slice(0, 3)} ${n.slice(3, 6)} ${n.slice(6)}`;
const pdfAttachment = (bytes: Uint8Array) => ({ mimeType: 'application/pdf' as const, fileName: 'letter.pdf', content: base64Of(bytes) });

/** A letter of `pages` pages of ordinary text, `extra` lines on the pages given. */
async function letter(pages: number, extra: Record<number, string> = {}): Promise<Uint8Array> {
  return pdfWithText(
    Array.from({ length: pages }, (_, p) => [
      ...(extra[p + 1] !== undefined ? [extra[p + 1]!] : []),
      ...Array.from({ length: 30 }, (_, l) => `Page ${p + 1}, line ${l + 1}: observations stable; advice given; review in 48 hours.`),
    ]),
  );
}

afterEach(() => {
  allowWorkersForTesting(true);
});

describe('PDFs are read off the main thread', () => {
  it("another patient's NHS number on page 1 of 3 is found, by a worker: unpdf never loads here", { timeout: 60_000 }, async () => {
    const result = await checkWrongPatient(standardMessage({ attachments: [pdfAttachment(await letter(3, { 1: `Re: ${spaced(OTHER)}` }))] }));
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments[0].content']);
    const named = await checkWrongPatient(standardMessage({ attachments: [pdfAttachment(await letter(3, { 1: `Mother: ${OTHER}`, 3: `Baby: ${SUBJECT}` }))] }));
    expect(named.ok).toBe(true);
    expect([mainThread.unpdfLoads, mainThread.parses]).toEqual([0, 0]);
  });

  it('the attachments of one message are read in parallel, up to the pool size, each verdict in its place', async () => {
    const checker = new PdfChecker({ workers: 2 });
    const message = standardMessage({
      attachments: [
        pdfAttachment(await letter(2, { 2: `NHS ${SUBJECT}` })),
        pdfAttachment(await letter(2, { 1: `NHS ${OTHER}` })),
        pdfAttachment(await letter(1)),
        pdfAttachment(await letter(3, { 3: `NHS ${OTHER}` })),
      ],
    });
    const error = await assertRightPatient(message, {}, { checker }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as InstanceType<typeof LocalValidationError>).invalidParameters.map((p) => p.name)).toEqual(['attachments[1].content', 'attachments[3].content']);
    expect(checker.reads).toBe(4);
    expect(sharedPool(2)?.threads).toBe(2);
    expect([mainThread.unpdfLoads, mainThread.parses]).toEqual([0, 0]);
  });
});

describe('each PDF is read once per client', () => {
  it('a resend of the same attachment is answered from the cache: read once, same verdict', async () => {
    const checker = new PdfChecker();
    const bytes = await letter(3, { 2: `Re ${OTHER}` });
    const message = standardMessage({ attachments: [pdfAttachment(bytes)] });
    await expect(assertRightPatient(message, {}, { checker })).rejects.toBeInstanceOf(LocalValidationError);
    await expect(assertRightPatient(structuredClone(message), {}, { checker })).rejects.toBeInstanceOf(LocalValidationError);
    expect(checker.reads).toBe(1);
    // The same bytes for another subject are another question, read again.
    const forOther = standardMessage({ subject: { id: { type: 'NHSNumber', value: OTHER } }, attachments: [pdfAttachment(bytes)] });
    await assertRightPatient(forOther, {}, { checker });
    expect(checker.reads).toBe(2);
    // Another client's checker has its own cache.
    const other = new PdfChecker();
    await expect(assertRightPatient(message, {}, { checker: other })).rejects.toBeInstanceOf(LocalValidationError);
    expect(other.reads).toBe(1);
  });

  it('cacheEntries bounds the cache: the least recently used verdict goes first', async () => {
    const checker = new PdfChecker({ cacheEntries: 1 });
    const [a, b] = [await letter(1, { 1: `A ${OTHER}` }), await letter(1, { 1: `B ${OTHER}` })];
    for (const bytes of [a, b, a]) await checker.verdict(bytes.slice(), SUBJECT);
    expect(checker.reads).toBe(3);
  });
});

describe('the time budget and damaged PDFs', () => {
  // Worker start-ups and a 60-page read: slow on a loaded machine, so a longer timeout (no timing is asserted).
  it('a PDF not read within pdfTimeoutMs says nothing (as one that cannot be read), ends its worker, and is not cached', { timeout: 90_000 }, async () => {
    const bytes = await letter(60, { 60: `Re ${OTHER}` });
    const hurried = new PdfChecker({ pdfTimeoutMs: 1, workers: 3 });
    expect(await hurried.verdict(bytes.slice(), SUBJECT)).toBe('names-nobody');
    expect(await hurried.verdict(bytes.slice(), SUBJECT)).toBe('names-nobody');
    expect(hurried.reads).toBe(2); // not cached
    const result = await checkWrongPatient(standardMessage({ attachments: [pdfAttachment(bytes)] }));
    expect(result.ok).toBe(false); // the default budget reads it all
    expect(sharedPool(3)?.threads).toBe(0); // both workers whose time ran out were ended; none was started since
  });

  it('a file starting %PDF- without a trailer is not handed to PDF.js at all', async () => {
    const checker = new PdfChecker();
    const noise = new Uint8Array(200_000).map((_, i) => (i * 7919) % 251);
    noise.set(new TextEncoder().encode(`%PDF-1.7\nRe ${OTHER}\n`));
    expect(await checker.verdict(noise, SUBJECT)).toBe('names-nobody');
    const truncated = (await letter(2, { 1: `Re ${OTHER}` })).slice(0, 1500);
    expect(await checker.verdict(truncated, SUBJECT)).toBe('names-nobody');
    expect(checker.reads).toBe(0);
  });

  it('rejects a budget, pool size or cache size that is not a whole number', () => {
    expect(() => new PdfChecker({ pdfTimeoutMs: 0 })).toThrow('wrongPatientCheck.pdfTimeoutMs must be a whole number from 1 to 2147483647.');
    expect(() => new PdfChecker({ workers: 1.5 })).toThrow('wrongPatientCheck.workers must be');
    expect(() => new PdfChecker({ cacheEntries: -1 })).toThrow('wrongPatientCheck.cacheEntries must be a whole number, 0 or more.');
  });
});

describe('where workers cannot run', () => {
  it('PDFs are read on the calling thread, with the same verdicts', async () => {
    allowWorkersForTesting(false);
    const checker = new PdfChecker();
    // Here the main thread's unpdf is the stand-in, which cannot open anything: a PDF it fails to open says nothing.
    expect(await checker.verdict(await letter(3, { 1: `Re ${OTHER}` }), SUBJECT)).toBe('names-nobody');
    expect([mainThread.unpdfLoads, mainThread.parses, checker.reads]).toEqual([1, 1, 1]);
  });
});
