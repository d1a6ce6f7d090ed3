// The frame of every worklist page: head (the worklist's own stylesheet and
// scripts, nothing from elsewhere), who is signed in, the navigation, and the
// region that action results are written to.
import { html, type Html } from '../../web/html.js';
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
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${pageTitle} · ${frame.title}</title>
<meta name="htmx-config" content="${WORKLIST_HTMX_CONFIG}">
<link rel="stylesheet" href="${assets}/worklist.css">
${frame.person ? html`<script src="${assets}/htmx.min.js" defer></script><script src="${assets}/live-events.js" defer></script>` : ''}
</head>
<body${frame.person ? html` data-events="${frame.base}/events" data-channel="cdms-worklist${frame.base}"` : ''}>
<a class="skip-link" href="#main">Skip to the content</a>
<header class="top"><a class="brand" href="${frame.base}/">${frame.title}</a>${navigation(frame)}</header>
<main id="main">
${content}
</main>
</body>
</html>
`;
}
