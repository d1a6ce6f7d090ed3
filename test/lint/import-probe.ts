// Lint's import rules tried on probe files that do not exist: the rule blocks
// named by prefix from eslint.config.js, with a parser for TypeScript and no
// type information (none is needed, and none is wanted for absent files).
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';

/** The project's eslint.config.js as loaded (JavaScript, without types for the compiler). */
export async function loadEslintConfig<T>(root: string): Promise<{ default: Linter.Config[] } & T> {
  return (await import(pathToFileURL(join(root, 'eslint.config.js')).href)) as { default: Linter.Config[] } & T;
}

/** An ESLint running only the config's blocks whose names start with one of `prefixes`. */
export function importRulesOnly(root: string, config: Linter.Config[], prefixes: readonly string[]): ESLint {
  const blocks = config.filter((block) => prefixes.some((prefix) => block.name?.startsWith(prefix)));
  return new ESLint({ cwd: root, overrideConfigFile: true, overrideConfig: [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...blocks] });
}

/** The messages of the import rules for a file at `filePath` holding only `import ... from specifier`. */
export async function importMessages(eslint: ESLint, filePath: string, specifier: string): Promise<string[]> {
  const [result] = await eslint.lintText(`import { x } from '${specifier}';\nexport const y = x;\n`, { filePath });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

/** Where a probe file of floor member `member` (a folder or a top-level file under `base`) sits, and how it imports `target`, at two depths. */
export function importProbes(base: string, member: string, target: string): { filePath: string; specifier: string }[] {
  const rest = target.endsWith('.ts') ? target.replace(/\.ts$/, '.js') : `${target}/some-file.js`;
  if (member.endsWith('.ts')) return [{ filePath: join(base, member), specifier: `./${rest}` }];
  return [
    { filePath: join(base, member, 'probe.ts'), specifier: `../${rest}` },
    { filePath: join(base, member, 'deeper', 'probe.ts'), specifier: `../../${rest}` },
  ];
}
