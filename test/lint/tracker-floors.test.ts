// The tracker's floors as lint (eslint.config.js, TRACKER_FLOORS): each row's
// rule run by ESLint itself on one-line files placed in that floor, importing
// every other floor of src/tracker. What the row names passes; everything
// else is refused. CONTRIBUTING.md's table says the same rows. And no circle
// of imports runs inside the tracker, found by walking its import graph.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { folderClashes } from './folder-clashes.js';
import { importMessages, importProbes, importRulesOnly, loadEslintConfig } from './import-probe.js';

interface Floor {
  floor: string[];
  may: string[];
  why: string;
}

const root = fileURLToPath(new URL('../../', import.meta.url));
const tracker = join(root, 'src', 'tracker');
let FLOORS: Floor[];
let LAYERS: Floor[];
let eslint: ESLint;

beforeAll(async () => {
  const loaded = await loadEslintConfig<{ TRACKER_FLOORS: Floor[]; LAYERS: Floor[] }>(root);
  FLOORS = loaded.TRACKER_FLOORS;
  LAYERS = loaded.LAYERS;
  eslint = importRulesOnly(root, loaded.default, ['layers: ', 'tracker floors: ']);
}, 60_000);

const isFile = (name: string) => name.endsWith('.ts');

/** The tracker's files and, for each, the tracker files it imports (static imports, `import type`, re-exports, dynamic imports). */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else if (name.endsWith('.ts')) graph.set(relative(tracker, path), []);
    }
  };
  walk(tracker);
  for (const [file, targets] of graph) {
    const text = readFileSync(join(tracker, file), 'utf8');
    for (const [, specifier] of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = relative(tracker, resolve(dirname(join(tracker, file)), specifier!.replace(/\.js$/, '.ts')));
      if (graph.has(target)) targets.push(target);
    }
  }
  return graph;
}

/** The circles of a graph: its strongly connected parts of more than one file (Tarjan), and files importing themselves. */
function circles(graph: Map<string, string[]>): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file)!, low.get(target)!));
      } else if (stack.includes(target)) low.set(file, Math.min(low.get(file)!, index.get(target)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const part: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      part.push(member);
    } while (member !== file);
    if (part.length > 1 || graph.get(file)!.includes(file)) found.push(part.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}


describe("every row of the tracker's floors is a lint rule", () => {
  it('has the rows CONTRIBUTING.md lists, in its order, with what each may import', () => {
    const text = readFileSync(join(root, 'CONTRIBUTING.md'), 'utf8');
    const table = text.slice(text.indexOf("### The tracker's floors"));
    const rows = table
      .slice(0, table.indexOf('\n## '))
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .map((line) => line.split('|').slice(1, 3));
    const names = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1]!.replace(/\/$/, ''));
    expect(rows.map(([floor, may]) => ({ floor: names(floor!), may: names(may!) }))).toEqual(FLOORS.map((row) => ({ floor: row.floor, may: row.may })));
  });

  it('every folder and top-level file of src/tracker is in a row, and none reached by `../` bears the name of a floor of src/', () => {
    const named = new Set(FLOORS.flatMap((row) => row.floor));
    const present = readdirSync(tracker).filter((name) => name.endsWith('.ts') || statSync(join(tracker, name)).isDirectory());
    expect(present.filter((name) => !named.has(name))).toEqual([]);
    // A folder's file reaches the others by `../name`, as it reaches src/'s floors: the names must differ, or the tracker's own rule would judge them.
    const reached = new Set([...named].filter((name) => !isFile(name)));
    for (const row of FLOORS) if (row.floor.some((name) => !isFile(name))) for (const name of row.may) reached.add(name);
    const outer = new Set(LAYERS.flatMap((row) => row.floor));
    expect([...reached].filter((name) => outer.has(name))).toEqual([]);
  });

  it('no folder inside a floor bears the name of a floor, so `../store/` always means src/tracker/store', () => {
    const folders = new Set(FLOORS.flatMap((row) => row.floor).filter((name) => !isFile(name)));
    expect(folderClashes(tracker, folders, root)).toEqual([]);
  });

  it('each row refuses, from each of its floors (at two depths), an import of every floor it does not name, and lets through those it names', { timeout: 180_000 }, async () => {
    const everything = FLOORS.flatMap((row) => row.floor);
    const wrong: string[] = [];
    let refusals = 0;
    for (const row of FLOORS) {
      for (const member of row.floor) {
        for (const target of everything) {
          if (target === member) continue;
          const allowed = row.may.includes(target) || (row.floor.includes(target) && isFile(target) === isFile(member));
          for (const { filePath, specifier } of importProbes(tracker, member, target)) {
            const messages = await importMessages(eslint, filePath, specifier);
            const refused = messages.some((m) => m.startsWith('no-restricted-imports: '));
            if (refused) refusals++;
            if (allowed && messages.length > 0) wrong.push(`${specifier} from ${filePath.slice(root.length)} refused: ${messages.join('; ')}`);
            if (!allowed && !refused) wrong.push(`${specifier} from ${filePath.slice(root.length)} let through`);
            if (!allowed && refused && !messages.some((m) => m.endsWith(row.why))) wrong.push(`${specifier} from ${filePath.slice(root.length)}: not the row's reason`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    // model/ alone refuses 11 floors at two depths; the entry points refuse none.
    expect(refusals).toBeGreaterThan(100);
  });

  it("each floor keeps the tracker's own row: the sandbox is refused, core/ let through", async () => {
    const trackerRow = LAYERS.find((row) => row.floor.includes('tracker'))!;
    for (const member of FLOORS.flatMap((row) => row.floor)) {
      const filePath = isFile(member) ? join(tracker, member) : join(tracker, member, 'probe.ts');
      const up = isFile(member) ? '../' : '../../';
      const sandbox = await importMessages(eslint, filePath, `${up}sandbox/server.js`);
      expect(sandbox, member).toEqual([`no-restricted-imports: '${up}sandbox/server.js' import is restricted from being used by a pattern. ${trackerRow.why}`]);
      expect(await importMessages(eslint, filePath, `${up}core/logger.js`), member).toEqual([]);
    }
  });
});

describe('no circle of imports inside the tracker', () => {
  it('finds a circle where there is one (the check can fail)', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts']],
      ['d.ts', ['a.ts']],
      ['e.ts', ['e.ts']],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts'], ['e.ts']]);
    expect(circles(new Map([['a.ts', ['b.ts']], ['b.ts', []]]))).toEqual([]);
  });

  it('reads the imports of the real files (the graph is not empty, type imports and re-exports count)', () => {
    const graph = importGraph();
    expect(graph.get('decide/apply-send.ts')).toContain('model/attention.ts');
    expect(graph.get('work/context.ts')).toContain('decide/step-context.ts');
    expect(graph.get('index.ts')).toContain('api/create-tracker.ts');
  });

  it('has none, besides the one through the audit still pending', () => {
    const found = circles(importGraph());
    expect(found).toEqual([]);
  });
});
