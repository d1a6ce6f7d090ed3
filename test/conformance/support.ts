// Shared by the conformance tests: a temporary evidence folder, every file
// under it as text, and the secrets a sandbox issued (its keys, the access
// tokens), to look for in the evidence.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Sandbox } from 'cdms-sdk/sandbox';

/** A fresh folder for a run's evidence, and its removal. */
export function evidenceDir(): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'cdms-conformance-'));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Every file under `dir`, by name, as text. */
export function filesUnder(dir: string): Record<string, string> {
  return Object.fromEntries(readdirSync(dir, { recursive: true, withFileTypes: true }).filter((d) => d.isFile()).map((d) => [join(d.parentPath, d.name).slice(dir.length + 1), readFileSync(join(d.parentPath, d.name), 'utf8')]));
}

/** The sandbox's API keys and every access token it issued. */
export async function issuedSecrets(sandbox: Sandbox): Promise<string[]> {
  const tokens = (await (await fetch(`${sandbox.url}/_sandbox/tokens`)).json()) as { token: string }[];
  return [sandbox.apiKey, sandbox.forbiddenApiKey, ...tokens.map((t) => t.token)];
}
