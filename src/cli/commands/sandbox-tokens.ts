// `cdms sandbox access-code <user>` and `cdms sandbox revoke [token]`: what
// the toolbar's user does with access codes, against a running sandbox.
import type { Command } from 'commander';
import { isRecord } from '../../internal/is-record.js';
import { CONTROL_PATHS } from '../../sandbox/control/paths.js';
import type { CliContext, GlobalOptions } from '../config.js';
import { withExamples } from '../help.js';
import { maskToken } from '../mask.js';
import { control, sandboxUrl } from '../sandbox-control.js';
import { accessTokenInput } from '../token-input.js';

interface RevokeOptions extends GlobalOptions {
  accessTokenFile?: string | undefined;
}

function registerAccessCode(sandbox: Command, ctx: CliContext): void {
  const command = sandbox
    .command('access-code')
    .description("issue a one-time access code for a practice user, as the toolbar does (exchange it with `cdms token exchange`)")
    .argument('<user>', 'the practice user')
    .action(async (user: string, _options: unknown, cmd: Command) => {
      const base = sandboxUrl(ctx, cmd.optsWithGlobals<GlobalOptions>().baseUrl);
      const answer = await control(ctx, base, 'POST', CONTROL_PATHS.accessCodes, { user });
      const accessCode = isRecord(answer) ? String(answer.accessCode) : '';
      ctx.out.result({ user, accessCode }, accessCode);
    });
  withExamples(command, ['cdms sandbox access-code dr.patel', 'cdms token exchange "$(cdms sandbox access-code dr.patel)" --save token.txt']);
}

function registerRevoke(sandbox: Command, ctx: CliContext): void {
  const command = sandbox
    .command('revoke')
    .description('revoke an instant access token: verify then answers 410, and instant sends with it are refused')
    .argument('[token]', 'the token (else --access-token-file or CDMS_ACCESS_TOKEN)')
    .option('--access-token-file <file>', 'a file holding the token')
    .action(async (positional: string | undefined, _options: unknown, cmd: Command) => {
      ctx.out.addSecret(positional);
      const options = cmd.optsWithGlobals<RevokeOptions>();
      const token = await accessTokenInput(ctx, positional, options.accessTokenFile, 'revoke');
      await control(ctx, sandboxUrl(ctx, options.baseUrl), 'POST', CONTROL_PATHS.revokeToken, { token });
      ctx.out.result({ revoked: maskToken(token) }, `Access token ${maskToken(token)} revoked: verify now answers 410 Gone.`);
    });
  withExamples(command, ['cdms sandbox revoke --access-token-file token.txt']);
}

/** Registers `cdms sandbox access-code` and `cdms sandbox revoke`. */
export function registerSandboxTokens(sandbox: Command, ctx: CliContext): void {
  registerAccessCode(sandbox, ctx);
  registerRevoke(sandbox, ctx);
}
