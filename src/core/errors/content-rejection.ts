// Telling a content rejection in a problem body: which attachment it names,
// and whether the verdict is a virus scan's or a format error. The service
// states neither a status code nor a problem type for them (the spec leaves
// both open), so the field names and the reason words decide.
import type { Problem } from '../../schemas/problem.js';

/**
 * Why the service refused an attachment's content:
 * - `virus-scan`: a virus or malware scan verdict. The bytes must never be
 *   sent again, under any type or name.
 * - `format`: the content is not what its declared mime type says (a text
 *   sent as a PDF). Those bytes are refused again with that type only; sent
 *   with their real type they may go.
 */
export type ContentRejection = 'virus-scan' | 'format';

const CONTENT_NAME = /^attachments\[(\d+)\]\.content$/;
const ATTACHMENT_NAME = /^attachments\[(\d+)\]/;
const SCAN_WORDS = /virus|malware|anti-?virus|infected|scan/i;

/** One attachment a problem rejects for its content; `index` undefined: the problem does not say which. */
export interface RejectedAttachment {
  index: number | undefined;
  rejection: ContentRejection;
}

/**
 * Every attachment a problem rejects for its content, each with its own
 * verdict: a parameter naming `attachments[n]` whose reason mentions a scan
 * is a virus verdict on n; `attachments[n].content` otherwise is a format
 * error on n; a scan verdict that names no attachment covers them all.
 */
export function rejectedAttachments(problem: Problem | undefined): RejectedAttachment[] {
  if (!problem) return [];
  const found: RejectedAttachment[] = [];
  let unplacedScan = SCAN_WORDS.test(`${problem.title ?? ''} ${problem.detail ?? ''} ${problem.type ?? ''}`);
  for (const p of problem.invalidParameters ?? []) {
    const scan = SCAN_WORDS.test(p.reason);
    const attachment = ATTACHMENT_NAME.exec(p.name);
    if (scan && attachment) found.push({ index: Number(attachment[1]), rejection: 'virus-scan' });
    else if (scan) unplacedScan = true;
    else if (CONTENT_NAME.test(p.name) && attachment) found.push({ index: Number(attachment[1]), rejection: 'format' });
  }
  if (unplacedScan && !found.some((f) => f.rejection === 'virus-scan')) found.push({ index: undefined, rejection: 'virus-scan' });
  return found;
}

/**
 * The rejection an error reports: the first virus-scan verdict when there is
 * one (of the two, it is the verdict that blocks more), else the first format
 * error; undefined when the problem is not about content.
 */
export function contentRejection(problem: Problem | undefined): { attachmentIndex: number | undefined; rejection: ContentRejection } | undefined {
  const all = rejectedAttachments(problem);
  const chosen = all.find((r) => r.rejection === 'virus-scan') ?? all[0];
  return chosen && { attachmentIndex: chosen.index, rejection: chosen.rejection };
}
