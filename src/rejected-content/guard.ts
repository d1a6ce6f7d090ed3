import { AttachmentPreviouslyRejectedError } from '../core/errors/local-errors.js';
import { contentSha256 } from './content-hash.js';
import type { RejectedContentStore } from './store.js';

/** The base64 contents of a message's attachments, whatever shape it arrived in. */
function contents(attachments: unknown): (string | undefined)[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a: unknown) => {
    const content = a !== null && typeof a === 'object' ? (a as { content?: unknown }).content : undefined;
    return typeof content === 'string' ? content : undefined;
  });
}

/**
 * Throws {@link AttachmentPreviouslyRejectedError} when an attachment's content
 * was rejected by the service before (spec, Errors rule 3). Hashes nothing
 * while the store is empty, so the common path costs one cheap call.
 */
export async function assertNotPreviouslyRejected(store: RejectedContentStore, attachments: unknown): Promise<void> {
  if (await store.isEmpty()) return;
  const list = contents(attachments);
  for (const [index, content] of list.entries()) {
    if (content !== undefined && (await store.has(contentSha256(content)))) {
      throw new AttachmentPreviouslyRejectedError(index);
    }
  }
}

/**
 * Records the content of the rejected attachment, or of every attachment
 * when the service did not say which one: refusing a clean document once is
 * recoverable, resending an infected one is not.
 */
export async function rememberRejected(store: RejectedContentStore, attachments: unknown, index: number | undefined): Promise<void> {
  const list = contents(attachments);
  const chosen = index === undefined ? list : [list[index]];
  for (const content of chosen) {
    if (content !== undefined) await store.add(contentSha256(content));
  }
}
