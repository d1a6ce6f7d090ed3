// Building the message `cdms send` sends, from a JSON file and/or flags, and
// completing it the way the SDK would (messageId, type, recipient id type),
// so `cdms validate` judges exactly what `cdms send` would send.
import { randomUUID } from 'node:crypto';
import {
  attachmentFromFile,
  CdmsError,
  GPCONNECT_MESSAGE_TYPE,
  GPCONNECT_RECIPIENT_ID_TYPE,
  INSTANT_MESSAGE_TYPE,
  LocalValidationError,
  validateMessage,
  type GpConnectMessageParams,
  type InstantMessageParams,
  PERMITTED_ATTACHMENT_MIME_TYPES,
  type PermittedAttachmentMimeType,
  type Route,
  type StandardMessageParams,
} from '../index.js';
import { ACCEPTED_TYPES } from '../attachments.js';
import { ROUTES } from '../schemas/vocabulary.js';
import { expiryFromDuration } from './duration.js';
import { UsageError } from './errors.js';
import { isRecord } from '../internal/is-record.js';

/** The message-building flags of `cdms send`. */
export interface MessageFlags {
  /** `--json-file`: the whole message, or a template the other flags complete (read by the command). */
  jsonFile?: string | undefined;
  /** `--topic`. */
  topic?: string | undefined;
  /** `--recipient`: ODS code of the practice. */
  recipient?: string | undefined;
  /** `--nhs-number`: the patient. */
  nhsNumber?: string | undefined;
  /** `--file`, repeatable: the attachments (replace any in the JSON file). */
  file?: string[] | undefined;
  /** `--body`: plain-text body. */
  body?: string | undefined;
  /** `--expires-in`: duration until expiryDateTime. */
  expiresIn?: string | undefined;
  /**
   * `--mime-type`, given once (the type of every `--file`) or once per `--file`
   * in order (`auto` leaves that file's type to its extension and content).
   */
  mimeType?: string[] | undefined;
  /** `--message-id`. */
  messageId?: string | undefined;
}

/** A message checked for its route, with its messageId known. */
export type PreparedMessage =
  | { route: 'standard'; messageId: string; message: StandardMessageParams }
  | { route: 'instant'; messageId: string; message: InstantMessageParams }
  | { route: 'gpconnect'; messageId: string; message: GpConnectMessageParams };

/** The flag that sets each field, named in validation errors of `cdms send`. */
const FLAG_OF: Readonly<Record<string, string>> = {
  messageId: '--message-id',
  topic: '--topic',
  recipient: '--recipient',
  'recipient.id.value': '--recipient',
  subject: '--nhs-number',
  'subject.id.value': '--nhs-number',
  attachments: '--file',
  expiryDateTime: '--expires-in',
  'body.content': '--body',
  gpConnectAdditionalInformation: '--json-file',
};

/** Parses `--route`. @throws UsageError for anything else. */
export function parseRoute(value: string): Route {
  const route = ROUTES.find((r) => r === value.trim().toLowerCase());
  if (!route) throw new UsageError(`--route must be one of ${ROUTES.join(', ')}.`);
  return route;
}

/** The route a message's `type` names, if any. */
export function routeOfType(message: Record<string, unknown>): Route | undefined {
  if (message.type === INSTANT_MESSAGE_TYPE) return 'instant';
  if (message.type === GPCONNECT_MESSAGE_TYPE) return 'gpconnect';
  return undefined;
}

function idOf(holder: unknown): Record<string, unknown> {
  return isRecord(holder) && isRecord(holder.id) ? holder.id : {};
}

/**
 * Sets or replaces the fields of `template` (the `--json-file` message, or
 * `{}`) that flags give. Attachments are read with `attachmentFromFile`.
 *
 * @throws LocalValidationError or CdmsError from attachmentFromFile; UsageError for a bad --expires-in.
 */
export async function applyFlags(route: Route, template: Record<string, unknown>, flags: MessageFlags, now: Date): Promise<Record<string, unknown>> {
  const message = { ...template };
  if (flags.messageId !== undefined) message.messageId = flags.messageId.trim();
  if (flags.topic !== undefined) message.topic = flags.topic;
  if (flags.recipient !== undefined) {
    const type = idOf(message.recipient).type ?? (route === 'gpconnect' ? GPCONNECT_RECIPIENT_ID_TYPE : 'OcsClientIdentifier');
    message.recipient = { id: { type, value: flags.recipient.trim() } };
  }
  if (flags.nhsNumber !== undefined) {
    // The GP route's sample uses 'NHSNumber'; the other routes a verified number.
    const type = idOf(message.subject).type ?? (route === 'gpconnect' ? 'NHSNumber' : 'VerifiedNhsNumber');
    message.subject = { id: { type, value: flags.nhsNumber.replace(/[\s-]/g, '') } };
  }
  if (flags.body !== undefined) message.body = { mimeType: 'text/plain', content: flags.body };
  if (flags.expiresIn !== undefined) message.expiryDateTime = expiryFromDuration(flags.expiresIn, now);
  const mimeTypes = parseMimeTypes(flags);
  if (flags.file !== undefined && flags.file.length > 0) {
    message.attachments = await Promise.all(
      flags.file.map(async (path, i) => withIndex(i, () => attachmentFromFile(path, { mimeType: mimeTypes[mimeTypes.length === 1 ? 0 : i] }))),
    );
  }
  return message;
}

