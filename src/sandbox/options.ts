import { randomBytes } from 'node:crypto';
import { resolveAdditionalIdTypes } from '../core/id-type-option.js';
import { resolveLimits, type Limits } from '../limits.js';
import type { AdditionalIdTypes } from '../schemas/id-types.js';
import { systemClock, type SandboxClock } from './clock.js';
import { SandboxError } from './errors.js';
import { checkFaults, type SandboxFaults } from './faults/options.js';
import { DEFAULT_RECIPIENTS, DEFAULT_TOPICS } from './reference-data.js';

/**
 * The two verify paths: `definition` is GET /api/v1/messages/instant/access/token
 * (the spec's definition), `verify` the same with a `/verify` suffix (its sample).
 */
export type TokenVerifyPath = 'definition' | 'verify';

/** Options of {@link startSandbox}. Every one has a default. */
export interface SandboxOptions {
  /** TCP port; 0 picks a free one. @defaultValue 0 */
  port?: number | undefined;
  /** Interface to listen on. @defaultValue '127.0.0.1' (loopback only) */
  host?: string | undefined;
  /** Seed of every fault decision. @defaultValue 1 */
  seed?: number | undefined;
  /** Faults injected from the start (see `setFaults`). @defaultValue none */
  faults?: SandboxFaults | undefined;
  /** Where the time comes from (see `manualClock`). @defaultValue the system clock */
  clock?: SandboxClock | undefined;
  /** The key with every permission. @defaultValue a random `cdms-sandbox-key-…` */
  apiKey?: string | undefined;
  /** A recognised key that gets 403 where the spec allows it. @defaultValue a random `cdms-sandbox-forbidden-…` */
  forbiddenApiKey?: string | undefined;
  /** ODS codes of the practices that use the service. @defaultValue {@link DEFAULT_RECIPIENTS} */
  recipients?: readonly string[] | undefined;
  /** Topic names served. @defaultValue {@link DEFAULT_TOPICS} */
  topics?: readonly string[] | undefined;
  /** How long a running toolbar takes to import an instant message, in ms. @defaultValue 250 */
  instantImportDelayMs?: number | undefined;
  /** How long an instant message waits for its user's toolbar before it becomes a standard message, in ms. @defaultValue 60_000 */
  instantConversionMs?: number | undefined;
  /** How long a status stays readable after the message's expiry, in ms. @defaultValue 86_400_000 (1 day) */
  statusRetentionMs?: number | undefined;
  /** Widgets per API key. @defaultValue 5 */
  maxWidgetsPerKey?: number | undefined;
  /** Limits other than the spec's (attachments per message, size, GP mime types). */
  limits?: Partial<Limits> | undefined;
  /**
   * Id types accepted beyond the documented ones, as in the environment being
   * imitated (the client option of the same name). @defaultValue none
   */
  additionalIdTypes?: AdditionalIdTypes | undefined;
  /** Largest request body accepted, in bytes; larger gets 413. @defaultValue 75_000_000 */
  maxBodyBytes?: number | undefined;
  /** Which token verify paths are served (to test a client's fallback). @defaultValue both */
  verifyPaths?: readonly TokenVerifyPath[] | undefined;
  /**
   * Bytes of decoded attachment content kept for the console's previews and
   * downloads, newest messages first; older content is released (its SHA-256
   * stays). 0 keeps none. @defaultValue 100_000_000
   */
  attachmentContentBytes?: number | undefined;
  /** API requests kept in the request log (oldest dropped first). @defaultValue 1_000 */
  requestLogSize?: number | undefined;
  /**
   * Time between the steps of a test scenario driven from the message (see
   * the sandbox guide's "Test scenarios"), in ms. @defaultValue 2_000
   */
  scenarioStepMs?: number | undefined;
}

