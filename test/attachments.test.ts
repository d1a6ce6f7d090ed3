import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CdmsError,
  LocalValidationError,
  attachmentFromBytes,
  attachmentFromFile,
  attachmentFromText,
  validateMessage,
  type Attachment,
} from '../src/index.js';
import { setNodeBufferForTesting } from '../src/validation/runtime.js';
import { JPEG_BYTES, PDF_BYTES, messageFor, patch } from './validation/fixtures.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cdms-attachments-'));
  await writeFile(join(dir, 'summary.pdf'), PDF_BYTES);
  await writeFile(join(dir, 'wound.JPG'), JPEG_BYTES);
  await writeFile(join(dir, 'notes.txt'), 'Seen today.\nBP 120/80, £0 charge.\n', 'utf8');
  await writeFile(join(dir, 'scan.pdf'), JPEG_BYTES);
  await writeFile(join(dir, 'document'), PDF_BYTES);
  await writeFile(join(dir, 'unknown.bin'), Buffer.from([1, 2, 3]));
  await writeFile(join(dir, 'report.'), PDF_BYTES);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

/** An attachment inside an otherwise valid standard message must validate. */
function expectSendable(attachment: Attachment): void {
  const m = patch(messageFor('standard'), 'attachments', [attachment]);
  expect(validateMessage(m, { route: 'standard' }).invalidParameters).toEqual([]);
}

async function rejection(promise: Promise<unknown> | (() => unknown)): Promise<unknown> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('attachmentFromFile', () => {
  it.each([
    ['summary.pdf', 'application/pdf', PDF_BYTES],
    ['wound.JPG', 'image/jpeg', JPEG_BYTES],
    ['notes.txt', 'text/plain', Buffer.from('Seen today.\nBP 120/80, £0 charge.\n', 'utf8')],
    ['document', 'application/pdf', PDF_BYTES],
  ])('reads %s as %s with canonical base64 and the base name', async (name, mimeType, bytes) => {
    const attachment = await attachmentFromFile(join(dir, name));
    expect(attachment).toEqual({ mimeType, fileName: name, content: bytes.toString('base64') });
    expectSendable(attachment);
  });

  it('uses the given file name and mime type', async () => {
    const attachment = await attachmentFromFile(join(dir, 'notes.txt'), { fileName: 'Consultation.txt', mimeType: 'text/vnd.vendor.service.consultation' });
    expect(attachment).toMatchObject({ fileName: 'Consultation.txt', mimeType: 'text/vnd.vendor.service.consultation' });
    expectSendable(attachment);
  });

  it('refuses a file whose extension and content disagree, saying to pass mimeType', async () => {
    const error = await rejection(attachmentFromFile(join(dir, 'scan.pdf')));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as Error).message).toMatch(/extension says application\/pdf but the content is image\/jpeg.*pass mimeType/);
  });

  it('refuses a file of unknown type, saying to pass mimeType', async () => {
    const error = await rejection(attachmentFromFile(join(dir, 'unknown.bin')));
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters[0]).toMatchObject({ name: 'mimeType', reason: expect.stringMatching(/pass mimeType/) });
  });

  it('refuses a base name that is not a valid Windows file name', async () => {
    const error = await rejection(attachmentFromFile(join(dir, 'report.')));
    expect((error as LocalValidationError).invalidParameters).toEqual([{ name: 'fileName', reason: expect.stringMatching(/must not end with/) }]);
  });

  it('reports a missing file without its path', async () => {
    const path = join(dir, 'Featherstonehaugh 9434765919.pdf');
    const error = await rejection(attachmentFromFile(path));
    expect(error).toBeInstanceOf(CdmsError);
    expect((error as Error).message).toMatch(/ENOENT/);
    expect(JSON.stringify(error)).not.toContain('9434765919');
    expect(String((error as Error).message)).not.toContain('Featherstonehaugh');
    expect((error as Error).cause).toBeUndefined();
  });
});

