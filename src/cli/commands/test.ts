// `cdms test`: connectivity and the API key (GET /api/v1/test).
import type { Command } from 'commander';
import { createClient, type CliContext, type GlobalOptions } from '../config.js';
import { withExamples } from '../help.js';

/** Registers `cdms test`. */
export function registerTest(program: Command, ctx: CliContext): void {
  const command = program
    .command('test')
    .description('check connectivity and the API key (GET /api/v1/test)')
    .action(async (_options: unknown, cmd: Command) => {
      const client = createClient(ctx, cmd.optsWithGlobals<GlobalOptions>());
      await client.test({ signal: ctx.signal });
      ctx.out.result({ ok: true, baseUrl: client.baseUrl }, `OK: ${client.baseUrl} answered and accepted the API key.`);
    });
  withExamples(command, ['CDMS_BASE_URL=https://int.example.nhs.uk CDMS_API_KEY=... cdms test', 'cdms test --json']);
}
