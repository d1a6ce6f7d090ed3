// Type-checks markdown code blocks with the TypeScript compiler API, as files
// of a throw-away project inside the repository (so 'cdms-sdk' resolves
// through tsconfig.json "paths", to src/) whose tsconfig extends the repo's.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import type { CodeBlock } from './markdown.js';

/** One type error, placed at its markdown file and line. */
export interface BlockFailure {
  /** `file:line` in the markdown. */
  where: string;
  /** The block's opening fence, `file:line`. */
  block: string;
  /** `TS2322` and so on. */
  code: string;
  /** The compiler's message. */
  message: string;
}

/** Where to work and what every block may assume. */
export interface TypeCheckOptions {
  /** The repository root (holds tsconfig.json). */
  root: string;
  /** Source of the ambient prelude (`declare global { ... }`), written as `prelude.d.ts`. */
  prelude: string;
  /** Ambient module declarations (`declare module 'x' { ... }`, a script, not a module), written as `ambient.d.ts`. */
  ambient?: string;
}

/** The block's file name in the temporary project: its markdown path and line, readable. */
function blockFileName(block: CodeBlock): string {
  return `${block.file.replace(/[^A-Za-z0-9]+/g, '-')}-L${block.fenceLine}.ts`;
}

/**
 * Type-checks each block as its own module (an `export {}` is appended, so
 * top-level names never clash between blocks and top-level `await` works).
 * Only diagnostics of the blocks and the prelude count: errors inside src/
 * are `tsc --noEmit`'s business.
 */
export function typeCheckBlocks(blocks: readonly CodeBlock[], options: TypeCheckOptions): BlockFailure[] {
  const parent = join(options.root, '.tmp', 'doc-blocks');
  mkdirSync(parent, { recursive: true });
  // A directory per run: other test runs in the same tree must not clobber it.
  const dir = mkdtempSync(join(parent, 'run-'));
  try {
    const byFile = new Map<string, CodeBlock>();
    for (const block of blocks) {
      const fileName = join(dir, blockFileName(block));
      byFile.set(fileName, block);
      writeFileSync(fileName, `${block.code}\nexport {};\n`);
    }
    const preludeFile = join(dir, 'prelude.d.ts');
    writeFileSync(preludeFile, options.prelude);
    if (options.ambient) writeFileSync(join(dir, 'ambient.d.ts'), options.ambient);
    const tsconfig = join(dir, 'tsconfig.json');
    writeFileSync(
      tsconfig,
      JSON.stringify({ extends: relative(dir, join(options.root, 'tsconfig.json')).replace(/\\/g, '/'), include: ['*.ts'] }, null, 2),
    );

    const parsed = ts.getParsedCommandLineOfConfigFile(tsconfig, undefined, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    });
    if (!parsed) throw new Error(`Could not read ${tsconfig}`);
    const program = ts.createProgram({ rootNames: parsed.fileNames, options: parsed.options });

    const diagnostics: ts.Diagnostic[] = [...program.getOptionsDiagnostics(), ...program.getGlobalDiagnostics(), ...parsed.errors];
    for (const fileName of [...byFile.keys(), preludeFile]) {
      const source = program.getSourceFile(fileName);
      if (!source) throw new Error(`${fileName} is not in the program`);
      diagnostics.push(...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source));
    }
    return diagnostics.map((d) => place(d, byFile, preludeFile));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function place(d: ts.Diagnostic, byFile: ReadonlyMap<string, CodeBlock>, preludeFile: string): BlockFailure {
  const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
  const code = `TS${d.code}`;
  const fileName = d.file ? ts.sys.resolvePath(d.file.fileName) : undefined;
  const block = fileName === undefined ? undefined : [...byFile].find(([name]) => ts.sys.resolvePath(name) === fileName)?.[1];
  if (!d.file || !block) {
    const where = fileName === ts.sys.resolvePath(preludeFile) ? 'the prelude' : '(project)';
    return { where, block: where, code, message };
  }
  const { line } = d.file.getLineAndCharacterOfPosition(d.start ?? 0);
  const lastCodeLine = block.code.split('\n').length - 1;
  return {
    where: `${block.file}:${block.firstLine + Math.min(line, lastCodeLine)}`,
    block: `${block.file}:${block.fenceLine}`,
    code,
    message,
  };
}
