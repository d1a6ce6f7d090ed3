// `cdms topics`: the approved topic names (GET /api/v1/topics).
import type { Command } from 'commander';
import { createClient, type CliContext, type GlobalOptions } from '../config.js';
import { withExamples } from '../help.js';

/** Registers `cdms topics`. */
export function registerTopics(program: Command, ctx: CliContext): void {
  const command = program
    .command('topics')
    .description('list the approved topic names, one per line (GET /api/v1/topics)')
    .action(async (_options: unknown, cmd: Command) => {
      const client = createClient(ctx, cmd.optsWithGlobals<GlobalOptions>());
      const topics = await client.topics.list({ signal: ctx.signal });
      ctx.out.result(
        topics,
        topics.map((t) => t.topicName),
      );
    });
  withExamples(command, ['cdms topics', "cdms topics --json | jq -r '.[].topicName'"]);
}
