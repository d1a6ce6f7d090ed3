import { CompactEncrypt, SignJWT, type JWTPayload } from 'jose';
import {
  buildToolbarLaunchUrl,
  generateToolbarSigningKey,
  type LaunchableWidget,
  type ToolbarPatientClaims,
  type ToolbarSigningKey,
  type ToolbarUserClaims,
} from '../../src/widget/toolbar/index.js';
import { PATIENT } from '../helpers/fixtures.js';

/** A valid 32-character secret; the leak tests search for it. */
export const SECRET = 'Xq7#pL2!vR9@mK4$wT6^zB8&nC3*hJ5%';
/** Another valid secret: the wrong one. */
export const OTHER_SECRET = 'aaaaBBBBccccDDDDeeeeFFFFgggg1234';

/** The practice user of the launches. */
export const USER: ToolbarUserClaims = {
  sub: 'user-7f3a91',
  name: 'Dr Hildegard Vanstone',
  role: 'GP',
  ods_code: 'A81001',
  organisation_name: 'Riverside Surgery',
};

/** The patient of the launches (the leak-test patient of the core suite). */
export const PATIENT_CLAIMS: ToolbarPatientClaims = {
  nhs_number: PATIENT.nhsNumber,
  given_name: PATIENT.given,
  family_name: PATIENT.family,
  birthdate: PATIENT.dateOfBirth,
};

/** Claim values that must never appear in an error. */
export const CLAIM_VALUES: readonly string[] = [USER.sub, USER.name, PATIENT.nhsNumber, PATIENT.given, PATIENT.family, PATIENT.dateOfBirth];

/** A widget needing user and patient data, with the given method. */
export function widget(overrides: Partial<LaunchableWidget> = {}): LaunchableWidget {
  return {
    launchUrl: 'https://widgets.example.org/launch',
    encryptionSecret: SECRET,
    requiresUserData: true,
    requiresPatientData: true,
    ...overrides,
  };
}

let shared: Promise<ToolbarSigningKey> | undefined;
/** One signing key for the whole file (generation is the slow part). */
export function signingKey(): Promise<ToolbarSigningKey> {
  shared ??= generateToolbarSigningKey();
  return shared;
}

/** A launch URL for `widget()` with user and patient, as the toolbar makes it. */
export async function launchUrl(overrides: Partial<LaunchableWidget> = {}, now?: Date): Promise<string> {
  return buildToolbarLaunchUrl(widget(overrides), { user: USER, patient: PATIENT_CLAIMS }, { signingKey: await signingKey(), now });
}

/** The value of a query parameter of a URL. */
export function param(url: string, name: string): string {
  const value = new URL(url).searchParams.get(name);
  if (value === null) throw new Error(`no ${name} in the URL`);
  return value;
}

/** The URL with one parameter replaced. */
export function withParam(url: string, name: string, value: string): string {
  const out = new URL(url);
  out.searchParams.set(name, value);
  return out.toString();
}

/**
 * Replaces one character of a dot-separated part (by default the middle one)
 * by another base64url character.
 */
export function flipInPart(token: string, partIndex: number, position?: number): string {
  const parts = token.split('.');
  const part = parts[partIndex]!;
  // The middle character carries 6 full bits of data, so any change alters the bytes.
  const at = position ?? Math.floor(part.length / 2);
  const replacement = part[at] === 'A' ? 'B' : 'A';
  parts[partIndex] = part.slice(0, at) + replacement + part.slice(at + 1);
  return parts.join('.');
}

/** A hand-made nested JWT, for cases the toolbar side never produces. */
export async function handMadeToken(
  claims: JWTPayload,
  options: { sign?: (jws: string) => string; enc?: 'A256GCM' | 'A128CBC-HS256'; secret?: string; header?: Record<string, unknown> } = {},
): Promise<string> {
  const key = await signingKey();
  let jws = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' }).sign(key.privateKey);
  if (options.sign) jws = options.sign(jws);
  return new CompactEncrypt(new TextEncoder().encode(jws))
    .setProtectedHeader({ alg: 'dir', enc: options.enc ?? 'A256GCM', cty: 'JWT', ...options.header })
    .encrypt(new TextEncoder().encode(options.secret ?? SECRET));
}

/** The error a promise rejects with (fails the test when it resolves). */
export async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}
