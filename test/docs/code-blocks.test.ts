// The docs cannot rot: every ```ts / ```typescript block of README.md,
// docs/*.md and docs/decisions/*.md (not docs/api/, which typedoc generates) is type-checked against
// the SDK's source, strict, with the repository's tsconfig; and every relative
// link in those files points at a file (and heading) that exists.
//
// Rules for code blocks
// - Each block is checked on its own, as a module: it sees its own imports,
//   the globals of Node, and the prelude below; nothing from the blocks
//   around it. A block that imports a name declares it; a block may shadow a
//   prelude name with its own declaration.
// - Imports use the package names ('cdms-sdk', 'cdms-sdk/sandbox',
//   'cdms-sdk/widget'); tsconfig "paths" maps them to src/.
// - A block that makes its own client or sandbox (`new CdmsClient(`,
//   `startSandbox(`) is a whole program a reader runs as it is: it is checked
//   without the prelude, so it cannot lean on a `message` it never defines.
// - The prelude: a fragment (a block with no imports, or one that uses names
//   it does not declare) may use only these. Keep the list short; add a name
//   only when several guides need it.
//     cdms        CdmsClient, as `new CdmsClient()` gives
//     message     StandardMessageParams: a valid standard (or instant) message
//     gpMessage   GpConnectMessageParams: a valid GP-route message
//     messageId   string: the id a send resolved with
//     accessToken string: a user's instant access token from tokens.exchange()
//     sandbox     Sandbox: a running sandbox, as startSandbox() gives
// - The web frameworks the worklist guide mounts it in (express, fastify,
//   hono, koa) are not dependencies of the SDK: blocks see the minimal
//   declarations of the parts they use below (FRAMEWORKS), written to follow
//   each framework's own types. A block must not use more of them than that.
// - Opt-out, for pseudo-code only: the line before the fence (blank lines
//   aside) is `<!-- not-checked: why -->`. The reason is required. Prefer a
//   block that compiles: it is the one a reader can paste.
// - Failures name the markdown file and line (`docs/x.md:42`).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_URL } from '../../src/cli/links.js';
import { extractCodeBlocks, extractLinks, headingAnchors, type CodeBlock } from './markdown.js';
import { typeCheckBlocks, type BlockFailure } from './type-check.js';

/** The one ambient prelude (see the rules above). */
const PRELUDE = `import type { CdmsClient, GpConnectMessageParams, StandardMessageParams } from 'cdms-sdk';
import type { Sandbox } from 'cdms-sdk/sandbox';
import type { Tracker } from 'cdms-sdk/tracker';

declare global {
  const cdms: CdmsClient;
  const message: StandardMessageParams;
  const gpMessage: GpConnectMessageParams;
  const messageId: string;
  const accessToken: string;
  const sandbox: Sandbox;
  const tracker: Tracker;
}
export {};
`;

/** What the worklist guide uses of each web framework, as each declares it (see the rules above). */
const FRAMEWORKS = `declare module 'express' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';
  interface Application {
    use(path: string, handler: (req: IncomingMessage, res: ServerResponse, next: (error?: unknown) => void) => void): Application;
    listen(port: number): Server;
  }
  export default function express(): Application;
}
declare module 'fastify' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface FastifyRequest { raw: IncomingMessage }
  interface FastifyReply { raw: ServerResponse; hijack(): void }
  interface FastifyInstance {
    all(path: string, handler: (request: FastifyRequest, reply: FastifyReply) => void): FastifyInstance;
    removeAllContentTypeParsers(): void;
    addContentTypeParser(type: string, parser: (request: FastifyRequest, payload: IncomingMessage, done: (error: Error | null, body?: unknown) => void) => void): void;
    register(plugin: (instance: FastifyInstance) => Promise<void>): FastifyInstance;
    listen(options: { port: number; host?: string }): Promise<string>;
  }
  export default function Fastify(): FastifyInstance;
}
declare module 'hono' {
  interface Context { req: { raw: Request } }
  export class Hono {
    all(path: string, handler: (c: Context) => Response | Promise<Response>): Hono;
    fetch: (request: Request) => Response | Promise<Response>;
  }
}
declare module 'koa' {
  import type { IncomingMessage, Server, ServerResponse } from 'node:http';
  interface Context { req: IncomingMessage; res: ServerResponse; path: string; respond?: boolean }
  export default class Koa {
    use(middleware: (ctx: Context, next: () => Promise<void>) => Promise<void> | void): Koa;
    listen(port: number): Server;
  }
}
`;

const root = fileURLToPath(new URL('../../', import.meta.url));
const CHECKED_LANGS = new Set(['ts', 'typescript']);

