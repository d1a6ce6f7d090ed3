// Decisions are cited by id (`D-`, the area's letters, a number), so an id
// must lead somewhere: every id cited in the code, the tests, the scripts,
// the examples and the docs is defined by a heading of docs/decisions/, no id
// is defined twice, and the index lists every one, linked to its heading.
// The reference site publishes the index and the senders' areas only.
import { readdirSync, readFileSync } from 'node:fs';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { REPOSITORY_URL } from '../../src/cli/links.js';
import { citations, decisionProblems, readArea, readIndex, type Citation } from './decision-ids.js';
import { extractLinks } from './markdown.js';

const root = fileURLToPath(new URL('../../', import.meta.url));
const read = (file: string): string => readFileSync(join(root, file), 'utf8');

const DECISIONS = 'docs/decisions';
const INDEX = `${DECISIONS}/README.md`;
/** Where ids may be cited: folders searched whole, and single files. */
const CITING_FOLDERS = ['src', 'test', 'bench', 'scripts', 'examples', 'docs'];
const CITING_FILES = ['README.md', 'CONTRIBUTING.md', 'CHANGELOG.md'];
/** Generated or installed, not written: the reference site, builds, copies of the package. */
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', '.tmp', 'api', 'images']);
const TEXT_FILE = /\.(?:[cm]?[jt]s|md|json|ya?ml|html|css|sh)$/;

/** The text files under a folder, relative to the root, generated folders left out. */
function filesUnder(folder: string): string[] {
  return readdirSync(join(root, folder), { withFileTypes: true }).flatMap((entry) => {
    const path = `${folder}/${entry.name}`;
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : filesUnder(path);
    return TEXT_FILE.test(entry.name) ? [path] : [];
  });
}

const areaFiles = readdirSync(join(root, DECISIONS))
  .filter((name) => name.endsWith('.md') && name !== 'README.md')
  .map((name) => `${DECISIONS}/${name}`);
const areas = areaFiles.map((file) => readArea(read(file), file));
const decisions = areas.flatMap((area) => area.decisions);
const index = readIndex(read(INDEX), INDEX, REPOSITORY_URL);
const citingFiles = [...CITING_FOLDERS.flatMap(filesUnder), ...CITING_FILES];
const cited: Citation[] = citingFiles.flatMap((file) => citations(read(file), file));

