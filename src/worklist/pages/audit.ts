// The audit page: every person's action, newest first, filtered by message,
// person, action and date, a page at a time, and the same as a CSV file.
import { explained } from '../plain-words.js';
import { html, type Html } from '../../web/html.js';
import { ATTENTION_REASON_LABELS, type TrackerAuditEntry } from '../../tracker/index.js';
import type { AuditFilter } from '../audit-view.js';
import { select } from '../../web/form-parts.js';
import { timeCell } from './parts.js';

/** What the audit page shows. */
export interface AuditView {
  base: string;
  filter: AuditFilter;
  items: readonly TrackerAuditEntry[];
  next: string | undefined;
  /** People's names by the id the audit keeps, where the app gave one. */
  names: ReadonlyMap<string, string>;
}

const ACTION_LABELS: Record<TrackerAuditEntry['action'], string> = {
  acknowledge: 'Acknowledged',
  assign: 'Assigned',
  unassign: 'Unassigned',
  resend: 'Sent again',
  replace: 'Sent a new version',
  'poll-now': 'Polled now',
};

const OUTCOME_LABELS: Record<TrackerAuditEntry['outcome'], string> = { done: 'Done', conflict: 'Someone acted first', refused: 'Refused', failed: 'Failed' };

function query(f: AuditFilter, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries({ messageId: f.messageId, by: f.by, action: f.action, since: f.since, ...extra })) if (v) params.set(k, v);
  const text = params.toString();
  return text ? `?${text}` : '';
}

function filterForm(view: AuditView): Html {
  const f = view.filter;
  return html`<form class="filters" method="get" action="${view.base}/audit" role="search" aria-label="Filter the audit">
<label>messageId<input type="search" name="messageId" value="${f.messageId}" autocomplete="off" spellcheck="false"></label>
<label>Person<input type="search" name="by" value="${f.by}" autocomplete="off"></label>
${select('action', 'Action', f.action, Object.entries(ACTION_LABELS))}
<label>Since<input type="date" name="since" value="${f.since}"></label>
<button type="submit">Show</button>
</form>`;
}

/** A person by name, their id on hover; the id alone where the app gave no name. */
function who(id: string, names: ReadonlyMap<string, string>): Html {
  const name = names.get(id);
  return name === undefined ? html`${id}` : html`<span title="${id}">${name}</span>`;
}

function row(e: TrackerAuditEntry, view: AuditView): Html {
  const { base, names } = view;
  return html`<tr>
<td data-label="When" class="when">${timeCell(e.at)}</td>
<td data-label="Person" class="person">${e.by === null ? html`<span class="muted">no name recorded</span>` : who(e.by, names)}</td>
<td data-label="Action">${ACTION_LABELS[e.action]}${e.action === 'assign' || e.action === 'unassign' ? html` (${e.assignee === null ? '' : who(e.assignee, names)})` : ''}${
    e.replacement ? html` as <a class="id" href="${base}/messages/${e.replacement}">${e.replacement}</a>` : ''
  }</td>
<td data-label="Outcome">${OUTCOME_LABELS[e.outcome]}</td>
<td data-label="Message" class="id"><a href="${base}/messages/${e.messageId}">${e.messageId}</a></td>
<td data-label="Reason">${e.reason ? ATTENTION_REASON_LABELS[e.reason] : ''}</td>
<td data-label="Note" class="note">${e.note ?? ''}${e.detail && e.outcome !== 'done' ? html`<br><span class="muted">${explained(e.detail)}</span>` : ''}</td>
</tr>`;
}

/** The live part: it fetches itself again when the ledger changes (the first page only, so paging is not disturbed). */
function auditSection(view: AuditView): Html {
  const live = view.filter.cursor ? '' : html` hx-get="${view.base}/audit${query(view.filter)}" hx-trigger="cdms:messages from:body" hx-select="#audit" hx-swap="outerHTML"`;
  return html`<section id="audit" aria-labelledby="audit-heading"${live}>
<h2 id="audit-heading">Actions, newest first</h2>
${
  view.items.length === 0
    ? html`<p class="notice">No action matches. Every acknowledgement, assignment, send again, new version and poll asked for by a person is written here as it happens, and never changed.</p>`
    : html`<table class="audit">
<thead><tr><th scope="col">When</th><th scope="col">Person</th><th scope="col">Action</th><th scope="col">Outcome</th><th scope="col">Message</th><th scope="col">Reason</th><th scope="col">Note</th></tr></thead>
<tbody>${view.items.map((e) => row(e, view))}</tbody>
</table>`
}
${view.next ? html`<p><a href="${view.base}/audit${query(view.filter, { cursor: view.next })}">Older actions</a></p>` : ''}
</section>`;
}

/** The audit page. */
export function auditPage(view: AuditView): Html {
  return html`<h1>Audit</h1>
<p class="lead">Who did what, when, and why: every person's action on the list, as the ledger keeps it (entries are never changed or deleted).</p>
${filterForm(view)}
<p><a href="${view.base}/audit.csv${query(view.filter)}" download>Download these actions as a CSV file</a></p>
${auditSection(view)}`;
}
