// The value rules of docs/openapi.json say what the SDK's own checks say:
// each pattern is run against the SDK's validator over the same inputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyValueRules, STRICT_BASE64_PATTERN, VALUE_RULES, WINDOWS_FILE_NAME_PATTERN } from '../../scripts/openapi/value-rules.js';
import { checkStrictBase64, checkWindowsFileName, validateWidget } from '../../src/index.js';
import { widget } from '../helpers/fixtures.js';


const fileNamePattern = new RegExp(WINDOWS_FILE_NAME_PATTERN, 'u');
const sdkAcceptsFileName = (name: string) => checkWindowsFileName(name).length === 0;
const widgetNamePattern = new RegExp(VALUE_RULES.WidgetRegistration!['properties.name']!.pattern as string, 'u');
const sdkAcceptsWidgetName = (name: string) => !validateWidget({ ...widget(), name }).invalidParameters.some((p) => p.name === 'name');

const NAMES = [
  'report.pdf', '.hidden', 'résumé.pdf', 'x'.repeat(255), 'COM0', 'LPT0.txt', 'COM10', 'con-notes.txt', 'Nullable.pdf',
  'NUL', 'nul.txt', 'NUL.tar.gz', 'Com1.pdf', 'COM¹', 'lpt³.txt', 'AUX .txt', 'CONIN$', 'conout$.log',
  'report.', 'report ', ' report.pdf', '\treport.pdf', 'a:b.pdf', 'a\tb.pdf', 'a<b', 'a|b', 'a?b', 'a*b', 'a"b', 'a/b', 'a\\b', '.', '..', 'a',
];

describe('openapi value rules agree with the SDK', () => {
  it.each(NAMES)('fileName %j: the pattern and checkWindowsFileName agree', (name) => {
    expect(fileNamePattern.test(name)).toBe(sdkAcceptsFileName(name));
  });

  it('fileName: they agree on random names of up to 255 characters from a hostile alphabet', () => {
    const chars = fc.constantFrom(...'aZ09 ._-:<>|?*"\\/\t\u0001éÜ¹'.split(''), 'CON', 'nul', 'COM1', 'lpt²', 'CONIN$');
    fc.assert(
      fc.property(fc.array(chars, { minLength: 1, maxLength: 40 }), (parts) => {
        const name = parts.join('').slice(0, 255);
        expect(fileNamePattern.test(name), JSON.stringify(name)).toBe(sdkAcceptsFileName(name));
      }),
      { numRuns: 2000 },
    );
  });

  it.each(['Referral Tracker', 'Care_Plan-2', 'Café', '  Padded  ', '\tPadded\n', 'Bad/Name', 'Bad!', '   ', 'Tab\tInside', '日本語'])(
    'widget name %j: the pattern and validateWidget agree',
    (name) => {
      expect(widgetNamePattern.test(name)).toBe(sdkAcceptsWidgetName(name));
    },
  );

  it.each(['QQ==', 'QUI=', 'QUJD', 'QUJDRA==', 'QQ=', 'QUJ', 'Q', 'QUJDR', 'QU=D', '====', 'QUJD\n', 'QUJD QQ==', 'data:QUJD', 'QUJD-_==', 'QQ'])(
    'content %j: the base64 pattern and checkStrictBase64 agree on the alphabet, the padding and whole quanta',
    (content) => {
      const sdk = checkStrictBase64(content);
      // The SDK also refuses non-zero padding bits, which no pattern here says; none of these has them.
      expect(new RegExp(STRICT_BASE64_PATTERN, 'u').test(content), JSON.stringify(sdk)).toBe(sdk.ok);
    },
  );

  it('content: the base64 pattern runs over 5 MB in V8 (as Prism and ajv run it) without overflowing', () => {
    const pattern = new RegExp(STRICT_BASE64_PATTERN, 'u');
    const content = Buffer.alloc(5_000_000, 7).toString('base64');
    expect(pattern.test(content)).toBe(true);
    expect(pattern.test(content.slice(0, -1))).toBe(false);
  });

  it('a rule whose schema node is gone is an error, not a silent no-op', () => {
    expect(() => applyValueRules({})).toThrow(/no such schema node/);
  });
});
