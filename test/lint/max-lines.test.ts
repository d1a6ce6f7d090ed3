// Small files: lint refuses a source file of src/ over 300 lines
// (eslint.config.js, max-lines); `npm run lint` holds every file to it.
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
let eslint: ESLint;

beforeAll(async () => {
  const loaded = (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as { default: Linter.Config[] };
  const limits = loaded.default.filter((block) => block.rules?.['max-lines'] !== undefined);
  eslint = new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...limits] });
}, 60_000);

const lines = (count: number): string => Array.from({ length: count }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n';

async function ruleIds(text: string, path: string): Promise<(string | null)[]> {
  const [result] = await eslint.lintText(text, { filePath: join(root, path) });
  return result!.messages.map((m) => m.ruleId);
}

describe('no source file in src/ over 300 lines', () => {
  it('refuses 301 lines anywhere in src/, lets 300 through', async () => {
    for (const path of ['src/probe.ts', 'src/tracker/store/probe.ts', 'src/cli/commands/probe.ts']) {
      expect(await ruleIds(lines(301), path), path).toEqual(['max-lines']);
      expect(await ruleIds(lines(300), path), path).toEqual([]);
    }
  });

});
