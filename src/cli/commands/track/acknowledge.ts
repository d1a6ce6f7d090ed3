// `cdms track acknowledge`: clears a message's attention once a person has
// dealt with it, naming them in the audit.
import type { Command } from 'commander';
import type { CliContext } from '../../config.js';
import { UsageError } from '../../errors.js';
import { withExamples } from '../../help.js';
import { heldMessage, messageIdOf, readOnlyCommand, type TrackOptions } from './shared.js';

/** Adds `cdms track acknowledge` (alias `ack`). */
export function registerAcknowledge(track: Command, ctx: CliContext): void {
  const command = readOnlyCommand(track, ctx, 'acknowledge', (options, [id]) => {
    const messageId = messageIdOf(id ?? '');
    const person = personOf(options);
    return async (tracker) => {
      const before = await heldMessage(tracker, messageId);
      const cleared = before.attention?.reason ?? null;
      // With a person, only the reason they saw is cleared (one raised since stays), and the audit names them.
      if (cleared) await tracker.acknowledge(messageId, person && { ...person, reason: cleared });
      const human = cleared
        ? `Acknowledged: ${messageId} no longer needs attention (${cleared}); the tracker will not raise ${cleared} again for it.`
        : `Nothing to acknowledge: ${messageId} did not need attention.`;
      ctx.out.result({ messageId, acknowledged: cleared }, human);
    };
  })
    .alias('ack')
    .description("clear a message's attention once a person has dealt with it")
    .argument('<messageId>', 'the message, as `cdms track attention` lists it')
    .option('--by <person>', "who dealt with it (their id in your sign-in), kept in the audit; with --note")
    .option('--note <text>', 'what they did about it, kept in the audit (never patient data); with --by');
  withExamples(command, [
    'cdms track acknowledge 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --by j.smith --note "Phoned the practice; they re-imported it."',
    'cdms track ack 3f1c2b9e-4d0a-4c61-9f4e-2b8f0a7d3e11 --json',
  ]);
}

/** The person of `--by` and `--note`, which go together; none without either. @throws UsageError when only one is given. */
function personOf(options: TrackOptions): { by: string; note: string } | undefined {
  const { by, note } = options;
  if (by === undefined && note === undefined) return undefined;
  if (by === undefined || note === undefined) throw new UsageError('--by and --note go together: who dealt with it, and what they did (the audit keeps both).');
  return { by, note };
}