const isPermitted = (value: string): value is PermittedAttachmentMimeType => (PERMITTED_ATTACHMENT_MIME_TYPES as readonly string[]).includes(value);

/**
 * `--mime-type`: each one of the types the service accepts (or `auto`), only
 * with `--file`, given once for every file or once per file. An undefined
 * entry leaves the type to the file's extension and content.
 *
 * @throws UsageError otherwise.
 */
function parseMimeTypes(flags: MessageFlags): (PermittedAttachmentMimeType | undefined)[] {
  const given = flags.mimeType ?? [];
  if (given.length === 0) return [];
  const files = flags.file?.length ?? 0;
  if (files === 0) throw new UsageError('--mime-type applies to the --file attachments: pass --file too.');
  if (given.length !== 1 && given.length !== files) {
    throw new UsageError(`--mime-type: give it once (for every --file) or once per --file, in order (${files} here; 'auto' for a file whose type can be told).`);
  }
  return given.map((raw) => {
    const value = raw.trim().toLowerCase();
    if (value === 'auto') return undefined;
    if (!isPermitted(value)) throw new UsageError(`--mime-type: ${ACCEPTED_TYPES}, or auto. Other files (such as .exe, .docx or .png) cannot be sent.`);
    return value;
  });
}

/** Says which `--file` failed: its attachment index in parameter names, its position in a read error. */
async function withIndex<T>(index: number, build: () => Promise<T>): Promise<T> {
  try {
    return await build();
  } catch (error) {
    // attachmentFromFile's read error is a plain CdmsError; its message never holds the path.
    if (error instanceof CdmsError && error.constructor === CdmsError) throw new UsageError(`--file number ${index + 1}: ${error.message}`);
    if (!(error instanceof LocalValidationError)) throw error;
    throw new LocalValidationError(
      error.invalidParameters.map((p) => ({
        name: `attachments[${index}].${p.name}`,
        reason: `${p.reason} (${p.name === 'mimeType' ? 'set with --mime-type; ' : ''}--file number ${index + 1})`,
      })),
      { delivery: 'not-sent' },
    );
  }
}

/**
 * A copy of the message completed as the SDK completes it before sending:
 * a new messageId when absent, the route's `type`, and on the GP route the
 * fixed recipient id type.
 */
export function completeMessage(route: Route, message: Record<string, unknown>): Record<string, unknown> {
  const complete: Record<string, unknown> = { ...message, messageId: message.messageId ?? randomUUID() };
  if (route === 'instant') complete.type = message.type ?? INSTANT_MESSAGE_TYPE;
  if (route === 'gpconnect') {
    complete.type = message.type ?? GPCONNECT_MESSAGE_TYPE;
    if (isRecord(message.recipient) && isRecord(message.recipient.id)) {
      complete.recipient = { ...message.recipient, id: { type: GPCONNECT_RECIPIENT_ID_TYPE, ...message.recipient.id } };
    }
  }
  return complete;
}

function isValidFor(route: Route, message: unknown): boolean {
  return validateMessage(message, { route }).ok;
}
const isStandard = (m: unknown): m is StandardMessageParams => isValidFor('standard', m);
const isInstant = (m: unknown): m is InstantMessageParams => isValidFor('instant', m);
const isGpConnect = (m: unknown): m is GpConnectMessageParams => isValidFor('gpconnect', m);

/**
 * Completes and validates a message for its route (every rule of the SDK's
 * local pre-validation, offline).
 *
 * @throws LocalValidationError listing every problem, each naming the flag that sets the field.
 */
export function prepareMessage(route: Route, raw: Record<string, unknown>): PreparedMessage {
  const message = completeMessage(route, raw);
  const messageId = typeof message.messageId === 'string' ? message.messageId : '';
  if (route === 'standard' && isStandard(message)) return { route, messageId, message };
  if (route === 'instant' && isInstant(message)) return { route, messageId, message };
  if (route === 'gpconnect' && isGpConnect(message)) return { route, messageId, message };
  const { invalidParameters } = validateMessage(message, { route });
  throw new LocalValidationError(
    invalidParameters.map(({ name, reason }) => {
      const flag = FLAG_OF[name];
      return { name, reason: flag ? `${reason} (set with ${flag})` : reason };
    }),
    { delivery: 'not-sent' },
  );
}
