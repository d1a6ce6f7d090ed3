// The parts of the SDK's web forms (the sandbox console's and the
// worklist's filters), written once so both read and behave alike.
import { html, type Html } from './html.js';

/** A labelled select of a filter form: "All" (the empty value) and the options given, `current` selected. */
export function select(name: string, label: string, current: string, options: readonly (readonly [string, string])[]): Html {
  return html`<label>${label}<select name="${name}">
<option value="">All</option>
${options.map(([value, text]) => html`<option value="${value}"${value === current ? html` selected` : ''}>${text}</option>`)}
</select></label>`;
}
