// The technical text the tracker keeps (an error's class, the request, the
// service's JSON paths) said as one plain sentence for staff, with the text
// itself folded away for whoever supports the system. Staff read the
// sentence; support opens the fold.
import { html, type Html } from '../web/html.js';

/** A sentence for each kind of cause, tried in order; the first whose pattern matches the technical text speaks. */
const CAUSES: readonly (readonly [RegExp, (m: RegExpExecArray, recipient: string) => string])[] = [
  [/Invalid:\s*recipient\b/i, (_m, recipient) => `The service does not know practice ${recipient}.`],
  [/Invalid:\s*(?:patient|subject|nhsNumber)\b/i, () => "The service did not accept the patient's details."],
  [/Invalid:\s*(?:attachments?|documents?|files?)\b/i, () => 'The service did not accept an attachment.'],
  [/ContentRejected|virus|malware/i, () => "The service's virus scan refused an attachment."],
  [/Invalid:|ValidationError|\b400\b|\b422\b/i, () => 'The service refused the message as not valid.'],
  [/Unauthori[sz]ed|Forbidden|\b401\b|\b403\b/i, () => "The service did not accept the sending system's credentials."],
  [/NotFound|\b404\b/i, () => 'The service does not know this message (yet).'],
  [/RateLimit|\b429\b/i, () => 'The service asked for fewer requests; the tracker waits and tries again.'],
  [/Timeout|timed out|ECONN|ENOTFOUND|Network|socket|\b50[0-9]\b|Unavailable|ServerError/i, () => 'The service could not be reached or did not answer.'],
  [/Not delivered before/i, () => 'It could not be delivered before the tracker gave up.'],
];

/** One plain sentence for a technical text: what the person needs to know, never the error's class, a method or a path. */
export function plainCause(technical: string, recipient = 'given'): string {
  for (const [pattern, say] of CAUSES) {
    const m = pattern.exec(technical);
    if (m) return say(m, recipient);
  }
  return 'The service or the tracker gave a technical reason, kept below for whoever supports the system.';
}

/** The technical text, folded away. */
export function technicalDetail(technical: string): Html {
  return html`<details class="technical"><summary>Technical detail, for whoever supports the system</summary><code>${technical}</code></details>`;
}

/** Whether a text is for support rather than staff: an error's class, an HTTP method or a JSON path in it. */
export function looksTechnical(text: string): boolean {
  return /\b[A-Z][A-Za-z]*Error\b|\b(?:GET|POST|PUT|PATCH|DELETE)\b|\b[a-z][A-Za-z]*(?:\.[a-z][A-Za-z]*){2,}\b|\/api\//.test(text);
}

/** The plain sentence, then the technical text folded; a text already plain is shown as it is. */
export function explained(technical: string | null | undefined, recipient?: string | null): Html {
  if (!technical) return html``;
  if (!looksTechnical(technical)) return html`${technical}`;
  return html`${plainCause(technical, recipient ?? undefined)} ${technicalDetail(technical)}`;
}
