// Small pieces shared by the console's pages.
import { html, type Html } from '../../../web/html.js';
import { shortTime } from '../message-view.js';

/** A status as a labelled badge (the word is always shown: colour is never the only cue). */
export function statusBadge(status: string): Html {
  return html`<span class="status status-${status.replace(/[^A-Z]/g, '')}">${status}</span>`;
}

/** A time cell: readable text, machine-readable datetime. */
export function timeCell(iso: string): Html {
  return html`<time datetime="${iso}">${shortTime(iso)}</time>`;
}

/** A definition list of facts; empty values are left out. */
export function facts(rows: readonly (readonly [string, Html | string | number | boolean | undefined])[]): Html {
  const shown = rows.filter(([, value]) => value !== undefined && value !== '');
  return html`<dl class="facts">${shown.map(([term, value]) => html`<dt>${term}</dt><dd>${typeof value === 'boolean' ? (value ? 'yes' : 'no') : value}</dd>`)}</dl>`;
}

/** A button that sends a JSON control request; its result is announced by console.js. */
export function actionButton(label: string, path: string, body: unknown, options: { result?: string; className?: string; method?: 'post' | 'put' } = {}): Html {
  const verb = options.method ?? 'post';
  return html`<button type="button" class="${options.className ?? ''}" hx-${verb}="${path}" hx-swap="none" data-json="${JSON.stringify(body)}"${
    options.result ? html` data-result="${options.result}"` : ''
  }>${label}</button>`;
}
