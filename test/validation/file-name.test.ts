import { describe, expect, it } from 'vitest';
import { checkWindowsFileName, type FileNameProblem } from '../../src/index.js';

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
