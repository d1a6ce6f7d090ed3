// Content sniffing at its edges: a signature exactly as long as the bytes,
// a shorter buffer, a '%' that does not start the signature, the window's
// last byte, JPEG before PDF, and text's two problems.
import { describe, expect, it } from 'vitest';
import { contentMismatch, hasPdfSignature, NOT_A_PDF, sniffMagic, startsWith, textProblem, TEXT_MIME_TYPES } from '../../src/validation/content-sniff.js';

const bytes = (s: string) => new Uint8Array(Buffer.from(s, 'latin1'));
const b64 = (s: string) => Buffer.from(s, 'latin1').toString('base64');

describe('startsWith', () => {
  it('needs every byte of the prefix, and as many bytes', () => {
    expect(startsWith(new Uint8Array([0xff, 0xd8, 0xff]), [0xff, 0xd8, 0xff])).toBe(true);
    expect(startsWith(new Uint8Array([0xff, 0xd8]), [0xff, 0xd8, 0xff])).toBe(false);
    expect(startsWith(new Uint8Array([0xff, 0xd8, 0xfe]), [0xff, 0xd8, 0xff])).toBe(false);
    expect(startsWith(new Uint8Array([0xfe, 0xd8, 0xff]), [0xff, 0xd8, 0xff])).toBe(false);
  });
});

describe('hasPdfSignature', () => {
  it('finds %PDF- filling the bytes exactly, and not a cut one', () => {
    expect(hasPdfSignature(bytes('%PDF-'))).toBe(true);
    expect(hasPdfSignature(bytes('%PDF'))).toBe(false);
    expect(hasPdfSignature(bytes(''))).toBe(false);
  });

  it('looks past a % that does not start the signature', () => {
    expect(hasPdfSignature(bytes('%%PDF-1.7'))).toBe(true);
    expect(hasPdfSignature(bytes('x%PD %PDF-1.7'))).toBe(true);
    expect(hasPdfSignature(bytes('%PDX %PDF-'))).toBe(true);
    expect(hasPdfSignature(bytes('%PDF %PDX-'))).toBe(false);
  });

  it('accepts a signature ending at byte 1,024 and not one a byte later, whatever follows', () => {
    expect(hasPdfSignature(bytes(`${' '.repeat(1019)}%PDF-1.7 and more`))).toBe(true);
    expect(hasPdfSignature(bytes(`${' '.repeat(1020)}%PDF-1.7 and more`))).toBe(false);
  });
});

describe('sniffMagic', () => {
  it('names JPEG by its marker, PDF by its signature, and nothing else', () => {
    expect(sniffMagic(new Uint8Array([0xff, 0xd8, 0xff, 0x25, 0x50, 0x44, 0x46, 0x2d]))).toBe('image/jpeg');
    expect(sniffMagic(bytes(' %PDF-1.7'))).toBe('application/pdf');
    expect(sniffMagic(bytes('GIF89a'))).toBeUndefined();
  });
});

describe('textProblem and contentMismatch', () => {
  it('refuses invalid UTF-8 and NUL, and accepts UTF-8 text', () => {
    expect(textProblem(new Uint8Array([0x63, 0xe9]))).toBe('is not valid UTF-8 text; save the text as UTF-8 or choose the right mimeType');
    expect(textProblem(new Uint8Array([0x61, 0x00, 0x62]))).toBe('contains NUL bytes: text must be UTF-8 (UTF-16 text or a binary file was attached?)');
    expect(textProblem(new Uint8Array(Buffer.from('café', 'utf8')))).toBeUndefined();
  });

  it('checks each type by its own rule, and lets other types through', () => {
    expect(contentMismatch(b64('%PDF-1.7'), 'application/pdf')).toBeUndefined();
    expect(contentMismatch(b64('GIF89a'), 'application/pdf')).toBe(NOT_A_PDF);
    expect(contentMismatch(b64('\xff\xd8\xff\xe0'), 'image/jpeg')).toBeUndefined();
    expect(contentMismatch(b64('%PDF-1.7'), 'image/jpeg')).toBe('does not start with the JPEG marker FF D8 FF: it is not a JPEG file');
    expect(contentMismatch(b64('a\x00b'), 'image/png')).toBeUndefined();
    for (const type of TEXT_MIME_TYPES) {
      expect(contentMismatch(b64('a\x00b'), type), type).toMatch(/NUL bytes/);
      expect(contentMismatch(b64('plain text'), type), type).toBeUndefined();
    }
    expect(TEXT_MIME_TYPES).toEqual(['text/plain', 'text/vnd.vendor.service.consultation']);
  });

  it('hands a text attachment’s decoded bytes to the caller, and works without a receiver', () => {
    const kept: string[] = [];
    expect(contentMismatch(b64('hello'), 'text/plain', (b) => kept.push(Buffer.from(b).toString('latin1')))).toBeUndefined();
    expect(kept).toEqual(['hello']);
    expect(contentMismatch(b64('%PDF-1.7'), 'application/pdf', (b) => kept.push(String(b.length)))).toBeUndefined();
    expect(kept).toEqual(['hello']);
    expect(contentMismatch(b64('hello'), 'text/plain')).toBeUndefined();
  });
});
