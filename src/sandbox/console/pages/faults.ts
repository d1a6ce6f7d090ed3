// The fault settings: see them, change them (replacing them all, as
// PUT /_sandbox/faults does), turn them off, or script the next failures.
import { CONSOLE_PATHS, CONTROL_PATHS } from '../../control/paths.js';
import { OPERATION_NAMES, type SandboxFaults } from '../../faults/options.js';
import { html, type Html } from '../html.js';
import { actionButton } from './parts.js';

const RATES = [
  ['gpconnect503Rate', 'GP-route sends answered 503 (share, 0 to 1)'],
  ['internalErrorRate', 'Requests answered 500 before processing'],
  ['resetBeforeRate', 'Connections reset before processing'],
  ['resetAfterRate', 'Connections reset after processing (stored, no answer)'],
  ['slowRate', 'Answers held back by the slow delay'],
] as const;

const DURATIONS = [
  ['latencyMs', 'Latency before every request (ms)'],
  ['slowMs', 'Slow delay (ms)'],
  ['retryAfterSeconds', 'Retry-After on injected 503s (s)'],
] as const;

function number(name: string, label: string, value: number | undefined, rate: boolean): Html {
  const limits = rate ? html` min="0" max="1" step="0.01"` : html` min="0" step="1"`;
  return html`<label>${label}<input type="number" name="${name}" value="${value ?? ''}"${limits}></label>`;
}

function settingsForm(faults: SandboxFaults): Html {
  const chosen = new Set<string>(faults.operations ?? []);
  return html`<form hx-put="${CONTROL_PATHS.faults}" hx-swap="none" data-done="Faults replaced.">
<fieldset><legend>Rates</legend><div class="actions">${RATES.map(([name, label]) => number(name, label, faults[name], true))}</div></fieldset>
<fieldset><legend>Delays</legend><div class="actions">${DURATIONS.map(([name, label]) => number(name, label, faults[name], false))}</div></fieldset>
<fieldset><legend>Only these operations (none ticked: every operation)</legend><div class="actions">${OPERATION_NAMES.map(
    (op) => html`<label class="check"><input type="checkbox" name="operations" value="${op}" data-json-array${chosen.has(op) ? html` checked` : ''}> ${op}</label>`,
  )}</div></fieldset>
<div class="actions"><button type="submit">Replace the faults</button>${actionButton('Turn every fault off', CONTROL_PATHS.faults, {}, { method: 'put', className: 'secondary' })}</div>
</form>`;
}

function failNextForm(): Html {
  return html`<form class="inline" hx-post="${CONTROL_PATHS.failNext}" hx-swap="none" data-done="Scripted: the next requests will fail.">
<label>Operation<select name="operation">${OPERATION_NAMES.map((op) => html`<option value="${op}">${op}</option>`)}</select></label>
<label>Status<select name="status" data-json-number><option value="503">503</option><option value="500">500</option></select></label>
<label>How many<input type="number" name="count" min="1" step="1" value="1"></label>
<label>Retry-After (s)<input type="number" name="retryAfterSeconds" min="0" step="1"></label>
<button type="submit">Fail the next requests</button>
</form>`;
}

/** The faults page. */
export function faultsPage(faults: SandboxFaults): Html {
  return html`<h1>Faults</h1>
<div id="faults-state" hx-get="${CONSOLE_PATHS.faults}" hx-trigger="cdms:faults from:body" hx-select="#faults-state" hx-swap="outerHTML">
<section aria-labelledby="current-heading"><h2 id="current-heading">In force</h2>
<pre class="text" id="faults-json">${JSON.stringify(faults, null, 2)}</pre></section>
<section aria-labelledby="change-heading"><h2 id="change-heading">Change them</h2>
<p class="muted">Decisions are seeded: the same seed and messageIds give the same faults. Saving replaces every setting.</p>${settingsForm(faults)}</section>
</div>
<section aria-labelledby="next-heading"><h2 id="next-heading">Script the next failures</h2>${failNextForm()}</section>`;
}
