// Where a command that takes an instant access token finds it: the
// argument, else --access-token-file, else CDMS_ACCESS_TOKEN (the last two
// keep it out of shell history). Registered as a secret at once.
import { envValue, type CliContext } from './config.js';
import { UsageError } from './errors.js';
import { readSecretFile } from './json-file.js';

/**
 * The token to act on.
 *
 * @param what - The action, for the error (`verify`, `revoke`).
 * @throws UsageError when none of the three gives a token.
 */
export async function accessTokenInput(ctx: CliContext, positional: string | undefined, file: string | undefined, what: string): Promise<string> {
  const token =
    positional?.trim() || (file === undefined ? undefined : await readSecretFile(file, 'the --access-token-file file')) || envValue(ctx.io, 'CDMS_ACCESS_TOKEN');
  if (!token) throw new UsageError(`No token to ${what}: pass it, or --access-token-file <file>, or set CDMS_ACCESS_TOKEN.`);
  ctx.out.addSecret(token);
  return token;
}
