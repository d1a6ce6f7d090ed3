import { decryptLaunchToken, type DecryptedToken, type PresentToken } from './decrypt-token.js';
import { directKeyFromSecret, toJoseEncryptionMethod } from './encryption-key.js';
import { LaunchTokenError } from './errors.js';
import { readInnerJwt, type ClaimChecks } from './inner-jwt.js';
import { findToken, launchQuery, resolveParameterNames, type FoundToken } from './launch-parameters.js';
import type { LaunchTokens, ReadLaunchTokensOptions } from './types.js';
import { toVerifier, type Verifier } from './verification-key.js';

const DEFAULT_CLOCK_TOLERANCE_SECONDS = 60;

function checkPresence(user: FoundToken, patient: FoundToken, options: ReadLaunchTokensOptions): void {
  const missing = (token: FoundToken, why: string): LaunchTokenError =>
    new LaunchTokenError('missing', `The launch URL has no ${token.parameter} parameter${why}. Open the widget from the toolbar; ` +
      'if the toolbar uses other parameter names, pass parameterNames.', { token: token.kind, parameter: token.parameter });
  if (options.requiresUserData === true && user.value === undefined) throw missing(user, ' (the user-context token)');
  if (options.requiresPatientData === true && patient.value === undefined) throw missing(patient, ' (the patient-context token)');
  if (options.requiresUserData === undefined && options.requiresPatientData === undefined && user.value === undefined && patient.value === undefined) {
    throw new LaunchTokenError('missing', `The launch URL has no launch token (looked for ${user.parameter} and ${patient.parameter}). ` +
      'Open the widget from the toolbar; if the toolbar uses other parameter names, pass parameterNames.');
  }
}

function claimChecks(options: ReadLaunchTokensOptions, verifying: boolean): ClaimChecks {
  if (!verifying && (options.issuer !== undefined || options.audience !== undefined)) {
    throw new LaunchTokenError('invalid_options', 'issuer and audience are checked only on verified tokens (an unverified claim proves nothing); pass verify as well, or drop them.');
  }
  const tolerance = options.clockToleranceSeconds ?? DEFAULT_CLOCK_TOLERANCE_SECONDS;
  if (!Number.isFinite(tolerance) || tolerance < 0) {
    throw new LaunchTokenError('invalid_options', 'clockToleranceSeconds must be a non-negative number of seconds.');
  }
  const list = (value: string | readonly string[] | undefined): string | string[] | undefined =>
    typeof value === 'string' || value === undefined ? value : [...value];
  return { now: options.now ?? new Date(), clockToleranceSeconds: tolerance, issuer: list(options.issuer), audience: list(options.audience) };
}

/**
 * Decrypts every present token before reporting any failure: when one token
 * decrypts and another does not, the secret is right, so the other was
 * altered; that is reported as `tampered` rather than as a possible wrong secret.
 */
async function decryptAll(tokens: readonly PresentToken[], key: Uint8Array, method: ReturnType<typeof toJoseEncryptionMethod>): Promise<DecryptedToken[]> {
  const settled = await Promise.allSettled(tokens.map((token) => decryptLaunchToken(token, key, method)));
  const decrypted = settled.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  for (const result of settled) {
    if (result.status === 'fulfilled') continue;
    const error: unknown = result.reason;
    if (error instanceof LaunchTokenError && error.code === 'decryption_failed' && decrypted.length > 0) {
      throw new LaunchTokenError('tampered', `The ${error.parameter ?? 'launch'} token failed authenticated decryption although the other token of this launch decrypted ` +
        'with the same secret: it was altered after the toolbar made it. Do not trust this launch; relaunch the widget.',
        { token: error.token, parameter: error.parameter, joseCode: error.joseCode });
    }
    throw error;
  }
  return decrypted;
}

/**
 * Finds the launch tokens in a widget's launch URL, decrypts them with the
 * widget's secret and returns the claims of the signed JWT inside each
 * (spec: Widget rules 5, Authentication 5).
 *
 * **Without `verify`, `verified` is `false` and the signature is NOT
 * checked**: the claims were decrypted with the widget's secret, so they
 * were made by someone who knows that secret, but not necessarily by the
 * toolbar. Anyone who learns the secret can mint a launch for any user and
 * patient. Pass the toolbar's public key as `verify` before trusting the
 * claims for anything that matters; the sandbox serves its key set at
 * `/_sandbox/jwks`. `exp` and `nbf` are checked either way.
 *
 * Claims carry personal data (the user's identity; the patient's NHS
 * number, name and date of birth): never log them. Errors never contain the
 * secret, a token or a claim value.
 *
 * @param url - The launch URL: absolute, a path with its query (`req.url` in
 *   node:http), a `URL` or `URLSearchParams`.
 * @param options - The widget's secret and method, the verification key and checks.
 * @returns The user and patient contexts present in the URL.
 * @throws LaunchTokenError with a `code` saying what to fix: `invalid_secret`,
 *   `invalid_options`, `missing`, `malformed`, `unsupported_algorithm`,
 *   `wrong_method`, `decryption_failed`, `tampered`, `invalid_signature`,
 *   `expired`, `not_yet_valid`, `invalid_claims`, `invalid_key`, `key_unavailable`.
 *
 * @example
 * ```ts
 * import { createRemoteJWKSet } from 'jose';
 * import { LaunchTokenError, readLaunchTokens } from 'cdms-sdk/widget';
 *
 * const toolbarKeys = createRemoteJWKSet(new URL('http://127.0.0.1:4010/_sandbox/jwks')); // once, not per launch
 *
 * try {
 *   const { user, patient } = await readLaunchTokens(req.url ?? '', {
 *     encryptionSecret: process.env.WIDGET_SECRET!,
 *     encryptionMethod: 'A256GCM',
 *     verify: toolbarKeys,
 *     requiresUserData: true,
 *   });
 *   // user.verified === true here; patient is present for widgets registered with requiresPatientData
 * } catch (error) {
 *   if (error instanceof LaunchTokenError && error.code === 'expired') {
 *     // ask the user to relaunch the widget from the toolbar
 *   }
 *   throw error;
 * }
 * ```
 */
export async function readLaunchTokens(url: string | URL | URLSearchParams, options: ReadLaunchTokensOptions): Promise<LaunchTokens> {
  const key = directKeyFromSecret((options as Partial<ReadLaunchTokensOptions> | undefined)?.encryptionSecret);
  const method = toJoseEncryptionMethod(options.encryptionMethod);
  const names = resolveParameterNames(options.parameterNames);
  const verifier: Verifier | undefined = options.verify === undefined ? undefined : toVerifier(options.verify, options.algorithms);
  const checks = claimChecks(options, verifier !== undefined);

  const query = launchQuery(url);
  const user = findToken(query, 'user', names.user);
  const patient = findToken(query, 'patient', names.patient);
  checkPresence(user, patient, options);

  const present = [user, patient].flatMap((t) => (t.value === undefined ? [] : [{ kind: t.kind, parameter: t.parameter, value: t.value }]));
  const decrypted = await decryptAll(present, key, method);
  const result: LaunchTokens = {};
  for (const token of decrypted) result[token.kind] = await readInnerJwt(token, verifier, checks);
  return result;
}
