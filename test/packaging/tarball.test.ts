import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const tsc = join(root, 'node_modules/typescript/bin/tsc');

let work: string;
let project: string;
let files: string[];

/** `npm pack` the package, then install the tarball into a fresh project, as a user would. */
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'cdms-pack-'));
  const { stdout } = await run(npm, ['pack', '--json', '--pack-destination', work], { cwd: root });
  const [packed] = JSON.parse(stdout) as { filename: string; files: { path: string }[] }[];
  files = packed!.files.map((f) => f.path);
  project = join(work, 'consumer');
  mkdirSync(project);
  writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
  await run(npm, ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', join(work, packed!.filename)], {
    cwd: project,
  });
}, 120_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

const ENTRY_SCRIPT = (load: string) => `${load}
if (typeof main.CdmsClient !== 'function' || typeof main.validateMessage !== 'function') throw new Error('main entry incomplete');
if (typeof sandbox.startSandbox !== 'function') throw new Error('sandbox entry incomplete');
if (typeof widget.readLaunchTokens !== 'function') throw new Error('widget entry incomplete');
const box = await sandbox.startSandbox();
const client = new main.CdmsClient({ baseUrl: box.url, apiKey: box.apiKey });
await client.test();
const topics = await client.topics.list();
const page = await fetch(box.url + '/_sandbox/console');
const htmx = await fetch(box.url + '/_sandbox/console/assets/htmx.min.js');
const consoleServed = page.status === 200 && htmx.status === 200 && (await htmx.text()).includes('htmx');
await box.close();
console.log(JSON.stringify({ topics: topics.length > 0, console: consoleServed, shared: Object.getPrototypeOf(widget.LaunchTokenError.prototype) === main.CdmsError.prototype }));`;

describe('tarball', () => {
  it('holds the build, README and licence only: no sources, tests or secrets', () => {
    expect(files).toContain('dist/index.js');
    expect(files).toContain('dist/index.cjs');
    expect(files).toContain('dist/cli/index.js');
    for (const asset of ['htmx.min.js', 'console.js', 'console.css', 'favicon.svg']) expect(files).toContain(`dist/console-assets/${asset}`);
    expect(files).toContain('LICENSE');
    for (const file of files) {
      expect(file).toMatch(/^(dist\/|README\.md$|LICENSE$|package\.json$)/);
      expect(file).not.toMatch(/test|\.env|\.pem$|\.key$|secret/i);
    }
  });

  it('imports from ESM and talks to its sandbox', async () => {
    const script = ENTRY_SCRIPT(
      `const main = await import('cdms-sdk'); const sandbox = await import('cdms-sdk/sandbox'); const widget = await import('cdms-sdk/widget');`,
    );
    const { stdout } = await run(process.execPath, ['--input-type=module', '-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ topics: true, console: true, shared: true });
  });

  it('requires from CommonJS and talks to its sandbox', async () => {
    const script = `(async () => { ${ENTRY_SCRIPT(
      `const main = require('cdms-sdk'); const sandbox = require('cdms-sdk/sandbox'); const widget = require('cdms-sdk/widget');`,
    )} })().catch((e) => { console.error(e); process.exit(1); });`;
    const { stdout } = await run(process.execPath, ['-e', script], { cwd: project });
    expect(JSON.parse(stdout)).toEqual({ topics: true, console: true, shared: true });
  });

  it('runs its cdms bin', async () => {
    const { stdout } = await run(join(project, 'node_modules/.bin/cdms'), ['--version'], { cwd: project });
    expect(stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });

  it.each([
    ['node16', { module: 'node16', moduleResolution: 'node16' }],
    ['bundler', { module: 'esnext', moduleResolution: 'bundler' }],
  ])('type-checks in TypeScript with moduleResolution %s, without skipLibCheck', async (name, options) => {
    const dir = join(project, name);
    mkdirSync(dir);
    writeFileSync(
      join(dir, 'use.ts'),
      `import { CdmsClient, LocalValidationError, type StandardMessageParams, type MessageStatus } from 'cdms-sdk';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { readLaunchTokens } from 'cdms-sdk/widget';
const message: StandardMessageParams = {
  topic: 'Discharge Summary',
  recipient: { id: { type: 'OcsClientIdentifier', value: 'A81001' } },
  subject: { id: { type: 'VerifiedNhsNumber', value: '9434765919' } },
  attachments: [{ mimeType: 'application/pdf', fileName: 'a.pdf', content: 'JVBERi0xLjQK' }],
};
export async function use(box: Sandbox): Promise<MessageStatus['status']> {
  const cdms = new CdmsClient({ baseUrl: box.url, apiKey: box.apiKey });
  const { messageId } = await cdms.messages.send(message);
  return (await cdms.messages.status(messageId)).status;
}
export const kinds = [LocalValidationError, startSandbox, readLaunchTokens] as const;
`,
    );
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({ compilerOptions: { ...options, target: 'es2022', strict: true, noEmit: true, skipLibCheck: false, types: [] }, files: ['use.ts'] }),
    );
    await expect(run(process.execPath, [tsc, '-p', dir], { cwd: project })).resolves.toBeDefined();
  });

  it('leaves no tarball in the repository', () => {
    expect(readdirSync(root).filter((f) => f.endsWith('.tgz'))).toEqual([]);
  });
});
