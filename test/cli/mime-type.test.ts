// `cdms send --mime-type`: the type of --file attachments whose extension
// and content cannot tell, and plain words about which types the service
// accepts when a file is none of them.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NHS_NUMBER, assertBuilt, cdms, expectNoLeak, fixtures, json } from './support.js';

let sandbox: Sandbox;
let env: Record<string, string>;
let files: ReturnType<typeof fixtures>;

beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox();
  env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
  files = fixtures({ 'setup.exe': 'MZ\u0090\u0000 not a document', 'consultation.notes': 'Seen in clinic; BP 120/80.\n' });
});

afterAll(async () => {
  if (sandbox === undefined) return;
  expectNoLeak([sandbox.apiKey, NHS_NUMBER]);
  files.cleanup();
  await sandbox.close();
});

const send = (...extra: string[]) => ['send', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, ...extra];
const ACCEPTED = /the service accepts only PDF \(application\/pdf\), JPEG \(image\/jpeg\), plain text \(text\/plain\) and consultation notes \(text\/vnd\.vendor\.service\.consultation\)/;

describe.concurrent('cdms send --mime-type', () => {
  it('a file of no accepted type: exit 2, which types the service accepts, and the flag that sets the type', async () => {
    // A sandbox of its own: the tests here run concurrently, and one of them sends.
    const own = await startSandbox();
    try {
      const r = await cdms(send('--file', files.path('setup.exe')), { CDMS_BASE_URL: own.url, CDMS_API_KEY: own.apiKey });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(ACCEPTED);
      expect(r.stderr).toContain('set with --mime-type; --file number 1');
      expect(own.stats().requests).toBe(0);
      expectNoLeak([own.apiKey]);
    } finally {
      await own.close();
    }
  });

  it('a type the service does not accept is a usage error naming the ones it does', async () => {
    const r = await cdms(send('--file', files.path('setup.exe'), '--mime-type', 'application/x-msdownload'), env);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(ACCEPTED);
    expect(r.stderr).toContain('cannot be sent');
  });

  it('--mime-type without --file is a usage error', async () => {
    const r = await cdms(send('--mime-type', 'text/plain'), env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('--mime-type applies to the --file attachments');
  });

  it('--mime-type sends a file whose extension says nothing, with that type', async () => {
    const r = await cdms(send('--file', files.path('consultation.notes'), '--mime-type', 'text/vnd.vendor.service.consultation', '--json'), env);
    expect(r.code, r.stderr).toBe(0);
    const { messageId } = json<{ messageId: string }>(r);
    expect(sandbox.getMessage(messageId)?.attachments.map((a) => [a.fileName, a.mimeType])).toEqual([
      ['consultation.notes', 'text/vnd.vendor.service.consultation'],
    ]);
  });

  it('--mime-type still has to match the content', async () => {
    const r = await cdms(send('--file', files.path('setup.exe'), '--mime-type', 'application/pdf'), env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("no PDF signature '%PDF-' in its first 1,024 bytes");
  });

  it('once per --file, in order: a PDF told by its content and consultation notes by the flag, in one send', async () => {
    const r = await cdms(
      send('--file', files.path('summary.pdf'), '--mime-type', 'auto', '--file', files.path('consultation.notes'), '--mime-type', 'text/vnd.vendor.service.consultation', '--json'),
      env,
    );
    expect(r.code, r.stderr).toBe(0);
    const { messageId } = json<{ messageId: string }>(r);
    expect(sandbox.getMessage(messageId)?.attachments.map((a) => [a.fileName, a.mimeType])).toEqual([
      ['summary.pdf', 'application/pdf'],
      ['consultation.notes', 'text/vnd.vendor.service.consultation'],
    ]);
  });

  it('neither once nor once per file is a usage error saying how to give it', async () => {
    const files3 = ['--file', files.path('summary.pdf'), '--file', files.path('summary.pdf'), '--file', files.path('consultation.notes')];
    const r = await cdms(send(...files3, '--mime-type', 'auto', '--mime-type', 'text/plain'), env);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('give it once (for every --file) or once per --file, in order (3 here');
  });
});
