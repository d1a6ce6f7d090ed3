// Programs a user might write, checked with the TypeScript compiler (strict,
// as a user's own files are): those that must compile, and those that must
// not, each with the error it must give. What the compiler makes of the
// SDK's types is the same on every Node line, so CI's runs on the other
// lines leave these out (CDMS_TYPES=off), as they leave the documents' checks.
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CodeBlock } from '../docs/markdown.js';
import { typeCheckBlocks, type BlockFailure } from '../docs/type-check.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** A program that must not compile: the error code it must give, a pattern its message matches, and the source. */
export type RefusedProgram = [code: string, message: RegExp, source: string];

/** Whether this run checks what the compiler makes of the types (CDMS_TYPES=off leaves it out). */
export const CHECK_TYPES = process.env.CDMS_TYPES !== 'off';

/**
 * One describe block: every `valid` program (after `header`) compiles, and
 * every `invalid` one is refused with its error. `label` names the programs'
 * virtual files in a failure.
 */
export function describeCompileCases(title: string, label: string, header: string, valid: Record<string, string>, invalid: Record<string, RefusedProgram>): void {
  const block = (name: string, code: string, index: number): CodeBlock => ({
    file: `(${label} ${index}) ${name}.md`,
    fenceLine: 1,
    firstLine: 2,
    closeLine: 2 + code.split('\n').length,
    lang: 'ts',
    code: `${header}${code}`,
    checked: true,
    optOutReason: undefined,
  });

  describe.runIf(CHECK_TYPES)(title, () => {
    const compiles = Object.entries(valid).map(([name, code], i) => block(name, code, i));
    const refused = Object.entries(invalid).map(([name, [, , code]], i) => block(name, code, 100 + i));
    let failures: BlockFailure[] = [];

    beforeAll(() => {
      failures = typeCheckBlocks([...compiles, ...refused], { root, prelude: 'export {};\n' });
    }, 180_000);

    const of = (b: CodeBlock) => failures.filter((f) => f.block === `${b.file}:1`);

    it.each(compiles.map((b) => [b.file, b] as const))('compiles: %s', (_, b) => {
      expect(of(b).map((f) => `${f.code}: ${f.message}`)).toEqual([]);
    });

    it.each(Object.keys(invalid).map((name, i) => [name, refused[i]!, invalid[name]!] as const))('refuses %s', (_, b, [code, message]) => {
      const errors = of(b);
      expect(errors.length, 'the program compiled').toBeGreaterThan(0);
      expect(errors.some((f) => f.code === code && message.test(f.message)), errors.map((f) => `${f.code}: ${f.message}`).join('\n')).toBe(true);
    });
  });
}
