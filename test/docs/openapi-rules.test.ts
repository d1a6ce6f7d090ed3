// The value rules of docs/openapi.json say what the SDK's own checks say:
// each pattern is run against the SDK's validator over the same inputs.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyValueRules, VALUE_RULES, WINDOWS_FILE_NAME_PATTERN } from '../../scripts/openapi/value-rules.js';
import { checkWindowsFileName, validateWidget } from '../../src/index.js';
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

  it.each(['Referral Tracker', 'Care_Plan-2', 'Café', '  Padded  ', 'Bad/Name', 'Bad!', '   ', 'Tab\tInside', '日本語'])(
    'widget name %j: the pattern and validateWidget agree',
    (name) => {
      expect(widgetNamePattern.test(name)).toBe(sdkAcceptsWidgetName(name));
    },
  );

  it('a rule whose schema node is gone is an error, not a silent no-op', () => {
    expect(() => applyValueRules({})).toThrow(/no such schema node/);
  });
});
