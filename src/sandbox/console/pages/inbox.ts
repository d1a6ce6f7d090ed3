// The inbox: every message the sandbox holds, newest first, filtered by
// status, route and recipient, or found by messageId; refreshed live.
import { CONSOLE_PATHS, controlPath } from '../../control/paths.js';
import { MESSAGE_STATUSES } from '../../../schemas/vocabulary.js';
import type { SandboxMessage } from '../../messages/record.js';
import { select } from '../../../web/form-parts.js';
import { html, type Html } from '../../../web/html.js';
import { ROUTE_LABELS, patientId, patientName, shortTime, textAt } from '../message-view.js';
import { statusBadge, timeCell } from './parts.js';

/** The inbox's filters, read from the query string. */
export interface InboxFilter {
  status: string;
  route: string;
  recipient: string;
  /** Part of a messageId, any case. */
  find: string;
}

/** Reads the filters; unknown values simply match nothing. */
export function readFilter(query: URLSearchParams): InboxFilter {
  const get = (name: string) => (query.get(name) ?? '').trim();
  return { status: get('status'), route: get('route'), recipient: get('recipient'), find: get('find') };
}

function matches(message: SandboxMessage, filter: InboxFilter): boolean {
  if (filter.status && message.status !== filter.status) return false;
  if (filter.route && message.route !== filter.route) return false;
  if (filter.recipient && textAt(message.request, 'recipient.id.value') !== filter.recipient) return false;
  return !filter.find || message.messageId.toLowerCase().includes(filter.find.toLowerCase());
}

function filterForm(filter: InboxFilter, recipients: readonly string[]): Html {
  return html`<form class="inline" method="get" action="${CONSOLE_PATHS.inbox}" role="search" aria-label="Filter the inbox"
 hx-get="${CONSOLE_PATHS.inbox}" hx-target="#inbox" hx-select="#inbox" hx-swap="outerHTML" hx-push-url="true" hx-trigger="change, submit">
${select('status', 'Status', filter.status, MESSAGE_STATUSES.map((s) => [s, s] as const))}
${select('route', 'Route', filter.route, Object.entries(ROUTE_LABELS))}
${select('recipient', 'Recipient practice', filter.recipient, recipients.map((r) => [r, r] as const))}
<label>Find by messageId<input type="search" name="find" value="${filter.find}" autocomplete="off" spellcheck="false"></label>
<button type="submit">Filter</button>
</form>`;
}

function row(message: SandboxMessage): Html {
  const name = patientName(message);
  return html`<tr data-message-id="${message.messageId}">
<td>${timeCell(message.receivedAt)}</td>
<td class="id"><a href="${controlPath(CONSOLE_PATHS.message, { messageId: message.messageId })}">${message.messageId}</a></td>
<td>${ROUTE_LABELS[message.route] ?? message.route}</td>
<td>${textAt(message.request, 'topic') ?? ''}</td>
<td>${textAt(message.request, 'recipient.id.value') ?? ''}</td>
<td>${patientId(message)}${name ? html`<br><span class="muted">${name}</span>` : ''}</td>
<td>${statusBadge(message.status)}</td>
<td>${message.subStatus ?? ''}${message.scenario ? html`<br><span class="muted">scenario ${message.scenario.name}</span>` : ''}</td>
<td>${shortTime(textAt(message.request, 'expiryDateTime'))}</td>
</tr>`;
}

/** The live part of the inbox: it re-fetches itself, with the same filters, whenever messages change. */
export function inboxTable(all: readonly SandboxMessage[], filter: InboxFilter, query: string): Html {
  const shown = all.filter((m) => matches(m, filter)).reverse();
  const self = `${CONSOLE_PATHS.inbox}${query ? `?${query}` : ''}`;
  return html`<section id="inbox" aria-labelledby="inbox-heading" hx-get="${self}" hx-trigger="cdms:messages from:body" hx-select="#inbox" hx-swap="outerHTML">
<h2 id="inbox-heading">Messages <span class="muted">(${shown.length} of ${all.length})</span></h2>
${
  shown.length === 0
    ? html`<p class="notice">${all.length === 0 ? 'No message yet: send one with the SDK, the CLI (cdms send) or curl, and it appears here.' : 'No message matches these filters.'}</p>`
    : html`<table>
<thead><tr><th scope="col">Received</th><th scope="col">messageId</th><th scope="col">Route</th><th scope="col">Topic</th><th scope="col">Recipient</th><th scope="col">Patient</th><th scope="col">Status</th><th scope="col">subStatus</th><th scope="col">Expiry</th></tr></thead>
<tbody>${shown.map(row)}</tbody>
</table>`
}
</section>`;
}

/** The inbox page. */
export function inboxPage(all: readonly SandboxMessage[], query: URLSearchParams, recipients: readonly string[]): Html {
  const filter = readFilter(query);
  const seen = all.map((m) => textAt(m.request, 'recipient.id.value')).filter((r): r is string => r !== undefined);
  const known = [...new Set([...recipients, ...seen])];
  return html`<h1>Inbox</h1>
<p class="muted">Every message the sandbox holds, as the practices would receive them, newest first. It updates by itself.</p>
${filterForm(filter, known)}
${inboxTable(all, filter, query.toString())}`;
}
