// `cdms validate`: offline, no key, no network. Exit 0 valid, 2 invalid.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NHS_NUMBER, PDF, assertBuilt, cdms, expectNoLeak, fixtures, gpMessage, json } from './support.js';

const pdf = Buffer.from(PDF).toString('base64');
const attachment = { mimeType: 'application/pdf', fileName: 'summary.pdf', content: pdf };
const standard = {
  topic: 'Discharge Summary',
  recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
  subject: { id: { type: 'VerifiedNhsNumber', value: NHS_NUMBER } },
  attachments: [attachment],
};
let files: ReturnType<typeof fixtures>;
// Nothing listens here: any request would fail, and validate must not need one.
const offline = { CDMS_BASE_URL: 'http://127.0.0.1:59' };

beforeAll(() => {
  assertBuilt();
  files = fixtures({
    'standard.json': JSON.stringify(standard),
    'invalid.json': JSON.stringify({
      ...standard,
      subject: { id: { type: 'VerifiedNhsNumber', value: '9434765918' } },
      attachments: [{ ...attachment, fileName: 'CON.pdf' }],
      body: { mimeType: 'text/rtf', content: 'x' },
    }),
    'gp.json': JSON.stringify({ ...gpMessage(), type: 'GPConnectMessage', attachments: [attachment] }),
    'widget.json': JSON.stringify({ name: 'Tracker', icon: 'clipboard', launchUrl: 'https://w.example.org/', encryptionSecret: 'x'.repeat(32), requiresUserData: true, requiresPatientData: false }),
    'bad-widget.json': JSON.stringify({ name: 'Tracker!', icon: 'clipboard', launchUrl: 'https://w.example.org/', encryptionSecret: 'short', requiresUserData: false, requiresPatientData: true }),
    'broken.json': `{"subject": {"id": {"value": "${NHS_NUMBER}"`,
    'array.json': '[]',
  });
});

afterAll(() => {
  // beforeAll may have failed (dist/ missing): report that, not a TypeError here.
  if (files === undefined) return;
  expectNoLeak([NHS_NUMBER, pdf]);
  files.cleanup();
});

describe.concurrent('cdms validate', () => {
  it('a valid message: exit 0, without a key or a reachable service', async () => {
    const r = await cdms(['validate', files.path('standard.json')], offline);
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(r.stdout).toBe('valid: the standard message passes every local check.\n');
  });

  it('an invalid message: exit 2, each invalid parameter on its own line, no patient data', async () => {
    const r = await cdms(['validate', files.path('invalid.json')], offline);
    expect(r.code).toBe(2);
    const lines = r.stdout.trim().split('\n');
    expect(lines[0]).toBe('invalid: the standard message has 3 problems:');
    expect(lines.slice(1).map((l) => l.split(':')[0]).sort()).toEqual(['  attachments[0].fileName', '  body.mimeType', '  subject.id.value']);
  });

  it('--json: { valid, kind, route, invalidParameters }', async () => {
    const [valid, invalid] = await Promise.all([
      cdms(['validate', files.path('standard.json'), '--json'], offline),
      cdms(['validate', files.path('invalid.json'), '--json'], offline),
    ]);
    expect(json(valid)).toEqual({ valid: true, kind: 'message', route: 'standard', invalidParameters: [] });
    expect(invalid.code).toBe(2);
    const parsed = json<{ valid: boolean; invalidParameters: { name: string; reason: string }[] }>(invalid);
    expect(parsed.valid).toBe(false);
    expect(parsed.invalidParameters).toHaveLength(3);
  });

  it("the route comes from the file's type; --route decides when given", async () => {
    const [inferred, forced] = await Promise.all([
      cdms(['validate', files.path('gp.json'), '--json'], offline),
      cdms(['validate', files.path('standard.json'), '--route', 'gpconnect', '--json'], offline),
    ]);
    expect(json(inferred)).toMatchObject({ valid: true, route: 'gpconnect' });
    expect(forced.code).toBe(2);
    expect(json(forced)).toMatchObject({ valid: false, route: 'gpconnect' });
  });

  it('--widget: valid exits 0, invalid exits 2 with each problem', async () => {
    const [valid, invalid] = await Promise.all([
      cdms(['validate', '--widget', files.path('widget.json')], offline),
      cdms(['validate', '--widget', files.path('bad-widget.json')], offline),
    ]);
    expect(valid.code).toBe(0);
    expect(valid.stdout).toBe('valid: the widget registration passes every local check.\n');
    expect(invalid.code).toBe(2);
    expect(invalid.stdout).toMatch(/^ {2}name: /m);
    expect(invalid.stdout).toMatch(/^ {2}encryptionSecret: /m);
    expect(invalid.stdout).toMatch(/^ {2}requiresPatientData: /m);
  });

  it('a file that is not JSON, not an object, or missing: exit 2, neither its text nor its path echoed', async () => {
    const [broken, array, missing] = await Promise.all([
      cdms(['validate', files.path('broken.json')], offline),
      cdms(['validate', files.path('array.json'), '--json'], offline),
      cdms(['validate', files.path('Jane-Smith.json')], offline),
    ]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toBe('error: The file is not valid JSON.\n');
    expect(array.code).toBe(2);
    expect(json<{ error: { title: string } }>(array).error.title).toContain('must hold a JSON object');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('(ENOENT)');
    expect(missing.stderr).not.toContain('Jane-Smith');
  });

  it('--route with --widget is a usage error', async () => {
    const r = await cdms(['validate', '--widget', '--route', 'standard', files.path('widget.json')], offline);
    expect(r.code).toBe(2);
  });
});
