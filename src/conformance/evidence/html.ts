// index.html of the evidence: one self-contained page (no script, no
// network: a CSP that allows only its inline style and its data: images, the
// captures held in the page so it stays one file), which prints cleanly to
// PDF with the run's identity (SDK, Node, base URL, start and end) in every
// printed page's margin and at the top of the page.
import { html, type Html } from '../../web/html.js';
import type { ConformanceReport, EvidenceCapture, RecordedExchange, ScenarioOutcome } from '../types.js';
import type { CaptureFiles } from './captures.js';

const STYLE = `
:root { color: #1b1b1b; background: #fff; font: 15px/1.45 system-ui, sans-serif; }
body { max-width: 70rem; margin: 0 auto; padding: 1rem 1.5rem; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 2rem; border-top: 2px solid #444; padding-top: .75rem; } h3 { font-size: 1rem; }
table { border-collapse: collapse; width: 100%; margin: .5rem 0; }
th, td { border: 1px solid #888; padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #eee; }
pre { white-space: pre-wrap; word-break: break-all; background: #f4f4f4; border: 1px solid #ccc; padding: .5rem; font-size: .8rem; }
.passed { color: #05631f; font-weight: bold; } .failed { color: #a0001a; font-weight: bold; }
.skipped, .needs-the-practice { color: #5c4400; font-weight: bold; }
.run dt { font-weight: bold; float: left; clear: left; width: 9rem; } .run dd { margin-left: 10rem; }
figure { margin: .5rem 0; } figure img { max-width: 100%; border: 1px solid #888; } .document img { max-width: 32rem; }
textarea { width: 100%; min-height: 5rem; font: inherit; border: 1px solid #555; }
@page { size: A4; margin: 18mm 12mm; @top-left { content: var(--run); font-size: 8pt; } @bottom-right { content: counter(page) " / " counter(pages); font-size: 8pt; } }
@media print { section.scenario { break-before: page; } figure { break-inside: avoid; } pre { font-size: 7pt; } a { color: inherit; text-decoration: none; } }
`;

const resultClass = (r: string) => r.replace(/ /g, '-');
const json = (value: unknown) => JSON.stringify(value, null, 2);

function runLine(r: ConformanceReport): string {
  return `cdms-sdk ${r.sdkVersion} · Node ${r.nodeVersion} · ${r.baseUrl} · ${r.startedAt} to ${r.endedAt}`;
}

function exchange(e: RecordedExchange, i: number): Html {
  return html`<h4>Request ${i + 1}: ${e.method} ${e.url} → ${e.status ?? 'no response'}</h4>
<p>Sent ${e.at}${e.error ? html`; ${e.error}` : ''}</p>
<pre>${json({ headers: e.requestHeaders, body: e.requestBody })}</pre>
<pre>${json({ status: e.status, headers: e.responseHeaders, body: e.responseBody })}</pre>`;
}

/** A capture, shown in the page itself (a data: URI, so the page stays one file), its file and SHA-256 beneath. */
function capture(c: EvidenceCapture, files: CaptureFiles): Html {
  const bytes = files.get(c.file) ?? Buffer.alloc(0);
  const what = c.kind === 'worklist' ? `The worklist's page for message ${c.subject}, where a person must act` : `The first page of ${c.subject}, as sent`;
  const source = html`<figcaption>${what}. File <a href="${c.file}">${c.file}</a>, SHA-256 ${c.sha256}${c.note ? html`. Not a picture: ${c.note}` : ''}.</figcaption>`;
  if (c.mediaType === 'image/png') {
    return html`<figure class="${c.kind}"><img src="data:image/png;base64,${bytes.toString('base64')}" alt="${what}">${source}</figure>`;
  }
  const label = c.mediaType === 'text/html' ? "The page's HTML" : "The document's text";
  return html`<figure class="${c.kind}">${source}<details><summary>${label}</summary><pre>${bytes.toString('utf8')}</pre></details></figure>`;
}

