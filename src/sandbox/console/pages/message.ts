// One message as the practice sees it, with the controls to act on it.
import { CONSOLE_PATHS, controlPath } from '../../control/paths.js';
import type { SandboxMessage } from '../../messages/record.js';
import { html, type Html } from '../html.js';
import { ROUTE_LABELS, patientId, patientName, shortTime, textAt } from '../message-view.js';
import { messageActions } from './message-actions.js';
import { attachmentsSection, bodySection, codedSection, gpInfoSection, type Contents } from './message-content.js';
import { facts, statusBadge, timeCell } from './parts.js';

function summary(message: SandboxMessage): Html {
  return facts([
    ['Status', statusBadge(message.status)],
    ['subStatus', message.subStatus ?? undefined],
    ['Route', ROUTE_LABELS[message.route] ?? message.route],
    ['Topic', textAt(message.request, 'topic')],
    ['Recipient practice', textAt(message.request, 'recipient.id.value')],
    ['Patient', `${textAt(message.request, 'subject.id.type') ?? ''} ${patientId(message)}`.trim()],
    ['Patient name', patientName(message)],
    ['Instant user', message.instantUser],
    ['Received', timeCell(message.receivedAt)],
    ['Last change', timeCell(message.updated)],
    ['Expiry', shortTime(textAt(message.request, 'expiryDateTime')) || 'none'],
    ['Test scenario', message.scenario ? `${message.scenario.name} (from the ${message.scenario.trigger}): ${message.scenario.description}` : undefined],
  ]);
}

function history(message: SandboxMessage): Html {
  return html`<table><thead><tr><th scope="col">Time</th><th scope="col">Status</th><th scope="col">subStatus</th><th scope="col">What happened</th></tr></thead>
<tbody>${message.history.map((h) => html`<tr><td>${timeCell(h.at)}</td><td>${statusBadge(h.status)}</td><td>${h.subStatus ?? ''}</td><td>${h.cause}</td></tr>`)}</tbody></table>`;
}

/** The part that changes: status, actions and history; it re-fetches itself when messages change. */
function liveState(message: SandboxMessage): Html {
  const self = controlPath(CONSOLE_PATHS.message, { messageId: message.messageId });
  const event = `cdms:message-${message.messageId.toLowerCase()}`;
  return html`<div id="message-state" hx-get="${self}" hx-trigger="${event} from:body, cdms:resync from:body" hx-select="#message-state" hx-swap="outerHTML">
<section aria-labelledby="summary-heading"><h2 id="summary-heading">Summary</h2>${summary(message)}</section>
<section aria-labelledby="actions-heading"><h2 id="actions-heading">Act as the practice</h2>${messageActions(message)}</section>
<section aria-labelledby="history-heading"><h2 id="history-heading">History</h2>${history(message)}</section>
</div>`;
}

/** The message page. */
export function messagePage(message: SandboxMessage, contents: Contents): Html {
  const gp = message.route === 'gpconnect';
  return html`<p><a href="${CONSOLE_PATHS.inbox}">← Inbox</a></p>
<h1>Message <code>${message.messageId}</code></h1>
${liveState(message)}
<section aria-labelledby="attachments-heading"><h2 id="attachments-heading">Attachments (${message.attachments.length})</h2>${attachmentsSection(message, contents)}</section>
<section aria-labelledby="body-heading"><h2 id="body-heading">Body</h2>${bodySection(message)}</section>
${gp ? html`<section aria-labelledby="gp-heading"><h2 id="gp-heading">GP route additional information</h2>${gpInfoSection(message)}</section>` : html`<section aria-labelledby="coded-heading"><h2 id="coded-heading">Coded data items</h2>${codedSection(message)}</section>`}`;
}

/** The page for a messageId the sandbox does not hold. */
export function unknownMessagePage(messageId: string): Html {
  return html`<p><a href="${CONSOLE_PATHS.inbox}">← Inbox</a></p><h1>No such message</h1>
<p class="notice">The sandbox holds no message <code>${messageId}</code>: it was never sent, was removed after its expiry, or the sandbox was reset.</p>`;
}
