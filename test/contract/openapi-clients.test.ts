// docs/openapi.json is what a sender generates its own client from. With the
// two most used TypeScript generators (openapi-typescript with openapi-fetch,
// and @hey-api/openapi-ts with its fetch client), generated once per run into
// .tmp/: a program calling every operation compiles clean under strict
// TypeScript and succeeds against the sandbox; the mistakes the document can
// express are compile errors; the rules it cannot are listed, and compile.
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATIENT, PDF_BASE64 } from '../helpers/fixtures.js';
import { HEY_API, INVALID_PROGRAMS, OPENAPI_FETCH, UNEXPRESSED_RULES, type Dialect } from './generated-clients/invalid-programs.js';
import { generateHeyApi, generateOpenapiTypescript, ROOT, typeCheck, workDir, type Diagnostic } from './generated-clients/toolchain.js';
import { HEY_API_PROGRAM, OPENAPI_FETCH_PROGRAM } from './generated-clients/valid-programs.js';

interface Generator {
  name: string;
  key: string;
  dialect: Dialect;
  valid: string;
}

const GENERATORS: Generator[] = [
  { name: 'openapi-typescript + openapi-fetch', key: 'openapi-fetch', dialect: OPENAPI_FETCH, valid: OPENAPI_FETCH_PROGRAM },
  { name: '@hey-api/openapi-ts (fetch client)', key: 'hey-api', dialect: HEY_API, valid: HEY_API_PROGRAM },
];

/** Every operationId of the document, in its order. */
const document = JSON.parse(readFileSync(join(ROOT, 'docs', 'openapi.json'), 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
const OPERATION_IDS = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((op) => op.operationId));

const programName = (g: Generator, kind: string, index: number) => `${g.key}-${kind}-${index}`;

let dir: string;
let byProgram: Record<string, Diagnostic[]> = {};
let elsewhere: string[] = [];

beforeAll(async () => {
  dir = workDir();
  await Promise.all([generateOpenapiTypescript(dir), generateHeyApi(dir)]);
  const programs: Record<string, string> = {};
  for (const g of GENERATORS) {
    programs[programName(g, 'valid', 0)] = g.valid;
    INVALID_PROGRAMS.forEach((p, i) => (programs[programName(g, 'invalid', i)] = `${g.dialect.header}${p.source(g.dialect)}`));
    UNEXPRESSED_RULES.forEach((p, i) => (programs[programName(g, 'unexpressed', i)] = `${g.dialect.header}${p.source(g.dialect)}`));
  }
  ({ byProgram, elsewhere } = typeCheck(dir, programs));
}, 180_000);

afterAll(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

const show = (errors: readonly Diagnostic[]) => errors.map((e) => `${e.code}: ${e.message}`).join('\n');

describe('generated clients: compile time', () => {
  it('the generated clients themselves compile clean', () => {
    expect(elsewhere).toEqual([]);
  });

  describe.each(GENERATORS)('$name', (g) => {
    it('the program calling every operation compiles clean (strict)', () => {
      const errors = byProgram[programName(g, 'valid', 0)] ?? [];
      expect(errors, show(errors)).toEqual([]);
      for (const id of OPERATION_IDS) expect(g.valid, `the program does not call ${id}`).toContain(`'${id}'`);
    });

    it.each(INVALID_PROGRAMS.map((p, i) => [p.name, p, i] as const))('refuses %s', (_, p, i) => {
      const errors = byProgram[programName(g, 'invalid', i)] ?? [];
      expect(errors.length, 'the program compiled').toBeGreaterThan(0);
      expect(errors.some((e) => p.codes.includes(e.code) && p.message.test(e.message)), show(errors)).toBe(true);
    });

    it.each(UNEXPRESSED_RULES.map((p, i) => [p.name, i] as const))('cannot express (only the service checks): %s', (_, i) => {
      const errors = byProgram[programName(g, 'unexpressed', i)] ?? [];
      expect(errors, `${show(errors)}\nthe generated types now catch this: list it with the rules they express`).toEqual([]);
    });
  });
});

describe('generated clients: against the sandbox', () => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(() => sandbox?.close());

  it.each(GENERATORS)('$name: every operation succeeds, and a refused send carries its invalidParameters', async (g) => {
    const program = (await import(pathToFileURL(join(dir, `${programName(g, 'valid', 0)}.ts`)).href)) as {
      callEveryOperation(f: Record<string, string>): Promise<{ succeeded: string[]; standardStatus: string; gpSubStatus: string | null; refused: { status: number; invalidParameters: number } }>;
    };
    const before = sandbox.stats().requests;
    const outcome = await program.callEveryOperation({
      baseUrl: sandbox.url,
      apiKey: sandbox.apiKey,
      topic: sandbox.topics[0]!,
      recipient: sandbox.recipients[0]!,
      nhsNumber: PATIENT.nhsNumber,
      pdfBase64: PDF_BASE64,
      accessCode: await sandbox.issueAccessCode(`user-${g.key}`),
      widgetName: `Tracker ${g.key}`,
    });
    expect([...outcome.succeeded].sort()).toEqual([...OPERATION_IDS].sort());
    expect(outcome.standardStatus).toBe('PENDING');
    expect(outcome.gpSubStatus).toBe('Sent to MESH');
    expect(outcome.refused).toEqual({ status: 400, invalidParameters: 1 });
    expect(sandbox.stats().requests - before).toBe(OPERATION_IDS.length + 1);
  });
});
