// The frame of every console page: head, navigation, the two live regions
// that console.js writes outcomes to, and the security headers.
import { CONSOLE_PATHS, CONTROL_PATHS, controlPath } from '../control/paths.js';
import { rawReply, type ControlReply } from '../http/reply.js';
import { html, type Html } from './html.js';

/** The console's pages, in navigation order. */
export const NAVIGATION = [
  { key: 'inbox', path: CONSOLE_PATHS.inbox, label: 'Inbox' },
  { key: 'requests', path: CONSOLE_PATHS.requests, label: 'Request log' },
  { key: 'toolbar', path: CONSOLE_PATHS.toolbar, label: 'Toolbar users and tokens' },
  { key: 'widgets', path: CONSOLE_PATHS.widgets, label: 'Widgets' },
  { key: 'faults', path: CONSOLE_PATHS.faults, label: 'Faults' },
] as const;

const asset = (name: string): string => controlPath(CONSOLE_PATHS.asset, { name });

/** Which page is shown (for `aria-current`). */
export type PageKey = (typeof NAVIGATION)[number]['key'] | 'message';

/**
 * Only the console's own files may run, load or be framed; nothing is
 * fetched from elsewhere (it works offline), and no other site may frame it
 * (clickjacking an "Import" button).
 */
export const PAGE_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self'",
  "frame-src 'self'",
  "connect-src 'self'",
  "form-action 'self'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
].join('; ');

/** Headers of every console page. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = {
  'Content-Security-Policy': PAGE_CSP,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

/** htmx without eval, inline styles or script tags in swapped content (the CSP forbids them anyway). */
const HTMX_CONFIG = JSON.stringify({
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  selfRequestsOnly: true,
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
});

function navigation(current: PageKey): Html {
  return html`<nav aria-label="Console"><ul>${NAVIGATION.map(
    (item) => html`<li><a href="${item.path}"${item.key === current ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  )}</ul></nav>`;
}

/** A whole page around `content`. */
export function layout(title: string, current: PageKey, content: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · CDMS sandbox console</title>
<meta name="htmx-config" content="${HTMX_CONFIG}">
<link rel="icon" href="${asset('favicon.svg')}" type="image/svg+xml">
<link rel="stylesheet" href="${asset('console.css')}">
<script src="${asset('htmx.min.js')}" defer></script>
<script src="${asset('console.js')}" defer></script>
</head>
<body hx-ext="cdms-json" data-events="${CONTROL_PATHS.events}">
<a class="skip-link" href="#main">Skip to the content</a>
<header class="console-header"><a class="brand" href="${CONSOLE_PATHS.inbox}">CDMS sandbox</a>${navigation(current)}</header>
<main id="main">
<div id="console-alert" class="alert" role="alert" hidden></div>
<div id="console-status" class="result" role="status"></div>
${content}
</main>
</body>
</html>
`;
}

/** A console page as a reply. */
export function pageReply(title: string, current: PageKey, content: Html, status = 200): ControlReply {
  return rawReply(status, 'text/html; charset=utf-8', layout(title, current, content).text, PAGE_HEADERS);
}