describe('decision ids', () => {
  it('every decision heading of every area starts with an id of that area, and holds no inline code', () => {
    expect(areaFiles.length).toBeGreaterThanOrEqual(10);
    expect(decisions.length).toBeGreaterThanOrEqual(144);
    expect(areas.flatMap((area) => area.problems)).toEqual([]);
  });

  it('finds the ids cited in the code, the tests and the guides', () => {
    const where = (id: string) => cited.filter((c) => c.id === id).map((c) => c.file);
    expect(where('D-CLIENT-12')).toEqual(expect.arrayContaining(['src/resources/send-recovery.ts', 'docs/reliability.md', INDEX]));
    expect(where('D-SPEC-12')).toEqual(expect.arrayContaining(['test/resources/gpconnect.test.ts', 'docs/gp-route.md']));
    expect(where('D-BENCH-05')).toContain('bench/README.md');
  });

  it('every cited id exists, none is defined twice, and the index lists every one, linked to its heading', () => {
    expect(decisionProblems(decisions, index, cited)).toEqual([]);
  });

  it('nothing points at the single file the decisions used to be (the changelog, being history, may name it)', () => {
    const old = /decisions\.md/;
    const stale = citingFiles.filter((file) => file !== 'CHANGELOG.md').flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (old.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(stale, 'cite the id instead, e.g. "decision D-CLIENT-12"').toEqual([]);
  });

  it('can fail: a made-up id, an id defined twice, an unlisted or misplaced one, a heading without an id or with a bad anchor (self-test)', () => {
    // Ids are built here rather than written, so the scan above never meets the made-up ones.
    const id = (letters: string, n: number) => `D-${letters}-${String(n).padStart(2, '0')}`;
    const alpha = [
      '# Decisions: alpha',
      '',
      `### ${id('ALPHA', 1)} First`,
      `### ${id('ALPHA', 2)} Second, with \`code\``,
      '### No id here',
      `### ${id('BETA', 1)} From another area`,
      `### ${id('ALPHA', 3)} With --json`,
    ].join('\n');
    const beta = `# Decisions: beta\n\n### ${id('ALPHA', 1)} Defined again\n`;
    const indexText = [
      `- [${id('ALPHA', 1)} First](alpha.md#d-alpha-01-first)`,
      `- [${id('BETA', 1)} From another area](${REPOSITORY_URL}/blob/main/docs/decisions/beta.md#d-beta-01-from-another-area)`,
      `- [${id('GHOST', 7)} Nowhere](alpha.md#d-ghost-07-nowhere)`,
    ].join('\n');
    const code = `// As decision ${id('ALPHA', 2)} says; see also ${id('NOPE', 99)}.\n`;
    const a = readArea(alpha, 'docs/decisions/alpha.md');
    const b = readArea(beta, 'docs/decisions/beta.md');
    expect([...a.problems, ...b.problems]).toEqual([
      `docs/decisions/alpha.md:4: ${id('ALPHA', 2)}'s heading holds inline code`,
      'docs/decisions/alpha.md:5: decision heading without an id: "No id here"',
      `docs/decisions/alpha.md:6: ${id('BETA', 1)} is not of this area's D-ALPHA`,
      `docs/decisions/alpha.md:7: ${id('ALPHA', 3)}'s anchor holds "--", which the reference site spells "-"`,
    ]);
    const fixtureIndex = readIndex(indexText, INDEX, REPOSITORY_URL);
    expect(decisionProblems([...a.decisions, ...b.decisions], fixtureIndex, citations(code, 'src/x.ts'))).toEqual([
      `${id('ALPHA', 1)} is defined twice: docs/decisions/alpha.md:3 and docs/decisions/beta.md:3`,
      `src/x.ts:1: cites ${id('NOPE', 99)}, which no decision defines`,
      `the index does not list ${id('ALPHA', 2)} (docs/decisions/alpha.md:4)`,
      `the index does not list ${id('ALPHA', 3)} (docs/decisions/alpha.md:7)`,
      `index line 2: ${id('BETA', 1)} links docs/decisions/beta.md#d-beta-01-from-another-area, not docs/decisions/alpha.md#d-beta-01-from-another-area`,
      `index line 3: lists ${id('GHOST', 7)}, which no decision defines`,
    ]);
  });
});

describe('decisions on the reference site', () => {
  const typedoc = JSON.parse(read('typedoc.json')) as { projectDocuments: string[] };
  const published = new Set(typedoc.projectDocuments.filter((file) => file.startsWith(`${DECISIONS}/`)));
  const indexLinks = extractLinks(read(INDEX), INDEX).relative.map((link) => posix.join(DECISIONS, link.path));

  it('publishes the index and exactly the areas the index links in place (the senders\'); the maintainers\' by repository address', () => {
    expect(typedoc.projectDocuments.indexOf(INDEX)).toBeGreaterThanOrEqual(0);
    expect(typedoc.projectDocuments.indexOf(INDEX)).toBeLessThan(typedoc.projectDocuments.findIndex((f) => f.startsWith(`${DECISIONS}/`) && f !== INDEX));
    const linkedInPlace = new Set(indexLinks.filter((path) => areaFiles.includes(path)));
    expect([...published].filter((file) => file !== INDEX).sort()).toEqual([...linkedInPlace].sort());
    const maintainers = areaFiles.filter((file) => !published.has(file));
    expect(maintainers.sort()).toEqual(['benchmarks', 'docs', 'openapi', 'packaging', 'testing'].map((name) => `${DECISIONS}/${name}.md`));
    for (const file of maintainers) expect(read(INDEX)).toContain(`](${REPOSITORY_URL}/blob/main/${file}#`);
  });

  it('no page of the site links in place to an area it does not publish (the site would serve raw markdown)', () => {
    const sitePages = typedoc.projectDocuments.filter((file) => file.endsWith('.md'));
    const problems = sitePages.flatMap((file) =>
      extractLinks(read(file), file)
        .relative.map((link) => ({ link, target: posix.join(posix.dirname(file), link.path) }))
        .filter(({ target }) => areaFiles.includes(target) && !published.has(target))
        .map(({ link, target }) => `${file}:${link.line}: links ${target}, which the site does not publish`),
    );
    expect(problems).toEqual([]);
  });
});
