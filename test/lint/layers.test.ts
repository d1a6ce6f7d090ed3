// The layer table as lint (eslint.config.js, LAYERS): each row's rule run
// by ESLint itself on one-line files placed in that floor, importing every
// other floor of src/. What the row names passes; everything else is
// refused. CONTRIBUTING.md's table says the same rows.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { folderClashes } from './folder-clashes.js';
import { importMessages, importProbes, importRulesOnly, loadEslintConfig } from './import-probe.js';

interface Layer {
  floor: string[];
  may: string[];
  never?: string[];
  why: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
let LAYERS: Layer[];
let eslint: ESLint;

beforeAll(async () => {
  const loaded = await loadEslintConfig<{ LAYERS: Layer[] }>(root);
  LAYERS = loaded.LAYERS;
  eslint = importRulesOnly(root, loaded.default, ['layers: ']);
}, 60_000);

const isFile = (name: string) => name.endsWith('.ts');
const folderOf = (name: string) => name.split('/')[0]!;

describe('every row of the layer table is a lint rule', () => {
  it('has the rows CONTRIBUTING.md lists, in its order, with what each may import', () => {
    const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const start = text.indexOf('### What may import what');
    // Up to the next heading: the tracker's own floors follow in a table of their own (test/lint/tracker-floors.test.ts).
    const table = text.slice(start, text.indexOf('\n#', start + 1));
    const rows = table
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').slice(1, 3));
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ''));
    expect(rows.map(([floor, may]) => ({ floor: names(floor!), may: names(may!) }))).toEqual(
      LAYERS.map((layer) => ({ floor: layer.floor, may: layer.may })),
    );
  });

  it('no folder inside a floor bears the name of a floor, so `../core/` always means src/core', () => {
    const folders = new Set(LAYERS.flatMap((layer) => layer.floor).filter((name) => !isFile(name)));
    expect(folderClashes(join(root, 'src'), folders, root)).toEqual([]);
  });

  it('every folder and top-level file of src/ is in a row', () => {
    const named = new Set(LAYERS.flatMap((layer) => layer.floor));
    const present = readdirSync(join(root, 'src')).filter((name) => name.endsWith('.ts') || statSync(join(root, 'src', name)).isDirectory());
    expect(present.filter((name) => !named.has(name))).toEqual([]);
  });

  // About 800 runs of ESLint on one-line files: seconds on an idle machine, a minute or more on a busy one.
  it('each row refuses, from each of its floors (at two depths), an import of every floor it does not name, and lets through those it names', { timeout: 180_000 }, async () => {
    const everything = LAYERS.flatMap((layer) => layer.floor);
    const wrong: string[] = [];
    let refusals = 0;
    for (const layer of LAYERS) {
      for (const member of layer.floor) {
        for (const target of everything) {
          if (target === member) continue;
          const door = layer.may.find((m) => m.includes('/') && folderOf(m) === target);
          const sameKind = layer.floor.includes(target) && isFile(target) === isFile(member);
          const allowed = layer.may.includes(target) || sameKind;
          for (const { filePath, specifier } of importProbes(join(root, 'src'), member, target)) {
            const messages = await importMessages(eslint, filePath, specifier);
            const refused = messages.some((m) => m.startsWith('no-restricted-imports: '));
            if (refused) refusals++;
            if (allowed && messages.length > 0) wrong.push(`${specifier} from ${filePath.slice(root.length)} refused: ${messages.join('; ')}`);
            if (!allowed && !refused) wrong.push(`${specifier} from ${filePath.slice(root.length)} let through`);
            if (!allowed && refused && !messages.some((m) => m.endsWith(layer.why))) wrong.push(`${specifier} from ${filePath.slice(root.length)}: not the row's reason`);
            if (door) {
              // Entered through its door only.
              const through = specifier.replace(/[^/]+\/some-file\.js$/, door.replace(/\.ts$/, '.js'));
              if ((await importMessages(eslint, filePath, through)).length > 0) wrong.push(`${through} (the door) from ${filePath.slice(root.length)} refused`);
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(refusals).toBeGreaterThan(300);
  });

  it('a package a row refuses is refused (core never imports the OpenTelemetry API)', async () => {
    const refusing = LAYERS.filter((layer) => layer.never?.length);
    expect(refusing.map((layer) => layer.floor)).toEqual([['core']]);
    for (const layer of refusing) {
      for (const name of layer.never!) {
        const messages = await importMessages(eslint, join(root, 'src', layer.floor[0]!, 'probe.ts'), name.replace('*', 'api'));
        expect(messages).toHaveLength(1);
        expect(messages[0]).toMatch(/^no-restricted-imports: /);
        expect(messages[0]!.endsWith(layer.why)).toBe(true);
      }
    }
  });
});