/** Markdown a package user reads in the tarball, on the npm page, or where it is linked from there. */
const SHIPPED = ['README.md', 'CHANGELOG.md', 'SECURITY.md'];

/** The markdown files of one folder of the repository, relative to the root. */
function markdownIn(folder: string): string[] {
  return readdirSync(join(root, folder))
    .filter((name) => name.endsWith('.md') && statSync(join(root, folder, name)).isFile())
    .sort()
    .map((name) => `${folder}/${name}`);
}

/** The user docs, the decisions and the repository's own, relative to the root (docs/api/ is generated, so it is not read). */
function markdownFiles(): string[] {
  return [...SHIPPED, 'CONTRIBUTING.md', 'bench/README.md', ...markdownIn('docs'), ...markdownIn('docs/decisions')];
}

/** A guide: a page of docs/, or the decisions' index (the areas are reached through it). */
const isGuide = (file: string): boolean => /^docs\/[^/]+\.md$/.test(file) || file === 'docs/decisions/README.md';

const files = markdownFiles();
/** What only the team has: its design notes, issue numbers, reference notes. */
const INTERNAL_REFERENCE = /DESIGN\.md|\bissues? #?\d+|toolchain\.md|domain\.md|HELPERS\.md/i;
const read = (file: string): string => readFileSync(join(root, file), 'utf8');
const tsBlocks = (blocks: readonly CodeBlock[]): CodeBlock[] => blocks.filter((b) => CHECKED_LANGS.has(b.lang));