function scenario(s: ScenarioOutcome, r: ConformanceReport, files: CaptureFiles): Html {
  return html`<section class="scenario" id="${s.id}" aria-labelledby="${s.id}-h">
<h2 id="${s.id}-h">${s.id} ${s.title}</h2>
<p><span class="${resultClass(s.result)}">${s.result}</span>${s.reason ? html`: ${s.reason}` : ''}</p>
<p><small>${runLine(r)}</small></p>
<dl class="run"><dt>Requirements</dt><dd>${s.requirements.join(', ')}</dd><dt>Proves</dt><dd>${s.proves}</dd><dt>Started</dt><dd>${s.startedAt} (${s.durationMs} ms)</dd></dl>
<h3>Checks</h3>
<ul>${s.checks.map((c) => html`<li>${c}</li>`)}</ul>
<h3>Status timeline (delivery tracker)</h3>
${
  !s.trackerRun
    ? html`<p>The tracker part was not run: ${r.trackerNote ?? ''}</p>`
    : s.timeline.length === 0
      ? html`<p>No message of this scenario reached the tracker.</p>`
      : html`<table><caption>Statuses the tracker saw</caption><thead><tr><th scope="col">When</th><th scope="col">messageId</th><th scope="col">Status</th><th scope="col">subStatus</th><th scope="col">Seen by</th></tr></thead><tbody>${s.timeline.map(
          (t) => html`<tr><td>${t.at}</td><td>${t.messageId}</td><td>${t.status}</td><td>${t.subStatus ?? ''}</td><td>${t.source}</td></tr>`,
        )}</tbody></table>
<p>Tracker's final view: ${s.tracker.map((t) => `${t.messageId}: ${t.stage}${t.attention ? `, attention ${t.attention}` : ''}`).join('; ')}</p>`
}
${s.captures.length === 0 ? '' : html`<h3>What a person sees</h3>${s.captures.map((c) => capture(c, files))}`}
<h3>Requests and responses</h3>
${s.exchanges.length === 0 ? html`<p>No request was sent.</p>` : s.exchanges.map(exchange)}
<h3><label for="${s.id}-commentary">Commentary</label></h3>
<textarea id="${s.id}-commentary"></textarea>
</section>`;
}

/** The evidence page of a run. */
export function evidencePage(r: ConformanceReport, files: CaptureFiles = new Map()): string {
  const rows = r.scenarios.map(
    (s) => html`<tr><td><a href="#${s.id}">${s.id}</a> ${s.title}</td><td>${s.requirements.join(', ')}</td><td class="${resultClass(s.result)}">${s.result}</td><td>${s.durationMs} ms</td></tr>`,
  );
  const counts = Object.entries(r.counts).map(([k, v]) => `${v} ${k}`).join(', ');
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
<title>cdms-sdk conformance evidence</title>
<style>${STYLE} :root { --run: "${runLine(r).replace(/["\\]/g, '')}"; }</style></head>
<body><main>
<h1>Conformance evidence: ${r.passed ? 'every scenario passed' : 'not every scenario passed'}${r.trackerNote ? ' (the tracker part was not run)' : ''}</h1>
<dl class="run"><dt>SDK</dt><dd>cdms-sdk ${r.sdkVersion}</dd><dt>Node.js</dt><dd>${r.nodeVersion}</dd><dt>Base URL</dt><dd>${r.baseUrl} (${r.target})</dd><dt>Started</dt><dd>${r.startedAt}</dd><dt>Ended</dt><dd>${r.endedAt}</dd><dt>Results</dt><dd>${counts}</dd>${r.trackerNote ? html`<dt>Tracker</dt><dd>${r.trackerNote}</dd>` : ''}${r.captureNote ? html`<dt>Pictures</dt><dd>${r.captureNote}</dd>` : ''}</dl>
<p>API keys, access codes and tokens are masked; attachments are shown by name, type, size and SHA-256. manifest.sha256 holds the SHA-256 of every file of this evidence (check it with <code>sha256sum -c manifest.sha256</code>).</p>
<table><caption>Summary</caption><thead><tr><th scope="col">Scenario</th><th scope="col">Requirements</th><th scope="col">Result</th><th scope="col">Time</th></tr></thead><tbody>${rows}</tbody></table>
${r.scenarios.map((s) => scenario(s, r, files))}
</main></body></html>
`.text;
}
