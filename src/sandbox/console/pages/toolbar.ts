// Toolbar users and tokens: run or stop a user's toolbar, issue an access
// code (as the toolbar's menu does), see the tokens and revoke one.
import { CONSOLE_PATHS, CONTROL_PATHS } from '../../control/paths.js';
import type { IssuedToken } from '../../access-tokens.js';
import type { RunningToolbar } from '../../messages/toolbar.js';
import { html, type Html } from '../html.js';
import { actionButton } from './parts.js';

/** What the page shows. */
export interface ToolbarView {
  running: readonly RunningToolbar[];
  tokens: readonly IssuedToken[];
}

function runForm(): Html {
  return html`<form class="inline" hx-post="${CONTROL_PATHS.toolbarRun}" hx-swap="none" data-done="The toolbar is running.">
<label>Practice user<input name="user" required autocomplete="off" placeholder="dr.patel"></label>
<label class="check"><input type="checkbox" name="importFails" value="true"> Its automatic imports fail</label>
<button type="submit">Run the toolbar</button>
</form>`;
}

function codeForm(): Html {
  return html`<form class="inline" hx-post="${CONTROL_PATHS.accessCodes}" hx-swap="none" data-result="access-code">
<label>Practice user<input name="user" required autocomplete="off" placeholder="dr.patel"></label>
<button type="submit">Issue an access code</button>
</form>
<div id="access-code-result" class="result"></div>`;
}

function runningTable(running: readonly RunningToolbar[]): Html {
  if (running.length === 0) return html`<p class="muted">No toolbar is running: instant messages wait, then become standard messages.</p>`;
  return html`<table><thead><tr><th scope="col">User</th><th scope="col">Automatic imports</th><th scope="col">Action</th></tr></thead>
<tbody>${running.map(
    (t) => html`<tr><td>${t.user}</td><td>${t.importFails ? 'fail' : 'succeed'}</td><td>${actionButton(`Stop ${t.user}'s toolbar`, CONTROL_PATHS.toolbarStop, { user: t.user }, { className: 'secondary' })}</td></tr>`,
  )}</tbody></table>`;
}

function tokensTable(tokens: readonly IssuedToken[]): Html {
  if (tokens.length === 0) return html`<p class="muted">No token yet: issue an access code and exchange it with <code>cdms.tokens.exchange()</code>.</p>`;
  return html`<table><thead><tr><th scope="col">Token</th><th scope="col">User</th><th scope="col">State</th><th scope="col">Action</th></tr></thead>
<tbody>${tokens.map(
    (t) => html`<tr data-token="${t.token}"><td class="id">${t.token}</td><td>${t.user}</td><td>${t.valid ? 'valid' : 'revoked (verify answers 410)'}</td><td>${
      t.valid ? actionButton('Revoke', CONTROL_PATHS.revokeToken, { token: t.token }, { className: 'danger' }) : ''
    }</td></tr>`,
  )}</tbody></table>`;
}

/** The live part: running toolbars and tokens. */
function liveState(view: ToolbarView): Html {
  return html`<div id="toolbar-state" hx-get="${CONSOLE_PATHS.toolbar}" hx-trigger="cdms:state from:body" hx-select="#toolbar-state" hx-swap="outerHTML">
<section aria-labelledby="running-heading"><h2 id="running-heading">Running toolbars</h2>${runningTable(view.running)}</section>
<section aria-labelledby="tokens-heading"><h2 id="tokens-heading">Access tokens</h2>${tokensTable(view.tokens)}</section>
</div>`;
}

/** The toolbar page. */
export function toolbarPage(view: ToolbarView): Html {
  return html`<h1>Toolbar users and tokens</h1>
<div class="grid-2">
<section aria-labelledby="run-heading"><h2 id="run-heading">Run a user's toolbar</h2>
<p class="muted">A running toolbar imports its user's instant messages automatically.</p>${runForm()}</section>
<section aria-labelledby="code-heading"><h2 id="code-heading">Issue an access code</h2>
<p class="muted">What the user would read from the toolbar and type into your system, to exchange for a token.</p>${codeForm()}</section>
</div>
${liveState(view)}`;
}
