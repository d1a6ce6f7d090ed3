// `cdms track show`: one tracked message.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { withExamples } from '../../help.js';
import { messageLines } from '../../track-format.js';
import { heldMessage, messageIdOf, readOnlyCommand } from './shared.js';

/** Adds `cdms track show`. */
export function registerShow(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'show', (_options, [id]) => {
    const messageId = messageIdOf(id ?? '');
    return async (tracker) => {
      const message = await heldMessage(tracker, messageId);
      ctx.out.result(message, messageLines(message, Date.now()));
    };
  })
    .description('one tracked message: where it is, its attention, and every status seen')
    .argument('<messageId>', 'the messageId `cdms send` printed');
  withExamples(command, ['cdms track show 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11', 'cdms track show 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --json']);
}

