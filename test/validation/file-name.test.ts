import { describe, expect, it } from 'vitest';
import { checkWindowsFileName, type FileNameProblem } from '../../src/index.js';
import { fileNameReason } from '../../src/validation/file-name.js';

// Verified results: reference/domain.md section 3.
describe('checkWindowsFileName', () => {
  it.each(['report.pdf', '.hidden', 'résumé.pdf', 'x'.repeat(255), 'COM0', 'LPT0.txt', 'COM10', 'CONSOLE.txt', 'nul-report.pdf', 'a b.pdf'])(
    'accepts %j',
    (name) => {
      expect(checkWindowsFileName(name)).toEqual([]);
    },
  );

  it.each<[string, FileNameProblem]>([
    ['NUL', 'reserved-device-name'],
    ['nul.txt', 'reserved-device-name'],
    ['NUL.tar.gz', 'reserved-device-name'],
    ['Com1.pdf', 'reserved-device-name'],
    ['COM\u00b9', 'reserved-device-name'],
    ['lpt\u00b3.txt', 'reserved-device-name'],
    ['AUX .txt', 'reserved-device-name'],
    ['CONIN$', 'reserved-device-name'],
    ['conout$.log', 'reserved-device-name'],
    ['PRN', 'reserved-device-name'],
    ['LPT9.pdf', 'reserved-device-name'],
    ['report.', 'trailing-dot-or-space'],
    ['report ', 'trailing-dot-or-space'],
    [' report.pdf', 'leading-whitespace'],
    ['a:b.pdf', 'reserved-char'],
    ['a/b.pdf', 'reserved-char'],
    ['a\\b.pdf', 'reserved-char'],
    ['what?.pdf', 'reserved-char'],
    ['a*b.pdf', 'reserved-char'],
    ['a<b>.pdf', 'reserved-char'],
    ['a"b.pdf', 'reserved-char'],
    ['a|b.pdf', 'reserved-char'],
    ['a\tb.pdf', 'control-char'],
    ['a\u0000b.pdf', 'control-char'],
    ['a\u001fb.pdf', 'control-char'], // 31: the last control character
    ['.', 'dot-name'],
    ['..', 'dot-name'],
    ['x'.repeat(256), 'too-long'],
    ['', 'empty'],
    ['a\ud800b.pdf', 'unpaired-surrogate'],
  ])('rejects %j with %s', (name, problem) => {
    expect(checkWindowsFileName(name)).toContain(problem);
  });

  it('counts UTF-16 code units: 127 emoji (254 units) pass, 128 (256 units) fail', () => {
    expect(checkWindowsFileName('😀'.repeat(127) + 'a')).toEqual([]);
    expect(checkWindowsFileName('😀'.repeat(128))).toEqual(['too-long']);
  });

  it('reports a very long name only as too long, quickly', () => {
    expect(checkWindowsFileName('NUL.'.repeat(10_000_000))).toEqual(['too-long']);
  });

  it('never throws on non-strings', () => {
    expect(checkWindowsFileName(42 as unknown as string)).toEqual(['empty']);
  });
});

describe('checkWindowsFileName and fileNameReason: the edges', () => {
  it('every device name of the list, digits and superscript digits, with an extension too', () => {
    for (const digit of ['1', '2', '3', '4', '5', '6', '7', '8', '9', '\u00b9', '\u00b2', '\u00b3']) {
      for (const device of [`COM${digit}`, `LPT${digit}`]) {
        expect(checkWindowsFileName(device), device).toEqual(['reserved-device-name']);
        expect(checkWindowsFileName(`${device.toLowerCase()}.txt`), device).toEqual(['reserved-device-name']);
      }
    }
  });

  it('only trailing spaces of the stem are dropped before the device-name check, however many', () => {
    expect(checkWindowsFileName('AUX  .txt')).toEqual(['reserved-device-name']);
    expect(checkWindowsFileName('C ON.txt')).toEqual([]);
  });

  it('a name of exactly 1024 code units is checked in full; longer ones are only too long', () => {
    expect(checkWindowsFileName(`${'a'.repeat(1020)}?.pdf`.slice(0, 1024))).toEqual(['too-long', 'reserved-char']);
    expect(checkWindowsFileName(`${'a'.repeat(1021)}?.pdf`)).toEqual(['too-long']);
  });

  it('each problem has its own reason, which never repeats the name', () => {
    const reasons: Record<FileNameProblem, string> = {
      empty: 'must not be empty',
      'too-long': 'is 300 UTF-16 code units long; Windows allows at most 255',
      'reserved-char': 'contains a character Windows does not allow in file names (< > : " / \\ | ? *)',
      'control-char': 'contains a control character (codes 0-31), such as a tab or line break',
      'dot-name': "must not be '.' or '..'",
      'leading-whitespace': 'must not start with whitespace',
      'trailing-dot-or-space': 'must not end with a space, other whitespace or a period',
      'reserved-device-name': 'is a reserved Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, CONIN$, CONOUT$, also with an extension); rename the file',
      'unpaired-surrogate': 'contains an unpaired UTF-16 surrogate (not valid Unicode)',
    };
    for (const [problem, reason] of Object.entries(reasons)) expect(fileNameReason(problem as FileNameProblem, 'x'.repeat(300))).toBe(reason);
  });
});
