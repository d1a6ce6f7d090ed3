// The ledger's verdicts on attachment content, applied to every tracked send
// whatever store the client carries (D-TRACKER-36): a send is refused when an
// attachment was rejected before, in this process or any earlier one on the
// same ledger, and a rejection the service answers is recorded in the ledger.
// The client's own store still works as before; the ledger is checked first.
import { AttachmentContentRejectedError } from '../../core/errors/api-error.js';
import type { RequestOptions } from '../../core/options.js';
import { AttachmentPreviouslyRejectedError } from '../../core/errors/local-errors.js';
import { assertNotPreviouslyRejected, rememberRejected } from '../../rejected-content/guard.js';
import type { SendResult } from '../../resources/send-types.js';
import { attachmentsOf } from '../../resources/wire-message.js';
import { classifySendError, type SendVerdict } from '../decide/send-verdict.js';
import { describeError } from '../decide/describe-error.js';
import type { StoredPayload } from '../model/message-state.js';
import type { TrackedRoute } from '../model/types.js';
import { sendStored } from './client-calls.js';
import type { TrackerContext } from './context.js';

/**
 * The verdict that stops a send before its request, or undefined to send:
 * `refused` when the ledger holds a verdict on one of its attachments (a
 * first send then keeps nothing, a replacement's refusal is audited, as for
 * the client's own refusal); `retry-later` when the verdicts could not be
 * read (nothing was sent; the tracker sends it later, checking again).
 */
export async function ledgerRefusal(ctx: TrackerContext, payload: StoredPayload): Promise<SendVerdict | undefined> {
  try {
    await assertNotPreviouslyRejected(ctx.rejectedContent, attachmentsOf(payload.message));
    return undefined;
  } catch (error) {
    if (error instanceof AttachmentPreviouslyRejectedError) return classifySendError(error, true);
    return { kind: 'retry-later', detail: `Not sent: the record of rejected attachments could not be read (${describeError(error)}).` };
  }
}

/**
 * `sendStored`, with the service's content verdict recorded in the ledger
 * before the error goes on. A verdict the ledger cannot take is logged (the
 * client's own store still holds it for this process); the send's outcome is
 * recorded as ever.
 */
export async function sendRecordingVerdicts(ctx: TrackerContext, route: TrackedRoute, payload: StoredPayload, options: RequestOptions): Promise<SendResult> {
  try {
    return await sendStored(ctx.config.client, route, payload, options);
  } catch (error) {
    if (error instanceof AttachmentContentRejectedError) {
      await rememberRejected(ctx.rejectedContent, attachmentsOf(payload.message), error).catch((failure: unknown) => {
        ctx.config.logger.warn(
          { event: 'tracker.rejected-content-not-recorded', messageId: error.messageId, error: describeError(failure) },
          'cdms tracker: the service rejected an attachment, and the ledger could not record it: only this process refuses it again',
        );
      });
    }
    throw error;
  }
}
