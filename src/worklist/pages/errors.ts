// The worklist's refusals as pages: nothing from the ledger on any of them.
import { html, type Html } from '../../web/html.js';
import { technicalDetail } from '../plain-words.js';

/** Not signed in, or not allowed: the app's `authorize` said no. */
export function unauthorizedPage(): Html {
  return html`<h1>Sign in to see the worklist</h1>
<p>This page is only for the people who work the list. Sign in to the system it is part of, then open it again.</p>`;
}

/**
 * A state change from another site (or without the page's own header): one
 * plain sentence of what happened and what to do; which header gave it away
 * is for whoever supports the system, folded like every other technical text.
 */
export function crossSitePage(reason: string, base: string): Html {
  return html`<h1>Request refused</h1>
<p>Nothing was done: this action did not come from a page of the worklist. <a href="${base}/">Open the worklist</a> and use its buttons (they need JavaScript to be on).</p>
${technicalDetail(`Refused as cross-site: ${reason}.`)}`;
}

/** A path the worklist does not have. */
export function notFoundPage(base: string): Html {
  return html`<h1>Page not found</h1><p><a href="${base}/">Go to the list</a>.</p>`;
}

/** Something failed inside (the database is unreachable, most often). */
export function serverErrorPage(): Html {
  return html`<h1>The worklist could not be shown</h1>
<p>The tracker's database could not be read just now. Try again in a minute; if it goes on, tell whoever runs the system.</p>`;
}

/** A request naming a host the worklist does not answer to (a DNS-rebinding page, or a link with the wrong address). */
export function wrongHostPage(): Html {
  return html`<h1>Wrong address</h1>
<p>The worklist does not answer to the address this request was sent to, so nothing was shown or done. Open it from its usual link.</p>`;
}
