// The request log: every API request the sandbox received, newest first,
// linked to its message; no bodies, credentials masked.
import { CONSOLE_PATHS, controlPath } from '../../control/paths.js';
import type { RequestLogEntry } from '../../request-log.js';
import { html, type Html } from '../html.js';
import { timeCell } from './parts.js';

function statusCell(entry: RequestLogEntry): Html {
  if (entry.status === undefined) return html`<span class="http-error">${entry.outcome}</span>`;
  return html`<span class="${entry.status < 400 ? 'http-ok' : 'http-error'}">${entry.status}</span>`;
}

function problemCell(entry: RequestLogEntry): Html {
  const p = entry.problem;
  if (!p) return html``;
  const params = p.invalidParameters ?? [];
  return html`${p.title}${params.length > 0 ? html`<ul>${params.map((x) => html`<li><code>${x.name}</code> ${x.reason}</li>`)}</ul>` : ''}`;
}

function messageCell(entry: RequestLogEntry, known: ReadonlySet<string>): Html {
  if (!entry.messageId) return html``;
  if (!known.has(entry.messageId.toLowerCase())) return html`<code>${entry.messageId}</code>`;
  return html`<a href="${controlPath(CONSOLE_PATHS.message, { messageId: entry.messageId })}"><code>${entry.messageId}</code></a>`;
}

function row(entry: RequestLogEntry, known: ReadonlySet<string>): Html {
  return html`<tr>
<td>${timeCell(entry.at)}</td><td>${entry.method}</td><td class="id">${entry.path}</td><td>${statusCell(entry)}</td>
<td>${entry.durationMs} ms</td><td>${problemCell(entry)}</td><td>${messageCell(entry, known)}</td>
<td>${entry.apiKey}${entry.accessToken ? html`<br><span class="muted">token ${entry.accessToken}</span>` : ''}</td><td>${entry.faults.join(', ')}</td>
</tr>`;
}

/** The request log page; `known` holds the lower-cased ids of the messages still stored (to link them). */
export function requestsPage(entries: readonly RequestLogEntry[], known: ReadonlySet<string>): Html {
  const shown = [...entries].reverse();
  return html`<h1>Request log</h1>
<p class="muted">Every API request the sandbox received, newest first (the console's own requests are not listed). No bodies are kept; the ApiKey and access token show only their last four characters.</p>
<section id="requests" aria-labelledby="requests-heading" hx-get="${CONSOLE_PATHS.requests}" hx-trigger="cdms:requests from:body" hx-select="#requests" hx-swap="outerHTML">
<h2 id="requests-heading">Requests <span class="muted">(${shown.length})</span></h2>
${
  shown.length === 0
    ? html`<p class="notice">No request yet.</p>`
    : html`<table><thead><tr><th scope="col">Time</th><th scope="col">Method</th><th scope="col">Path</th><th scope="col">Status</th><th scope="col">Duration</th><th scope="col">Problem</th><th scope="col">Message</th><th scope="col">Key</th><th scope="col">Faults</th></tr></thead>
<tbody>${shown.map((e) => row(e, known))}</tbody></table>`
}
</section>`;
}
