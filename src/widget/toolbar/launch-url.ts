import { CompactEncrypt, SignJWT } from 'jose';
import type { z } from 'zod';
import { CdmsError } from '../../core/errors/cdms-error.js';
import type { WidgetRegistration } from '../../schemas/widget.js';
import { directKeyFromSecret, toJoseEncryptionMethod } from '../encryption-key.js';
import { resolveParameterNames } from '../launch-parameters.js';
import type { LaunchEncryptionMethod, LaunchParameterNames } from '../types.js';
import { ToolbarPatientClaimsSchema, ToolbarUserClaimsSchema, type ToolbarPatientClaims, type ToolbarUserClaims } from './claims.js';
import type { ToolbarSigningKey } from './signing-key.js';

/**
 * Thrown when a launch cannot be built as the toolbar would: the widget's
 * flags ask for a context that was not given, or a context's claims are
 * invalid. The message never shows claim values.
 */
export class ToolbarLaunchError extends CdmsError {
  override name = 'ToolbarLaunchError';
}

/** What of a registration the toolbar uses to launch a widget. */
export type LaunchableWidget = Pick<WidgetRegistration, 'launchUrl' | 'encryptionSecret' | 'requiresUserData' | 'requiresPatientData'> & {
  /** The registered encryption method; A256GCM when absent. */
  encryptionMethod?: LaunchEncryptionMethod | undefined;
};

/** The contexts of one launch. */
export interface ToolbarLaunchContext {
  /** The practice user; required when the widget has requiresUserData. */
  user?: ToolbarUserClaims | undefined;
  /** The patient; required when the widget has requiresPatientData. */
  patient?: ToolbarPatientClaims | undefined;
}

/** How launch tokens are minted. */
export interface ToolbarTokenOptions {
  /** The key the JWTs are signed with. */
  signingKey: ToolbarSigningKey;
  /**
   * Issue time.
   * @default new Date()
   */
  now?: Date | undefined;
  /**
   * Lifetime of each token, in seconds (`exp` = `iat` + this).
   * @default 300
   */
  lifetimeSeconds?: number | undefined;
  /**
   * The `iss` claim.
   * @default 'urn:cdms-sdk:sandbox-toolbar'
   */
  issuer?: string | undefined;
}

/** Options of {@link buildToolbarLaunchUrl}. */
export interface ToolbarLaunchOptions extends ToolbarTokenOptions {
  /** Query parameter names; defaults as in `readLaunchTokens`. */
  parameterNames?: LaunchParameterNames | undefined;
}

const DEFAULT_LIFETIME_SECONDS = 300;
const DEFAULT_ISSUER = 'urn:cdms-sdk:sandbox-toolbar';

/**
 * Signs `claims` as a JWT (ES256, with `iss`, `iat`, `exp` and a random
 * `jti`) and encrypts it as a compact JWE (`alg: 'dir'`, `cty: 'JWT'`) under
 * the widget's secret: a nested JWT (RFC 7519 section 11.2), as the
 * toolbar's launch tokens are "signed and encrypted" (Widget rules 5).
 *
 * @throws LaunchTokenError with code `invalid_secret` or `invalid_options` for a bad secret or method.
 */
export async function createLaunchToken(
  claims: Record<string, unknown>,
  encryption: { encryptionSecret: string; encryptionMethod?: LaunchEncryptionMethod | undefined },
  options: ToolbarTokenOptions,
): Promise<string> {
  const key = directKeyFromSecret(encryption.encryptionSecret);
  const enc = toJoseEncryptionMethod(encryption.encryptionMethod);
  const iat = Math.floor((options.now ?? new Date()).getTime() / 1000);
  const jws = await new SignJWT(claims)
    .setProtectedHeader({ alg: options.signingKey.alg, kid: options.signingKey.kid, typ: 'JWT' })
    .setIssuer(options.issuer ?? DEFAULT_ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(iat + (options.lifetimeSeconds ?? DEFAULT_LIFETIME_SECONDS))
    .setJti(crypto.randomUUID())
    .sign(options.signingKey.privateKey);
  return new CompactEncrypt(new TextEncoder().encode(jws)).setProtectedHeader({ alg: 'dir', enc, cty: 'JWT' }).encrypt(key);
}

function checked<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  // Paths and reasons only: the values are personal data.
  const problems = result.error.issues.map((issue) => `${[what, ...issue.path.map(String)].join('.')}: ${issue.message}`);
  throw new ToolbarLaunchError(`Invalid launch context: ${problems.join('; ')}.`);
}

/** Which contexts this widget gets, following its registration flags (Widget rules 4 and 5). */
function contextsFor(widget: LaunchableWidget, context: ToolbarLaunchContext): { user?: ToolbarUserClaims; patient?: ToolbarPatientClaims } {
  if (widget.requiresPatientData && !widget.requiresUserData) {
    throw new ToolbarLaunchError('The widget requires patient data without user data; the toolbar rejects such a widget (Widget rules 4).');
  }
  const out: { user?: ToolbarUserClaims; patient?: ToolbarPatientClaims } = {};
  if (widget.requiresUserData) {
    if (context.user === undefined) throw new ToolbarLaunchError('The widget requires user data: pass the launching user.');
    out.user = checked(ToolbarUserClaimsSchema, context.user, 'user');
  }
  if (widget.requiresPatientData) {
    if (context.patient === undefined) {
      throw new ToolbarLaunchError('The widget requires patient data: pass the patient (the real toolbar would prompt the user to choose one).');
    }
    out.patient = checked(ToolbarPatientClaimsSchema, context.patient, 'patient');
  }
  return out;
}

/**
 * Builds a widget's launch URL exactly as the toolbar would: its registered
 * `launchUrl` plus one encrypted, signed token per context the registration
 * asks for (user context with requiresUserData, patient context with
 * requiresPatientData; a context the widget did not ask for is left out),
 * encrypted with the registered method (default A256GCM).
 *
 * @throws ToolbarLaunchError when a required context is missing or invalid,
 *   or the flags ask for patient data without user data.
 * @throws LaunchTokenError with code `invalid_secret` or `invalid_options` for a bad secret or method.
 */
export async function buildToolbarLaunchUrl(widget: LaunchableWidget, context: ToolbarLaunchContext, options: ToolbarLaunchOptions): Promise<string> {
  const names = resolveParameterNames(options.parameterNames);
  const contexts = contextsFor(widget, context);
  let url: URL;
  try {
    url = new URL(widget.launchUrl);
  } catch {
    throw new ToolbarLaunchError("The widget's launchUrl is not an absolute URL.");
  }
  const encryption = { encryptionSecret: widget.encryptionSecret, encryptionMethod: widget.encryptionMethod };
  // set, not append: a launchUrl that already has such a parameter must not end up with two.
  if (contexts.user) url.searchParams.set(names.user, await createLaunchToken(contexts.user, encryption, options));
  if (contexts.patient) url.searchParams.set(names.patient, await createLaunchToken(contexts.patient, encryption, options));
  return url.toString();
}