/** A block that is a whole program: it makes its own client or sandbox. */
const isWholeProgram = (block: CodeBlock): boolean => /\bnew CdmsClient\(|\bstartSandbox\(/.test(block.code);

/**
 * A markdown file the checker must fail on, checked in the same run as the
 * docs: line 6 assigns a string to a number; the opted-out block is not
 * TypeScript; the `typescript` block uses the prelude and passes; the last
 * block makes its own client, so the prelude's `message` (line 23) is unknown
 * to it.
 */
const SELF_TEST_FILE = '(self-test).md';
const SELF_TEST = [
  '# Self-test',
  '',
  'A broken block:',
  '',
  '```ts',
  "const n: number = 'not a number';",
  '```',
  '',
  '<!-- not-checked: pseudo-code -->',
  '',
  '```ts',
  'send the message, then poll',
  '```',
  '',
  '```typescript',
  'const { status } = await cdms.messages.status(messageId);',
  'console.log(status);',
  '```',
  '',
  '```ts',
  "import { CdmsClient } from 'cdms-sdk';",
  'const client = new CdmsClient();',
  'await client.messages.send(message);',
  '```',
].join('\n');

const format = (f: BlockFailure): string => `${f.where} (block at ${f.block}) ${f.code}: ${f.message}`;

describe('docs code blocks', () => {
  const realBlocks = files.flatMap((file) => tsBlocks(extractCodeBlocks(read(file), file)));
  const selfTestBlocks = tsBlocks(extractCodeBlocks(SELF_TEST, SELF_TEST_FILE));
  let failures: BlockFailure[] = [];

  beforeAll(() => {
    const checked = [...realBlocks, ...selfTestBlocks].filter((b) => b.checked);
    failures = [
      ...typeCheckBlocks(checked.filter((b) => !isWholeProgram(b)), { root, prelude: PRELUDE, ambient: FRAMEWORKS }),
      ...typeCheckBlocks(checked.filter(isWholeProgram), { root, prelude: 'export {};\n', ambient: FRAMEWORKS }),
    ];
  }, 180_000);

  it('finds the blocks of README.md and every guide', () => {
    expect(files).toContain('docs/getting-started.md');
    expect(realBlocks.filter((b) => b.checked).length).toBeGreaterThanOrEqual(40);
  });

  it('type-checks every ts block of README.md and docs/*.md', () => {
    const real = failures.filter((f) => !f.where.startsWith(SELF_TEST_FILE));
    expect(real.map(format), `${real.length} doc block error(s):\n${real.map(format).join('\n')}`).toEqual([]);
  });

  it('can fail: reports a broken block with its markdown file and line (self-test)', () => {
    const own = failures.filter((f) => f.where.startsWith(SELF_TEST_FILE));
    expect(own.map((f) => [f.where, f.block, f.code])).toEqual([
      [`${SELF_TEST_FILE}:6`, `${SELF_TEST_FILE}:5`, 'TS2322'],
      [`${SELF_TEST_FILE}:23`, `${SELF_TEST_FILE}:20`, 'TS2304'],
    ]);
  });

  it('opts a block out only with the marker and a reason', () => {
    expect(selfTestBlocks.map((b) => b.checked)).toEqual([true, false, true, true]);
    const unexplained = realBlocks.filter((b) => !b.checked && !b.optOutReason).map((b) => `${b.file}:${b.fenceLine}`);
    expect(unexplained, 'write the reason: <!-- not-checked: why -->').toEqual([]);
  });
});

/** Problems with the links of one markdown file: missing files and missing headings. */
function linkProblems(file: string, markdown: string, readOther: (path: string) => string | undefined): string[] {
  const problems: string[] = [];
  const { relative: links, anchors } = extractLinks(markdown, file, REPOSITORY_URL);
  const ownHeadings = headingAnchors(markdown);
  for (const a of anchors) {
    if (!ownHeadings.has(a.anchor)) problems.push(`${file}:${a.line}: #${a.anchor} is not a heading of ${file}`);
  }
  for (const link of links) {
    const target = normalize(join(dirname(file), link.path));
    // docs/api/ is generated by `npm run docs` and not committed.
    if (target.startsWith(join('docs', 'api'))) continue;
    const text = readOther(target);
    if (text === undefined) {
      problems.push(`${file}:${link.line}: ${link.target} -> ${relative('.', target)} does not exist`);
    } else if (link.anchor && target.endsWith('.md') && !headingAnchors(text).has(link.anchor)) {
      problems.push(`${file}:${link.line}: ${link.target} -> no heading #${link.anchor} in ${target}`);
    }
  }
  return problems;
}

/** The text of a repository file ('' for a folder), or undefined when it does not exist. */
function readRepoFile(path: string): string | undefined {
  const full = join(root, path);
  if (!existsSync(full)) return undefined;
  return statSync(full).isFile() ? readFileSync(full, 'utf8') : '';
}

describe('docs links', () => {
  it('every link to a repository file (relative, or absolute under the repository) points at a file and heading that exist', () => {
    const problems = files.flatMap((file) => linkProblems(file, read(file), readRepoFile));
    expect(problems, problems.join('\n')).toEqual([]);
  });

  it('README.md links every guide, by absolute address', () => {
    const readme = read('README.md');
    expect(files).toContain('docs/decisions/README.md');
    const missing = files.filter((f) => isGuide(f) && !readme.includes(`](${REPOSITORY_URL}/blob/main/${f}`));
    expect(missing, `not linked from README.md: ${missing.join(', ')}`).toEqual([]);
  });

  it('the markdown shipped in the package links only by absolute address (a package user has no docs/ folder)', () => {
    const relativeLinks = SHIPPED.flatMap((file) => extractLinks(read(file), file).relative.map((l) => `${file}:${l.line}: ${l.target}`));
    expect(relativeLinks).toEqual([]);
  });

  it('user docs hold no internal references (design notes, issue numbers, reference notes)', () => {
    const found = files.flatMap((file) =>
      read(file)
        .split('\n')
        .flatMap((line, i) => (INTERNAL_REFERENCE.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('the source holds none either: its comments ship in the published types and the reference', () => {
    const sources = readdirSync(join(root, 'src'), { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.ts'));
    expect(sources.length).toBeGreaterThan(50);
    const found = sources.flatMap((file) =>
      read(join('src', file))
        .split('\n')
        .flatMap((line, i) => (INTERNAL_REFERENCE.test(line) ? [`src/${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it('can fail: reports a missing file, a missing heading and a bad anchor (self-test)', () => {
    const markdown = [
      '# Self-test',
      '',
      '[ok](../README.md), [ok](#self-test), [url](https://example.org/x.md), `[code](nowhere.md)`',
      '[gone](nowhere.md) and [bad heading](../README.md#no-such-heading)',
      '[bad anchor](#nope)',
      `[absolute ok](${REPOSITORY_URL}/blob/main/docs/cli.md#errors-and-exit-codes) and [absolute gone](${REPOSITORY_URL}/blob/main/docs/gone.md)`,
      '',
      '```md',
      '[inside a block](nowhere-either.md)',
      '```',
    ].join('\n');
    expect(linkProblems('docs/self-test.md', markdown, readRepoFile)).toEqual([
      'docs/self-test.md:5: #nope is not a heading of docs/self-test.md',
      `docs/self-test.md:4: nowhere.md -> ${join('docs', 'nowhere.md')} does not exist`,
      `docs/self-test.md:4: ../README.md#no-such-heading -> no heading #no-such-heading in README.md`,
      `docs/self-test.md:6: gone.md -> ${join('docs', 'gone.md')} does not exist`,
    ]);
  });
});
