// Without the optional package unpdf (hidden from a real Node process by a
// module hook), checking a PDF is a ConfigurationError with the install
// command, nothing is sent, and a message without a PDF never needs it.
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const hook = fileURLToPath(new URL('../helpers/hide-package.mjs', import.meta.url));

const SCRIPT = `
import { checkWrongPatient } from './src/index.ts';
const attachment = (mimeType, content) => ({ mimeType, fileName: 'a', content: Buffer.from(content).toString('base64') });
const message = (a) => ({ subject: { id: { type: 'NHSNumber', value: '9434765919' } }, attachments: [a] });
const text = await checkWrongPatient(message(attachment('text/plain', 'Re 9990000026')));
const pdf = await checkWrongPatient(message(attachment('application/pdf', '%PDF-1.7\\n%%EOF\\n'))).then(
  () => ({ thrown: false }),
  (e) => ({ thrown: true, name: e.name, message: e.message }),
);
console.log(JSON.stringify({ text: text.invalidParameters.map((p) => p.name), pdf }));
`;

describe('wrong-patient check without unpdf installed', () => {
  it('a PDF: ConfigurationError naming the package and the command; text attachments are still checked', { timeout: 60_000 }, async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--import', hook, '--input-type=module', '-e', SCRIPT], {
      cwd: root,
      env: { ...process.env, CDMS_HIDE_PACKAGES: 'unpdf' },
    });
    expect(JSON.parse(stdout)).toEqual({
      text: ['attachments[0].content'],
      pdf: {
        thrown: true,
        name: 'ConfigurationError',
        message: "The wrong-patient check of a PDF's text needs the package 'unpdf', which is not installed. Run: npm install unpdf@~1.7.0",
      },
    });
  });
});
