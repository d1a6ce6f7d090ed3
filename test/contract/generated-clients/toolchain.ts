// Generating the two clients from docs/openapi.json with the commands the
// guide gives, and type-checking programs written on them, strict, as a
// user's project would (TypeScript's compiler API, no emit). Everything runs
// from node_modules: no network.
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import ts from 'typescript';

const run = promisify(execFile);

/** The repository root: the generated clients live under its .tmp/, so 'openapi-fetch' resolves from node_modules. */
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const DOCUMENT = join(ROOT, 'docs', 'openapi.json');
const bin = (path: string) => join(ROOT, 'node_modules', path);

/** A fresh folder under .tmp/openapi-clients for one test run. */
export function workDir(): string {
  const parent = join(ROOT, '.tmp', 'openapi-clients');
  mkdirSync(parent, { recursive: true });
  return mkdtempSync(join(parent, 'run-'));
}

/** `npx openapi-typescript docs/openapi.json -o <dir>/openapi-typescript/schema.ts` */
export async function generateOpenapiTypescript(dir: string): Promise<void> {
  const out = join(dir, 'openapi-typescript', 'schema.ts');
  await run(process.execPath, [bin('openapi-typescript/bin/cli.js'), DOCUMENT, '-o', out], { cwd: ROOT, env: { ...process.env, NO_COLOR: '1' } });
}

/** `npx @hey-api/openapi-ts -i docs/openapi.json -o <dir>/hey-api -c @hey-api/client-fetch` */
export async function generateHeyApi(dir: string): Promise<void> {
  const out = join(dir, 'hey-api');
  const args = [bin('@hey-api/openapi-ts/bin/run.js'), '-i', DOCUMENT, '-o', out, '-c', '@hey-api/client-fetch', '--silent', '--no-log-file'];
  await run(process.execPath, args, { cwd: dir, env: { ...process.env, NO_COLOR: '1' } });
}

/**
 * The compiler options of a strict user project that runs the clients in
 * Node (fetch from the DOM library): `strict`, `noUncheckedIndexedAccess`,
 * and bundler resolution, which both generators' guides assume. Not
 * `exactOptionalPropertyTypes`: the fetch client @hey-api/openapi-ts copies
 * into its output (0.95) does not compile with it, whatever the document.
 */
export const USER_COMPILER_OPTIONS: ts.CompilerOptions = {
  strict: true,
  noUncheckedIndexedAccess: true,
  target: ts.ScriptTarget.ES2022,
  module: ts.ModuleKind.ESNext,
  moduleResolution: ts.ModuleResolutionKind.Bundler,
  lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
  types: [],
  skipLibCheck: true,
  noEmit: true,
};

/** One compiler error, in the file it belongs to. */
export interface Diagnostic {
  code: string;
  message: string;
}

/**
 * Writes each program to `dir/<name>.ts` and type-checks them together (one
 * compiler run); returns each file's own errors, and every error outside them.
 */
export function typeCheck(dir: string, programs: Record<string, string>): { byProgram: Record<string, Diagnostic[]>; elsewhere: string[] } {
  const files = Object.entries(programs).map(([name, source]) => {
    const file = join(dir, `${name}.ts`);
    writeFileSync(file, `${source}\nexport {};\n`);
    return [name, file] as const;
  });
  const program = ts.createProgram({ rootNames: files.map(([, file]) => file), options: USER_COMPILER_OPTIONS });
  const format = (d: ts.Diagnostic): Diagnostic => ({ code: `TS${d.code}`, message: ts.flattenDiagnosticMessageText(d.messageText, '\n') });
  const byProgram: Record<string, Diagnostic[]> = {};
  const own = new Set<ts.SourceFile>();
  for (const [name, file] of files) {
    const source = program.getSourceFile(file);
    if (!source) throw new Error(`${file} is not in the program`);
    own.add(source);
    byProgram[name] = [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)].map(format);
  }
  // Errors inside the generated clients count too: "compiles clean" means the whole project.
  const elsewhere = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics()]
    .concat(program.getSourceFiles().filter((s) => !own.has(s) && !s.isDeclarationFile).flatMap((s) => [...program.getSemanticDiagnostics(s)]))
    .map((d) => `${d.file?.fileName ?? '(project)'}: ${format(d).code} ${format(d).message}`);
  return { byProgram, elsewhere };
}
