// `cdms token exchange <code> --save <file>` and `cdms token verify [token]`:
// the instant access token. The token is never printed in full: exchange
// writes it to a file readable by its owner only, and both print `…` and its
// last four characters.
import { open, writeFile, chmod, unlink } from 'node:fs/promises';
import type { Command } from 'commander';
import { createClient, type CliContext, type GlobalOptions } from '../config.js';
import { UsageError } from '../errors.js';
import { withExamples } from '../help.js';
import { errorCode } from '../json-file.js';
import { maskToken } from '../mask.js';
import { accessTokenInput } from '../token-input.js';

interface ExchangeOptions extends GlobalOptions {
  save: string;
  force?: boolean | undefined;
}

interface VerifyOptions extends GlobalOptions {
  accessTokenFile?: string | undefined;
}

function cannotWrite(error: unknown): UsageError {
  const code = errorCode(error);
  const hint = code === 'EEXIST' ? 'it already exists (pass --force to replace it)' : `could not write it${code ? ` (${code})` : ''}`;
  return new UsageError(`The --save file: ${hint}. The access code was not used.`);
}

/**
 * Exchanges the code and writes the token to `path` (mode 600). Without
 * --force the file is created before the exchange, so a file that exists
 * or cannot be written never costs the user their one-time code.
 */
async function exchangeAndSave(ctx: CliContext, code: string, options: ExchangeOptions): Promise<string> {
  const client = createClient(ctx, options);
  if (options.force) {
    const token = await client.tokens.exchange(code, { signal: ctx.signal });
    ctx.out.addSecret(token);
    await writeFile(options.save, `${token}\n`, { mode: 0o600 });
    await chmod(options.save, 0o600);
    return token;
  }
  const file = await open(options.save, 'wx', 0o600).catch((error: unknown) => {
    throw cannotWrite(error);
  });
  try {
    const token = await client.tokens.exchange(code, { signal: ctx.signal });
    ctx.out.addSecret(token);
    await file.writeFile(`${token}\n`);
    await file.close();
    return token;
  } catch (error) {
    await file.close().catch(() => undefined);
    await unlink(options.save).catch(() => undefined);
    throw error;
  }
}

function registerExchange(token: Command, ctx: CliContext): void {
  const command = token
    .command('exchange')
    .description("exchange a practice user's one-time access code for their instant access token, saved to a file")
    .argument('<code>', 'the access code the user generated in the toolbar')
    .requiredOption('--save <file>', 'write the token here (created with mode 600; the token is never printed in full)')
    .option('--force', 'replace the --save file if it exists')
    .action(async (code: string, _options: unknown, cmd: Command) => {
      ctx.out.addSecret(code);
      const options = cmd.optsWithGlobals<ExchangeOptions>();
      const value = await exchangeAndSave(ctx, code, options);
      ctx.out.result(
        { token: maskToken(value), savedTo: options.save },
        [`Access token ${maskToken(value)} saved to ${options.save} (readable by you only).`, 'Store it against the local user account; send instant messages with --access-token-file.'],
      );
    });
  withExamples(command, ['cdms token exchange ABCD-1234 --save ~/.cdms/token-dr-jones', 'cdms token exchange ABCD-1234 --save token.txt --json']);
}

function registerVerify(token: Command, ctx: CliContext): void {
  const command = token
    .command('verify')
    .description('check whether an instant access token is still valid (200) or no longer valid (410); both exit 0')
    .argument('[token]', 'the token (else --access-token-file or CDMS_ACCESS_TOKEN, which keep it out of shell history)')
    .option('--access-token-file <file>', 'a file holding the token')
    .action(async (positional: string | undefined, _options: unknown, cmd: Command) => {
      ctx.out.addSecret(positional);
      const options = cmd.optsWithGlobals<VerifyOptions>();
      const value = await accessTokenInput(ctx, positional, options.accessTokenFile, 'verify');
      const client = createClient(ctx, options);
      const valid = await client.tokens.verify(value, { signal: ctx.signal });
      const masked = maskToken(value);
      ctx.out.result(
        { valid, token: masked },
        valid
          ? `valid: access token ${masked} is valid.`
          : `not valid: access token ${masked} is no longer valid (410 Gone). Ask the user for a new access code from the toolbar and exchange it.`,
      );
    });
  withExamples(command, [
    'cdms token verify --access-token-file token.txt',
    'CDMS_ACCESS_TOKEN="$(cat token.txt)" cdms token verify --json | jq -e .valid   # exit 1 when not valid',
  ]);
}

/** Registers `cdms token exchange` and `cdms token verify`. */
export function registerToken(program: Command, ctx: CliContext): void {
  const token = program.command('token').description('instant access tokens: exchange an access code, verify a token');
  registerExchange(token, ctx);
  registerVerify(token, ctx);
  withExamples(token, ['cdms token exchange ABCD-1234 --save token.txt', 'cdms token verify --access-token-file token.txt']);
}
