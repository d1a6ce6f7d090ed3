// The queue: every message that needs a person, grouped by reason, oldest
// first, with age, route, topic, recipient, patient and assignee; filtered by
// reason, route, recipient and assignee, or found by messageId; refreshed
// live when the ledger changes. Readable without JavaScript.
import { ROUTE_LABELS } from '../../web/display.js';
import { html, type Html } from '../../web/html.js';
import { ATTENTION_REASON_LABELS, ATTENTION_REASONS, type TrackedMessageSummary } from '../../tracker/index.js';
import type { WorklistPerson } from '../options.js';
import type { QueueFilter, QueueItem } from '../queue.js';
import { select } from '../../web/form-parts.js';
import { age, patientCell, practiceCell, timeCell } from './parts.js';

/** What the queue page shows. */
export interface QueueView {
  base: string;
  person: WorklistPerson;
  filter: QueueFilter;
  /** The query string the page was asked with (for the live refresh). */
  query: string;
  all: readonly TrackedMessageSummary[];
  groups: readonly { reason: QueueItem['message']['attention']['reason']; items: QueueItem[] }[];
  truncated: boolean;
  now: number;
}

function filterForm(view: QueueView): Html {
  const f = view.filter;
  const recipients = [...new Set(view.all.map((m) => m.recipient).filter((r): r is string => r !== null))].sort();
  const assignees = [...new Set(view.all.map((m) => m.assignee).filter((a): a is string => a !== null && a !== view.person.id))].sort();
  return html`<form class="filters" method="get" action="${view.base}/" role="search" aria-label="Filter the list">
${select('reason', 'Reason', f.reason, ATTENTION_REASONS.map((r) => [r, ATTENTION_REASON_LABELS[r]] as const))}
${select('route', 'Route', f.route, Object.entries(ROUTE_LABELS))}
${select('recipient', 'Recipient practice', f.recipient, recipients.map((r) => [r, r] as const))}
${select('assignee', 'Assigned to', f.assignee, [['me', 'Me'], ['nobody', 'Nobody'], ...assignees.map((a) => [a, a] as const)])}
<label>Find by messageId<input type="search" name="find" value="${f.find}" autocomplete="off" spellcheck="false" inputmode="text"></label>
<button type="submit">Show</button>
</form>`;
}

function row(item: QueueItem, view: QueueView): Html {
  const m = item.message;
  const mine = m.assignee === view.person.id;
  return html`<tr data-message-id="${m.messageId}">
<td data-label="Waiting"><span class="age">${age(m.attention.since, view.now)}</span><br>${timeCell(m.attention.since)}</td>
<td data-label="Document"${item.reference ? '' : html` class="id"`}><a href="${view.base}/messages/${m.messageId}" title="messageId ${m.messageId}">${item.reference ?? m.messageId}</a></td>
<td data-label="Route">${ROUTE_LABELS[m.route] ?? m.route}</td>
<td data-label="Topic">${m.topic ?? ''}</td>
<td data-label="Recipient">${practiceCell(item.practice, m.recipient)}</td>
<td data-label="Patient">${patientCell(item.patient)}</td>
<td data-label="Assigned to">${m.assignee === null ? html`<span class="muted">nobody</span>` : mine ? html`<strong>me</strong>` : m.assignee}</td>
</tr>`;
}

function group(g: QueueView['groups'][number], view: QueueView): Html {
  const id = `reason-${g.reason}`;
  return html`<section class="group" aria-labelledby="${id}">
<h3 id="${id}">${ATTENTION_REASON_LABELS[g.reason]} <span class="count">(${g.items.length})</span></h3>
<table>
<caption class="visually-hidden">${ATTENTION_REASON_LABELS[g.reason]}: oldest first</caption>
<thead><tr><th scope="col">Waiting</th><th scope="col">Document</th><th scope="col">Route</th><th scope="col">Topic</th><th scope="col">Recipient</th><th scope="col">Patient</th><th scope="col">Assigned to</th></tr></thead>
<tbody>${g.items.map((i) => row(i, view))}</tbody>
</table>
</section>`;
}

function empty(view: QueueView): Html {
  if (view.all.length > 0) {
    return html`<p class="notice">No message matches these filters. <a href="${view.base}/">Show every message that needs a person.</a></p>`;
  }
  return html`<div class="notice empty"><p><strong>Nothing needs a person now.</strong></p>
<p>Every message the tracker follows is on its way to the practice or already in the patient's record. A message appears here when the practice rejects it, it expires unread, it fails to import, it cannot be sent, or the tracker cannot find out what became of it.</p></div>`;
}

/** The live part of the queue: it fetches itself again, with the same filters, whenever the ledger changes. */
function queueSection(view: QueueView): Html {
  const shown = view.groups.reduce((n, g) => n + g.items.length, 0);
  const self = `${view.base}/${view.query ? `?${view.query}` : ''}`;
  return html`<section id="queue" aria-labelledby="queue-heading" hx-get="${self}" hx-trigger="cdms:messages from:body, cdms:resync from:body" hx-select="#queue" hx-swap="outerHTML">
<h2 id="queue-heading">Messages <span class="count">(${shown} of ${view.all.length})</span></h2>
${view.truncated ? html`<p class="alert" role="alert">More messages need a person than this page shows: work through these, or filter the list.</p>` : ''}
${shown === 0 ? empty(view) : view.groups.map((g) => group(g, view))}
</section>`;
}

/** The queue page. */
export function queuePage(view: QueueView): Html {
  return html`<h1>Needs a person</h1>
<p class="lead">Every document that did not reach the patient's record as it should, and needs someone to act. Oldest first in each group; the list updates by itself.</p>
${filterForm(view)}
${queueSection(view)}`;
}
