// tracker.send's types read naturally: an instant send without its access
// token is reported as a missing argument, not as a mismatch with another
// route; tracker.replace takes a whole GP-route message without the two
// fields it sets; createTracker takes no database passed as undefined (the run
// time refuses it). Checked with the TypeScript compiler, strict, as a user's
// files are.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeBlock } from '../docs/markdown.js';
import { typeCheckBlocks, type BlockFailure } from '../docs/type-check.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

const HEADER = `import { CdmsClient, type InstantMessageParams, type StandardMessageParams, type GpConnectMessageParams } from 'cdms-sdk';
import { createTracker, type GpConnectReplacement, type TrackedRoute } from 'cdms-sdk/tracker';
const tracker = await createTracker({ client: new CdmsClient(), database: 'memory:' });
const standard = {} as StandardMessageParams;
const instant = {} as InstantMessageParams;
const gp = {} as GpConnectMessageParams;
void standard; void instant; void gp;
const earlier = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
const { versionNumber: _v, relatesTo: _r, ...info } = gp.gpConnectAdditionalInformation;
`;

const VALID: Record<string, string> = {
  'each route with its own message': `await tracker.send('standard', standard);
await tracker.send('standard', standard, { metadata: { documentId: 'D-1' } });
await tracker.send('instant', instant, { accessToken: 'token' });
await tracker.send('gpconnect', gp);`,
  'a route chosen at run time': `const route = 'standard' as TrackedRoute;
if (route !== 'instant') await tracker.send(route, standard);`,
  'a new version: the GP-route message without versionNumber and relatesTo': `const next: GpConnectReplacement = { ...gp, gpConnectAdditionalInformation: info };
const { versionNumber } = await tracker.replace(earlier, next, { by: 'j.smith', note: 'Corrected.' });
void versionNumber;`,
};

const INVALID: Record<string, [code: string, message: RegExp, source: string]> = {
  'an instant send without options': ['TS2554', /Expected 3 arguments, but got 2/, `await tracker.send('instant', instant);`],
  'an instant send without its access token': ['TS2345', /'TrackerInstantSendOptions'/, `await tracker.send('instant', instant, {});`],
  'a GP-route message on the standard route': ['TS2345', /StandardMessageParams/, `await tracker.send('standard', gp);`],
  'a new version that sets versionNumber itself': ['TS2345', /versionNumber/, `await tracker.replace(earlier, gp);`],
  'a new version without what the GP route requires': [
    'TS2741',
    /senderReference/,
    `const { senderReference: _s, ...partial } = info;
await tracker.replace(earlier, { ...gp, gpConnectAdditionalInformation: partial });`,
  ],
  'a standard message as a new version': ['TS2345', /GpConnectReplacement/, `await tracker.replace(earlier, standard);`],
  // The run time refuses it (an unset environment variable must not become the embedded default): so does the type.
  'database passed as undefined': ['TS2379', /database/, `await createTracker({ client: new CdmsClient(), database: undefined });`],
  'database from a variable that may be unset': ['TS2379', /database/, `await createTracker({ client: new CdmsClient(), database: process.env.LEDGER });`],
};

const block = (name: string, code: string, index: number): CodeBlock => ({
  file: `(tracker-send ${index}) ${name}.md`,
  fenceLine: 1,
  firstLine: 2,
  closeLine: 2 + code.split('\n').length,
  lang: 'ts',
  code: `${HEADER}${code}`,
  checked: true,
  optOutReason: undefined,
});

describe('tracker.send at compile time', () => {
  const valid = Object.entries(VALID).map(([name, code], i) => block(name, code, i));
  const invalid = Object.entries(INVALID).map(([name, [, , code]], i) => block(name, code, 100 + i));
  let failures: BlockFailure[] = [];

  beforeAll(() => {
    failures = typeCheckBlocks([...valid, ...invalid], { root, prelude: 'export {};\n' });
  }, 180_000);

  const of = (b: CodeBlock) => failures.filter((f) => f.block === `${b.file}:1`);

  it.each(valid.map((b) => [b.file, b] as const))('compiles: %s', (_, b) => {
    expect(of(b).map((f) => `${f.code}: ${f.message}`)).toEqual([]);
  });

  it.each(Object.keys(INVALID).map((name, i) => [name, invalid[i]!, INVALID[name]!] as const))('refuses %s', (_, b, [code, message]) => {
    const errors = of(b);
    expect(errors.length, 'the program compiled').toBeGreaterThan(0);
    expect(errors.some((f) => f.code === code && message.test(f.message)), errors.map((f) => `${f.code}: ${f.message}`).join('\n')).toBe(true);
  });
});
