// Examples shown under every command's --help, and the global options each
// command's help lists.
import { Help, type Command, type Option } from 'commander';

/** Adds an "Examples:" block after the command's help. */
export function withExamples(command: Command, examples: readonly string[]): Command {
  return command.addHelpText('after', `\nExamples:\n${examples.map((e) => (e.startsWith('#') || e.startsWith(' ') ? `  ${e}` : `  $ ${e}`)).join('\n')}\n`);
}

/** Collects a repeatable option's values (`--file a.pdf --file b.pdf`). */
export function collect(value: string, previous: string[] | undefined): string[] {
  return [...(previous ?? []), value];
}

/** Global options that only commands talking to the service use. */
const CONNECTION_OPTIONS = new Set(['--base-url', '--api-key']);

/**
 * Leaves `--base-url` and `--api-key` out of the command's help: it works
 * offline (`validate`) or is the service itself (`sandbox`), so they would
 * mean nothing there.
 */
export function withoutConnectionOptions(command: Command): Command {
  const all = new Help();
  all.showGlobalOptions = true;
  return command.configureHelp({
    showGlobalOptions: true,
    visibleGlobalOptions: (cmd: Command): Option[] => all.visibleGlobalOptions(cmd).filter((o) => !CONNECTION_OPTIONS.has(o.long ?? '')),
  });
}
