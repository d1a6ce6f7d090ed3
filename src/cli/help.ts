// Examples shown under every command's --help.
import type { Command } from 'commander';

/** Adds an "Examples:" block after the command's help. */
export function withExamples(command: Command, examples: readonly string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((e) => (e.startsWith('#') || e.startsWith(' ') ? `  ${e}` : `  $ ${e}`)).join('\n')}\n`);
}

/** Collects a repeatable option's values (`--file a.pdf --file b.pdf`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}
