// The documentation addresses the `cdms` command prints are absolute (a
// package user has no docs/ folder) and point at guides and headings that
// exist, in the repository package.json names.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { docsUrl, REPOSITORY_URL } from '../../src/cli/links.js';
import { headingAnchors } from '../docs/markdown.js';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');

describe('cdms documentation links', () => {
  it("REPOSITORY_URL is package.json's repository, homepage and bugs address", () => {
    const pkg = JSON.parse(read('package.json')) as { repository: { url: string }; homepage: string; bugs: { url: string } };
    expect(pkg.repository.url).toBe(`git+${REPOSITORY_URL}.git`);
    expect(pkg.homepage.startsWith(REPOSITORY_URL)).toBe(true);
    expect(pkg.bugs.url).toBe(`${REPOSITORY_URL}/issues`);
  });

  it('docsUrl gives an absolute address of a guide and heading', () => {
    expect(docsUrl('sandbox.md', 'faults')).toBe(`${REPOSITORY_URL}/blob/main/docs/sandbox.md#faults`);
  });

  it('every guide and heading the CLI sources name exists, and none is named by a relative path', () => {
    const files = readdirSync(new URL('../../src/cli/', import.meta.url), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    const sources = files.map((f) => read(`src/cli/${f}`)).join('\n');
    const relative = sources.split('\n').filter((line) => /['`"][^'`"]*\bdocs\/[\w-]+\.md/.test(line) && !line.trim().startsWith('/'));
    expect(relative).toEqual([]);
    const named = [...sources.matchAll(/docsUrl\('([^']+)'(?:, '([^']+)')?\)/g)].map((m) => [m[1]!, m[2]] as const);
    expect(named.length).toBeGreaterThanOrEqual(3);
    for (const [guide, heading] of named) {
      const text = read(`docs/${guide}`);
      if (heading) expect(headingAnchors(text).has(heading), `${guide}#${heading}`).toBe(true);
    }
  });
});