describe('attachmentFromBytes', () => {
  it('infers from magic bytes and extension', () => {
    expect(attachmentFromBytes(PDF_BYTES, { fileName: 'a.pdf' }).mimeType).toBe('application/pdf');
    expect(attachmentFromBytes(new Uint8Array(JPEG_BYTES), { fileName: 'a.jpeg' }).mimeType).toBe('image/jpeg');
    expect(attachmentFromBytes(JPEG_BYTES, { fileName: 'photo' }).mimeType).toBe('image/jpeg');
    expect(attachmentFromBytes(Buffer.from('hello'), { fileName: 'a.TXT' }).mimeType).toBe('text/plain');
  });

  it('accepts an ArrayBuffer and a Uint8Array view into a larger buffer', () => {
    const backing = new Uint8Array([9, 9, ...PDF_BYTES, 9]);
    const view = backing.subarray(2, 2 + PDF_BYTES.length);
    expect(attachmentFromBytes(view, { fileName: 'a.pdf' }).content).toBe(PDF_BYTES.toString('base64'));
    const buffer = PDF_BYTES.buffer.slice(PDF_BYTES.byteOffset, PDF_BYTES.byteOffset + PDF_BYTES.length);
    expect(attachmentFromBytes(buffer, { fileName: 'a.pdf' }).content).toBe(PDF_BYTES.toString('base64'));
  });

  it.each([
    [PDF_BYTES, 'a.jpg', /extension says image\/jpeg but the content is application\/pdf/],
    [Buffer.from([0xc3, 0x28]), 'a.txt', /not valid UTF-8/],
    [Buffer.from('hello'), 'a.pdf', /extension says application\/pdf but the content has no '%PDF-' in its first 1,024 bytes/],
    [Buffer.from('hello'), 'notes.md', /cannot tell the type/],
    [Buffer.from([]), 'a.pdf', /is empty/],
  ])('refuses %j named %s', (bytes, fileName, reason) => {
    const error = (() => {
      try {
        attachmentFromBytes(bytes, { fileName });
      } catch (e) {
        return e;
      }
      return undefined;
    })();
    expect(error).toBeInstanceOf(LocalValidationError);
    expect((error as LocalValidationError).invalidParameters[0]!.reason).toMatch(reason);
  });

  it('checks a given mime type against the content', () => {
    expect(() => attachmentFromBytes(JPEG_BYTES, { fileName: 'a.pdf', mimeType: 'application/pdf' })).toThrow(/no PDF signature '%PDF-' in its first 1,024 bytes/);
    expect(() => attachmentFromBytes(JPEG_BYTES, { fileName: 'a.txt', mimeType: 'text/plain' })).toThrow(/not valid UTF-8/);
    expect(() => attachmentFromBytes(PDF_BYTES, { fileName: 'a.doc', mimeType: 'application/msword' as never })).toThrow(/must be one of/);
    expect(attachmentFromBytes(PDF_BYTES, { fileName: 'scan', mimeType: 'application/pdf' }).mimeType).toBe('application/pdf');
  });

  it('refuses an invalid file name without repeating it', () => {
    expect(() => attachmentFromBytes(PDF_BYTES, { fileName: 'Featherstonehaugh:1.pdf' })).toThrow(LocalValidationError);
    try {
      attachmentFromBytes(PDF_BYTES, { fileName: 'Featherstonehaugh:1.pdf' });
    } catch (error) {
      expect((error as Error).message).not.toContain('Featherstonehaugh');
    }
    expect(() => attachmentFromBytes(PDF_BYTES, {} as never)).toThrow(/fileName: is required/);
    expect(() => attachmentFromBytes('not bytes' as never, { fileName: 'a.pdf' })).toThrow(/Uint8Array/);
  });

  it('produces the same output without Node Buffer', () => {
    setNodeBufferForTesting(null);
    try {
      const bytes = new Uint8Array(100_000).map((_, i) => (i * 7) & 255);
      bytes.set(PDF_BYTES);
      expect(attachmentFromBytes(bytes, { fileName: 'a.pdf' }).content).toBe(Buffer.from(bytes).toString('base64'));
    } finally {
      setNodeBufferForTesting(undefined);
    }
  });
});

describe('attachmentFromText', () => {
  it('encodes UTF-8 text as text/plain by default', () => {
    const attachment = attachmentFromText('Résumé: £5 😀', { fileName: 'notes.txt' });
    expect(attachment).toEqual({ mimeType: 'text/plain', fileName: 'notes.txt', content: Buffer.from('Résumé: £5 😀', 'utf8').toString('base64') });
    expectSendable(attachment);
  });

  it('allows the consultation notes type', () => {
    const attachment = attachmentFromText('Seen.', { fileName: 'consultation.txt', mimeType: 'text/vnd.vendor.service.consultation' });
    expect(attachment.mimeType).toBe('text/vnd.vendor.service.consultation');
    expectSendable(attachment);
  });

  it.each([
    ['a\ud800b', 'notes.txt', undefined, /unpaired/],
    ['a\u0000b', 'notes.txt', undefined, /NUL/],
    ['', 'notes.txt', undefined, /is empty/],
    ['hello', 'notes.txt', 'application/pdf', /text\/plain' or/],
    ['hello', 'CON.txt', undefined, /reserved Windows device name/],
  ])('refuses %j (%s, %s)', (text, fileName, mimeType, reason) => {
    expect(() => attachmentFromText(text, { fileName, mimeType: mimeType as never })).toThrow(reason);
  });
});
