// tracker.replace: the next version of a GP-route document. GP Connect Send
// Document replaces a document with a new message whose versionNumber is one
// more than the version it replaces and whose relatesTo names that version
// (decision D-TRACKER-34). Both come from the ledger, which keeps the version
// beside the content it erases; the new version is then sent as a replacing
// send (lineage.ts), so of two replacements of one version one is sent.
import { v4 as uuidv4 } from 'uuid';
import { CdmsError } from '../../core/errors/cdms-error.js';
import { LocalValidationError } from '../../core/errors/local-errors.js';
import type { GpConnectAdditionalInformation, GpConnectMessageParams } from '../../schemas/gpconnect.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import { ReplacementRefusedError, type ReplacementRefusal } from '../model/errors.js';
import type { MessageState } from '../model/message-state.js';
import type { PersonAct } from '../store/store.js';
import type { TrackerContext } from './context.js';
import { asSendError } from './send-errors.js';
import { sendNow, type TrackerSendResult } from './send-now.js';

/**
 * `gpConnectAdditionalInformation` of a new version: everything the GP route
 * requires but `versionNumber` and `relatesTo`, which `replace` sets from
 * the ledger (the compiler refuses them here, so a stale copy cannot go out).
 */
export interface GpConnectReplacementInformation extends Omit<GpConnectAdditionalInformation, 'versionNumber' | 'relatesTo'> {
  /** Set by `replace`: the earlier version's number + 1. Leave it out. */
  versionNumber?: never;
  /** Set by `replace`: the earlier version's messageId. Leave it out. */
  relatesTo?: never;
}

/**
 * The new version of a GP-route document, as `tracker.replace` takes it: a
 * whole GP-route message (the corrected document, the patient, the
 * recipient, every required field) without the two fields the tracker fills
 * in from its ledger. `messageId` is the new version's own (generated when
 * absent); `type` and `recipient.id.type` are filled in as on every GP-route
 * send.
 */
export interface GpConnectReplacement extends Omit<GpConnectMessageParams, 'gpConnectAdditionalInformation'> {
  /** The GP route's extra information, without `versionNumber` and `relatesTo`. */
  gpConnectAdditionalInformation: GpConnectReplacementInformation;
}

/** Options of `tracker.replace`. */
export interface TrackerReplaceOptions {
  /** Who asked for the new version (a person's id, as the app's sign-in gives it): kept in the audit of the version it replaces. */
  by?: string | undefined;
  /** Why: kept in the audit of the version it replaces. Not for patient data. */
  note?: string | undefined;
  /** The app's own data to keep with the new version. @defaultValue the earlier version's metadata */
  metadata?: Record<string, unknown> | undefined;
  /**
   * The wrong-patient cross-check's override for this version (see
   * `TrackerSendOptions.allowOtherNhsNumbers`).
   * @defaultValue false
   */
  allowOtherNhsNumbers?: boolean | undefined;
}

/** How `tracker.replace` ended: the send's result, and the version it sent. */
export interface TrackerReplaceResult extends TrackerSendResult {
  /** The version sent (`gpConnectAdditionalInformation.versionNumber`): the earlier version's + 1. */
  versionNumber: number;
  /** The messageId of the version it replaces (sent as `relatesTo`). */
  replaces: string;
}

const INFO = 'gpConnectAdditionalInformation';

/**
 * Sends the next version of a GP-route document: checked, the earlier
 * version read from the ledger, then a replacing send of the document with
 * `versionNumber` and `relatesTo` set. Every error is a CdmsError with the
 * new version's messageId and `delivery`, as `tracker.send`'s are.
 *
 * @throws LocalValidationError when an argument is wrong (nothing sent, nothing kept).
 * @throws ReplacementRefusedError when the earlier version cannot be replaced (nothing sent, nothing kept).
 * @throws ConflictingActionError when a later version exists already (nothing sent).
 * @throws the errors of `tracker.send` for the new version.
 */