/** The options with their defaults. Internal. */
export interface SandboxConfig {
  port: number;
  host: string;
  seed: number;
  faults: SandboxFaults;
  clock: SandboxClock;
  apiKey: string;
  forbiddenApiKey: string;
  recipients: readonly string[];
  topics: readonly string[];
  instantImportDelayMs: number;
  instantConversionMs: number;
  statusRetentionMs: number;
  maxWidgetsPerKey: number;
  limits: Limits;
  additionalIdTypes: AdditionalIdTypes;
  maxBodyBytes: number;
  verifyPaths: readonly TokenVerifyPath[];
  attachmentContentBytes: number;
  requestLogSize: number;
  scenarioStepMs: number;
}

function whole(name: string, value: number | undefined, fallback: number, max = 2_147_483_647): number {
  const v = value ?? fallback;
  if (!Number.isInteger(v) || v < 0 || v > max) throw new SandboxError('invalid', `${name} must be a whole number from 0 to ${max}.`);
  return v;
}

function key(name: string, value: string | undefined, prefix: string): string {
  const v = value ?? `${prefix}${randomBytes(8).toString('hex')}`;
  if (!/^[\x21-\x7e]+$/.test(v)) throw new SandboxError('invalid', `${name} must be printable ASCII without spaces.`);
  return v;
}

function names(name: string, value: readonly string[] | undefined, fallback: readonly string[]): readonly string[] {
  const v: unknown = value ?? fallback;
  if (!Array.isArray(v) || v.length === 0 || v.some((s) => typeof s !== 'string' || s.trim() === '')) {
    throw new SandboxError('invalid', `${name} must be a non-empty list of non-empty strings.`);
  }
  return Object.freeze([...(v as string[])]);
}

/** The client's check of the same option, its error in the sandbox's terms. */
function idTypes(value: AdditionalIdTypes | undefined): AdditionalIdTypes {
  try {
    return resolveAdditionalIdTypes(value);
  } catch (error) {
    throw new SandboxError('invalid', error instanceof Error ? error.message : String(error));
  }
}

/** Checks the options and fills in the defaults. */
export function resolveOptions(options: SandboxOptions = {}): SandboxConfig {
  const config: SandboxConfig = {
    port: whole('port', options.port, 0, 65_535),
    host: options.host ?? '127.0.0.1',
    seed: whole('seed', options.seed, 1, 4_294_967_295),
    faults: checkFaults(options.faults),
    clock: options.clock ?? systemClock,
    apiKey: key('apiKey', options.apiKey, 'cdms-sandbox-key-'),
    forbiddenApiKey: key('forbiddenApiKey', options.forbiddenApiKey, 'cdms-sandbox-forbidden-'),
    recipients: names('recipients', options.recipients, DEFAULT_RECIPIENTS),
    topics: names('topics', options.topics, DEFAULT_TOPICS),
    instantImportDelayMs: whole('instantImportDelayMs', options.instantImportDelayMs, 250),
    instantConversionMs: whole('instantConversionMs', options.instantConversionMs, 60_000),
    statusRetentionMs: whole('statusRetentionMs', options.statusRetentionMs, 86_400_000),
    maxWidgetsPerKey: whole('maxWidgetsPerKey', options.maxWidgetsPerKey, 5),
    limits: resolveLimits(options.limits),
    additionalIdTypes: idTypes(options.additionalIdTypes),
    maxBodyBytes: whole('maxBodyBytes', options.maxBodyBytes, 75_000_000),
    verifyPaths: Object.freeze([...(options.verifyPaths ?? ['definition', 'verify'])]),
    attachmentContentBytes: whole('attachmentContentBytes', options.attachmentContentBytes, 100_000_000, Number.MAX_SAFE_INTEGER),
    requestLogSize: whole('requestLogSize', options.requestLogSize, 1_000, 100_000),
    scenarioStepMs: whole('scenarioStepMs', options.scenarioStepMs, 2_000, 86_400_000),
  };
  if (config.apiKey === config.forbiddenApiKey) throw new SandboxError('invalid', 'apiKey and forbiddenApiKey must differ.');
  return config;
}
