// The README's "Try it in two minutes", run as written (with the built `cdms`
// in place of `npx cdms`) against a sandbox: every line but starting the
// sandbox (started here) and the status of an id only known at run time.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type Sandbox } from '../../src/sandbox/index.js';
import { assertBuilt, cdms, json } from './support.js';

let sandbox: Sandbox;
let dir: string;
beforeAll(async () => {
  assertBuilt();
  sandbox = await startSandbox({ port: 0 });
  dir = mkdtempSync(join(tmpdir(), 'cdms-try-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await sandbox?.close();
});

/** The `npx cdms …` lines of the README section, as argument lists (shell quoting of single quotes only). */
function readmeCommands(): string[][] {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const section = readme.split('## Try it in two minutes')[1]!.split('\n## ')[0]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line.startsWith('npx cdms '))
    .map((line) => [...line.slice('npx cdms '.length).matchAll(/'([^']*)'|(\S+)/g)].map((m) => m[1] ?? m[2]!));
}

describe("README: try it in two minutes", () => {
  it('the sample PDF is written and the send the README shows succeeds against the sandbox', async () => {
    const commands = readmeCommands();
    expect(commands.map((c) => c.slice(0, 2).join(' '))).toEqual(['sandbox', 'sandbox sample-pdf', 'send --topic', 'status <messageId>']);
    const env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
    const [, sample, send] = commands;
    const cwd = dir;
    const wrote = await cdms(sample!, env, cwd);
    expect(wrote.code, wrote.stderr).toBe(0);
    expect(readFileSync(join(dir, 'summary.pdf')).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const sent = await cdms([...send!, '--json'], env, cwd);
    expect(sent.code, sent.stderr).toBe(0);
    const { messageId } = json<{ messageId: string }>(sent);
    expect(sandbox.getMessage(messageId)?.attachments.map((a) => [a.fileName, a.mimeType])).toEqual([['summary.pdf', 'application/pdf']]);
    // Never overwrites: a second run is a usage error and the file is unchanged.
    const again = await cdms(sample!, env, cwd);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('summary.pdf exists already');
  });
});
