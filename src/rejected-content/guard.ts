import type { AttachmentContentRejectedError } from '../core/errors/api-error.js';
import { rejectedAttachments } from '../core/errors/content-rejection.js';
import { AttachmentPreviouslyRejectedError } from '../core/errors/local-errors.js';
import { PIECE_CHARS, nextTurn } from '../internal/json-pieces.js';
import { contentSha256, typedContentSha256 } from './content-hash.js';
import type { RejectedContentStore } from './store.js';

/** An attachment's content and declared type, whatever shape the message arrived in. */
interface Sent {
  content: string | undefined;
  mimeType: string | undefined;
}

function sentAttachments(attachments: unknown): Sent[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a: unknown) => {
    const { content, mimeType } = (a !== null && typeof a === 'object' ? a : {}) as { content?: unknown; mimeType?: unknown };
    return { content: typeof content === 'string' ? content : undefined, mimeType: typeof mimeType === 'string' ? mimeType : undefined };
  });
}

/**
 * A turn of the event loop after hashing a large content: a store in memory
 * answers without one, and ten 5 MB attachments hashed twice each would
 * otherwise hold the loop for the whole check.
 */
async function turnAfterLarge(content: string): Promise<void> {
  if (content.length >= PIECE_CHARS) await nextTurn();
}

/**
 * Throws {@link AttachmentPreviouslyRejectedError} when an attachment's content
 * was rejected by the service before (spec, Errors rule 3): by a virus scan,
 * whatever its declared type now; for its format, with the same declared
 * type. Hashes nothing while the store is empty, so the common path costs one
 * cheap call.
 */
export async function assertNotPreviouslyRejected(store: RejectedContentStore, attachments: unknown): Promise<void> {
  if (await store.isEmpty()) return;
  for (const [index, { content, mimeType }] of sentAttachments(attachments).entries()) {
    if (content === undefined) continue;
    if (await store.has(contentSha256(content))) throw new AttachmentPreviouslyRejectedError(index, 'virus-scan');
    await turnAfterLarge(content);
    if (mimeType !== undefined && (await store.has(typedContentSha256(content, mimeType)))) {
      throw new AttachmentPreviouslyRejectedError(index, 'format');
    }
    await turnAfterLarge(content);
  }
}

/**
 * Records what the service rejected. A virus-scan verdict records the bytes
 * alone, so they are refused under any type; when it does not say which
 * attachment, every attachment is recorded (refusing a clean document once
 * is recoverable, resending an infected one is not). A format error records
 * the bytes with their declared type, so the same file sent with its real
 * type may still go.
 */
export async function rememberRejected(store: RejectedContentStore, attachments: unknown, error: AttachmentContentRejectedError): Promise<void> {
  const sent = sentAttachments(attachments);
  for (const { index, rejection } of rejectedAttachments(error.problem)) {
    for (const { content, mimeType } of index === undefined ? sent : [sent[index] ?? { content: undefined, mimeType: undefined }]) {
      if (content === undefined) continue;
      if (rejection === 'virus-scan' || mimeType === undefined) await store.add(contentSha256(content), rejection);
      else await store.add(typedContentSha256(content, mimeType), rejection);
      await turnAfterLarge(content);
    }
  }
}
