// A message as the practice sees it: each attachment previewed from its
// decoded bytes, the body shown inert, coded items, the GP route's details.
import { CONSOLE_PATHS, CONTROL_PATHS, controlPath } from '../../control/paths.js';
import type { AttachmentSummary, SandboxMessage } from '../../messages/record.js';
import { isRecord } from '../../../internal/is-record.js';
import { html, type Html } from '../html.js';
import { at, codedItems, messageBody, textOf } from '../message-view.js';
import { facts } from './parts.js';

/** Decoded content per attachment index, undefined when the sandbox released it. */
export type Contents = readonly (Buffer | undefined)[];

const CONSULTATION = 'text/vnd.vendor.service.consultation';

function preview(messageId: string, index: number, a: AttachmentSummary, content: Buffer | undefined): Html {
  const src = controlPath(CONTROL_PATHS.attachment, { messageId, index });
  if (content === undefined) {
    return html`<p class="notice">The sandbox no longer holds this content (it keeps the newest <code>attachmentContentBytes</code>); its SHA-256 is above.</p>`;
  }
  switch (a.mimeType) {
    case 'application/pdf':
      return html`<iframe class="pdf" src="${src}" title="PDF preview: ${a.fileName}"></iframe>`;
    case 'image/jpeg':
      return html`<img class="preview" src="${src}" alt="JPEG preview: ${a.fileName}">`;
    case 'text/plain':
      return html`<pre class="text" data-preview="text">${content.toString('utf8')}</pre>`;
    case CONSULTATION:
      return html`<div class="record-entry" data-preview="consultation"><p class="record-label">Consultation notes, as they become record text (searchable, not a file)</p><pre>${content.toString('utf8')}</pre></div>`;
    default:
      return html`<p class="notice">No preview for this type: download it.</p>`;
  }
}

/** Every attachment: its facts, a preview and a download link. */
export function attachmentsSection(message: SandboxMessage, contents: Contents): Html {
  return html`${message.attachments.map((a, i) => {
    const href = `${controlPath(CONTROL_PATHS.attachment, { messageId: message.messageId, index: i })}?download`;
    return html`<section class="attachment" aria-labelledby="attachment-${i}">
<h3 id="attachment-${i}">${i + 1}. ${a.fileName}</h3>
${facts([['Type', a.mimeType], ['Size', `${a.bytes.toLocaleString('en-GB')} bytes`], ['SHA-256', html`<code>${a.sha256}</code>`]])}
<p><a href="${href}" download>Download ${a.fileName}</a></p>
${preview(message.messageId, i, a, contents[i])}
</section>`;
  })}`;
}

/** The body: plain text as text; HTML in a sandboxed frame served with a CSP that blocks scripts and the network. */
export function bodySection(message: SandboxMessage): Html {
  const body = messageBody(message);
  if (!body) return html`<p class="muted">No body.</p>`;
  if (body.mimeType === 'text/plain') return html`<pre class="text" data-preview="body">${body.content}</pre>`;
  const src = controlPath(CONSOLE_PATHS.messageBody, { messageId: message.messageId });
  return html`<p class="muted">HTML body, shown inert: no scripts, no network, no navigation of this page.</p>
<iframe class="body-html" sandbox src="${src}" title="Message body (HTML, shown inert)"></iframe>`;
}

/** The coded data items as a table. */
export function codedSection(message: SandboxMessage): Html {
  const items = codedItems(message);
  if (items.length === 0) return html`<p class="muted">No coded data items.</p>`;
  return html`<table><thead><tr><th scope="col">SNOMED CT code</th><th scope="col">Value</th><th scope="col">Unit</th><th scope="col">Additional text</th></tr></thead>
<tbody>${items.map((c) => html`<tr><td class="id">${c.code}</td><td>${c.value}</td><td>${c.unit}</td><td>${c.additionalText}</td></tr>`)}</tbody></table>`;
}

function nameOf(value: unknown): string | undefined {
  if (!isRecord(value)) return undefined;
  return [value.given, value.family].filter((v): v is string => typeof v === 'string').join(' ') || undefined;
}

/** The GP route's additional information, as sent. */
export function gpInfoSection(message: SandboxMessage): Html {
  const info = at(message.request, 'gpConnectAdditionalInformation');
  if (!isRecord(info)) return html`<p class="muted">None.</p>`;
  const confidentiality = typeof info.confidentiality === 'boolean' ? info.confidentiality : undefined;
  return facts([
    ['Recipient type', textOf(info.recipientType)],
    ['Sender reference', textOf(info.senderReference)],
    ['Confidential', confidentiality],
    ['Version', textOf(info.versionNumber)],
    ['Replaces', textOf(info.relatesTo)],
    ['Patient', nameOf(at(info, 'patient.name'))],
    ['Date of birth', textOf(at(info, 'patient.dateOfBirth'))],
    ['Practitioner', nameOf(at(info, 'practitioner.name'))],
    ['Practitioner SDS id', textOf(at(info, 'practitioner.sdsUserId'))],
    ['Practitioner contact', [textOf(at(info, 'practitioner.telephone')), textOf(at(info, 'practitioner.email'))].filter(Boolean).join(', ')],
    ['Organisation contact', [textOf(at(info, 'organisation.telephone')), textOf(at(info, 'organisation.email'))].filter(Boolean).join(', ')],
    ['Encounter type', [textOf(info.typeCode), textOf(info.typeDescription)].filter(Boolean).join(' ')],
  ]);
}
