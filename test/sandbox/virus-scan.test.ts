import { describe, expect, it } from 'vitest';
import { EICAR_TEST_FILE_BASE64 } from '../../src/sandbox/index.js';
import { isEicarTestFile, scanAttachments } from '../../src/sandbox/virus-scan.js';

const eicar = Buffer.from(EICAR_TEST_FILE_BASE64, 'base64');

describe('virus scan (EICAR)', () => {
  it('the stored base64 decodes to the 68-byte test string whose 3rd character is the letter O', () => {
    expect(eicar.length).toBe(68);
    expect(String.fromCharCode(eicar[2] ?? 0)).toBe('O');
  });

  it('detects the test file, alone or followed by whitespace up to 128 bytes in all', () => {
    expect(isEicarTestFile(eicar)).toBe(true);
    expect(isEicarTestFile(Buffer.concat([eicar, Buffer.alloc(60, 0x20)]))).toBe(true);
    expect(isEicarTestFile(Buffer.concat([eicar, Buffer.from('\r\n\t\x1a')]))).toBe(true);
  });

  it('does not detect it past 128 bytes, after other bytes, truncated, or not at the start', () => {
    expect(isEicarTestFile(Buffer.concat([eicar, Buffer.alloc(61, 0x20)]))).toBe(false);
    expect(isEicarTestFile(Buffer.concat([eicar, Buffer.from(' x')]))).toBe(false);
    expect(isEicarTestFile(eicar.subarray(0, 67))).toBe(false);
    expect(isEicarTestFile(Buffer.concat([Buffer.from(' '), eicar]))).toBe(false);
  });

  it('names each infected attachment by its content, and ignores what cannot be the test file', () => {
    const clean = { content: Buffer.from('hello').toString('base64') };
    const infected = { content: EICAR_TEST_FILE_BASE64 };
    expect(scanAttachments([clean, infected, infected])).toEqual([
      { name: 'attachments[1].content', reason: expect.stringContaining('virus scan') as string },
      { name: 'attachments[2].content', reason: expect.stringContaining('virus scan') as string },
    ]);
    expect(scanAttachments([{ content: 'A'.repeat(10_000) }, { content: 42 }, null])).toEqual([]);
    expect(scanAttachments('not a list')).toEqual([]);
  });
});
