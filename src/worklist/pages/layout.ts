// The frame of every worklist page: the SDK's page frame (web/page.ts) with
// the worklist's own stylesheet and scripts, who is signed in and the
// navigation.
import { html, type Html } from '../../web/html.js';
import { page } from '../../web/page.js';
import { HTMX_SETTINGS } from '../../web/security.js';
import type { WorklistPerson } from '../options.js';

/** The pages of the navigation. */
export type PageKey = 'queue' | 'audit' | 'message' | 'none';

/**
 * htmx as every SDK page has it, and: error answers (409 someone acted
 * first, 400 a missing note, 429 a poll too soon) are shown like any other,
 * since they carry the sentence that says what happened.
 */
const WORKLIST_HTMX_CONFIG = JSON.stringify({
  ...HTMX_SETTINGS,
  responseHandling: [
    { code: '204', swap: false },
    { code: '[23]..', swap: true },
    { code: '4..', swap: true, error: false },
    { code: '5..', swap: true, error: true },
  ],
});

/** What the frame needs. */
export interface Frame {
  title: string;
  base: string;
  person: WorklistPerson | null;
  current: PageKey;
  /** The zone the page's times are shown in. */
  timeZone: string;
}

function navigation(frame: Frame): Html {
  if (!frame.person) return html``;
  const link = (key: PageKey, path: string, label: string) =>
    html`<li><a href="${frame.base}${path}"${frame.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  return html`<nav aria-label="Worklist"><ul>${link('queue', '/', 'Needs a person')}${link('audit', '/audit', 'Audit')}</ul></nav>
<p class="person">Signed in as <strong>${frame.person.name ?? frame.person.id}</strong></p>`;
}

/** A whole page around `content`. */
export function layout(frame: Frame, pageTitle: string, content: Html): Html {
  const assets = `${frame.base}/assets`;
  // Signed out (the sign-in and refusal pages), nothing runs or listens.
  return page(
    {
      title: `${pageTitle} · ${frame.title}`,
      htmxConfig: WORKLIST_HTMX_CONFIG,
      stylesheet: `${assets}/worklist.css`,
      scripts: frame.person ? [`${assets}/htmx.min.js`, `${assets}/live-events.js`] : [],
      bodyAttributes: frame.person ? { 'data-events': `${frame.base}/events`, 'data-channel': `cdms-worklist${frame.base}` } : {},
      headerClass: 'top',
      brand: { href: `${frame.base}/`, text: frame.title },
      navigation: navigation(frame),
    },
    content,
  );
}
