// Registered widgets (never their secret), and launching one as the toolbar
// would: the launch URL with its signed, encrypted user and patient tokens.
import { CONSOLE_PATHS, CONTROL_PATHS } from '../../control/paths.js';
import type { SandboxWidget } from '../../widget-store.js';
import { html, type Html } from '../html.js';
import { facts, timeCell } from './parts.js';

function field(name: string, label: string, options: { value?: string; required?: boolean; type?: string; placeholder?: string } = {}): Html {
  return html`<label>${label}<input name="${name}" type="${options.type ?? 'text'}" value="${options.value ?? ''}"${options.required ? html` required` : ''} placeholder="${options.placeholder ?? ''}" autocomplete="off"></label>`;
}

function launchForm(widget: SandboxWidget, index: number, recipients: readonly string[]): Html {
  const patient = widget.requiresPatientData;
  return html`<form hx-post="${CONTROL_PATHS.launchUrl}" hx-swap="none" data-result="launch" aria-label="Launch ${widget.name}">
<input type="hidden" name="name" value="${widget.name}">
<fieldset><legend>Practice user</legend><div class="actions">
${field('user.sub', 'User id', { value: 'dr.patel', required: true })}
${field('user.name', 'Name', { value: 'Dr Asha Patel', required: true })}
${field('user.role', 'Role', { value: 'GP' })}
${field('user.ods_code', 'Practice ODS code', { value: recipients[0] ?? '', required: true })}
</div></fieldset>
<fieldset><legend>Patient${patient ? '' : ' (not requested by this widget)'}</legend><div class="actions">
${field('patient.nhs_number', 'NHS number', { value: patient ? '9434765919' : '', required: patient, placeholder: '10 digits' })}
${field('patient.given_name', 'Given name', { value: patient ? 'Ada' : '', required: patient })}
${field('patient.family_name', 'Family name', { value: patient ? 'Lovelace' : '', required: patient })}
${field('patient.birthdate', 'Date of birth', { value: patient ? '1990-12-10' : '', required: patient, type: 'date' })}
</div></fieldset>
<button type="submit" id="launch-${index}">Launch ${widget.name}</button>
</form>`;
}

function widgetSection(widget: SandboxWidget, index: number, recipients: readonly string[]): Html {
  return html`<section class="attachment" aria-labelledby="widget-${index}">
<h2 id="widget-${index}">${widget.name}</h2>
${facts([
    ['Icon', widget.icon],
    ['Launch URL', html`<code>${widget.launchUrl}</code>`],
    ['Encryption method', widget.encryptionMethod],
    ['Encryption secret', 'kept by the sandbox, never shown'],
    ['User data', widget.requiresUserData],
    ['Patient data', widget.requiresPatientData],
    ['Approval', `${widget.approval} (the operator approves by hand; the sandbox never does, and launches anyway)`],
    ['Registered', timeCell(widget.registeredAt)],
    ['Updated', timeCell(widget.updatedAt)],
  ])}
${launchForm(widget, index, recipients)}
</section>`;
}

/** The widgets page. */
export function widgetsPage(widgets: readonly SandboxWidget[], recipients: readonly string[]): Html {
  return html`<h1>Widgets</h1>
<p class="muted">Widgets registered with the sandbox's API key. Launching one opens its launch URL with the tokens the toolbar would add; read them with <code>readLaunchTokens</code> from <code>cdms-sdk/widget</code>, verifying against <a href="${CONTROL_PATHS.jwks}">${CONTROL_PATHS.jwks}</a>.</p>
<div id="launch-result" class="result"></div>
<div id="widgets" hx-get="${CONSOLE_PATHS.widgets}" hx-trigger="cdms:widgets from:body" hx-select="#widgets" hx-swap="outerHTML">
${widgets.length === 0 ? html`<p class="notice">No widget registered yet: register one with <code>cdms.widgets.register()</code> or <code>cdms widgets register</code>.</p>` : widgets.map((w, i) => widgetSection(w, i, recipients))}
</div>`;
}