export async function replaceNow(
  ctx: TrackerContext,
  earlierId: string,
  document: GpConnectReplacement,
  options: TrackerReplaceOptions,
): Promise<TrackerReplaceResult> {
  const doc = (typeof document === 'object' && document !== null ? document : {}) as Record<string, unknown>;
  const messageId = typeof doc.messageId === 'string' ? doc.messageId : uuidv4();
  const knownId = UUID_PATTERN.test(messageId) ? messageId : undefined;
  try {
    const info = checkedInformation(earlierId, document);
    const earlier = await earlierVersion(ctx, earlierId, knownId, { by: options.by ?? null, note: options.note ?? null });
    const versionNumber = earlier.versionNumber + 1;
    const message = { ...doc, messageId, [INFO]: { ...info, versionNumber, relatesTo: earlier.messageId } };
    const sent = await sendNow(ctx, 'gpconnect', message, {
      replaces: earlier.messageId,
      action: 'replace',
      by: options.by,
      note: options.note,
      metadata: options.metadata ?? earlier.metadata ?? undefined,
      allowOtherNhsNumbers: options.allowOtherNhsNumbers,
    });
    return { ...sent, versionNumber, replaces: earlier.messageId };
  } catch (error) {
    throw asSendError(error, knownId);
  }
}

/** The arguments checked before the ledger is read; returns the document's additional information. */
function checkedInformation(earlierId: unknown, document: unknown): Record<string, unknown> {
  const problems: InvalidParameter[] = [];
  if (typeof earlierId !== 'string' || !UUID_PATTERN.test(earlierId)) {
    problems.push({ name: 'messageId', reason: 'must be the messageId (a UUID) of the GP-route message this new version replaces' });
  }
  const info = typeof document === 'object' && document !== null ? (document as Record<string, unknown>)[INFO] : undefined;
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    problems.push({ name: 'document', reason: 'must be the new version: a GP-route message without versionNumber and relatesTo' });
  } else if (typeof info !== 'object' || info === null || Array.isArray(info)) {
    problems.push({ name: INFO, reason: 'is required: everything the GP route asks for but versionNumber and relatesTo, which replace() sets' });
  } else {
    for (const field of ['versionNumber', 'relatesTo'] as const) {
      if ((info as Record<string, unknown>)[field] !== undefined) {
        problems.push({ name: `${INFO}.${field}`, reason: 'is set by replace() from the ledger (the earlier version + 1, and its messageId): leave it out' });
      }
    }
  }
  if (problems.length > 0) throw new LocalValidationError(problems, { delivery: 'not-sent' });
  return info as Record<string, unknown>;
}

/**
 * The version to replace, from the ledger; a refusal, audited when the
 * message exists, when it cannot be replaced by a new version.
 */
async function earlierVersion(
  ctx: TrackerContext,
  earlierId: string,
  messageId: string | undefined,
  person: PersonAct,
): Promise<MessageState & { versionNumber: number }> {
  let earlier: MessageState | undefined;
  try {
    earlier = await ctx.store.get(earlierId);
  } catch (error) {
    // Nothing was written or sent yet.
    if (error instanceof CdmsError) error.delivery = 'not-sent';
    throw error;
  }
  if (!earlier) throw new ReplacementRefusedError('unknown-message', earlierId, messageId);
  const refusal = refusalOf(earlier);
  if (refusal === undefined && earlier.versionNumber !== null) return { ...earlier, versionNumber: earlier.versionNumber };
  const error = new ReplacementRefusedError(refusal ?? 'version-unknown', earlier.messageId, messageId);
  await ctx.store
    .insertAudit({
      at: new Date(),
      messageId: earlier.messageId,
      by: person.by,
      action: 'replace',
      outcome: 'refused',
      reason: earlier.attention,
      assignee: null,
      replacement: null,
      note: person.note,
      detail: `ReplacementRefusedError (${error.reason})`,
    })
    .catch(() => undefined);
  throw error;
}

/** Why a version cannot be replaced, or undefined when it can. */
function refusalOf(earlier: MessageState): ReplacementRefusal | undefined {
  if (earlier.route !== 'gpconnect') return 'not-gp-route';
  if (earlier.versionNumber === null) return 'version-unknown';
  // Not yet held by the service (sending, queued, or refused): the new version could arrive first, or replace nothing.
  if (earlier.sentAt === null) return 'not-at-service';
  return undefined;
}
