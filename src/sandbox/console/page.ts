// The frame of every console page: the SDK's page frame (web/page.ts) with
// the console's files, navigation and live updates, the two live regions
// that console.js writes outcomes to, and the security headers.
import { CONSOLE_PATHS, CONTROL_PATHS, controlPath } from '../control/paths.js';
import { rawReply, type ControlReply } from '../http/reply.js';
import { html, type Html } from '../../web/html.js';
import { page } from '../../web/page.js';
import { HTMX_CONFIG, pageCsp, pageHeaders } from '../../web/security.js';

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
 * Only the console's own files may run, load or be framed (its PDF previews);
 * nothing is fetched from elsewhere (it works offline), and no other site may
 * frame it (clickjacking an "Import" button).
 */
export const PAGE_CSP = pageCsp({ frameSelf: true });

/** Headers of every console page. */
export const PAGE_HEADERS: Readonly<Record<string, string>> = pageHeaders(PAGE_CSP);

function navigation(current: PageKey): Html {
  return html`<nav aria-label="Console"><ul>${NAVIGATION.map(
    (item) => html`<li><a href="${item.path}"${item.key === current ? html` aria-current="page"` : ''}>${item.label}</a></li>`,
  )}</ul></nav>`;
}

/** A whole page around `content`. */
export function layout(title: string, current: PageKey, content: Html): Html {
  return page(
    {
      title: `${title} · CDMS sandbox console`,
      htmxConfig: HTMX_CONFIG,
      icon: asset('favicon.svg'),
      stylesheet: asset('console.css'),
      scripts: [asset('htmx.min.js'), asset('console.js'), asset('live-events.js')],
      bodyAttributes: {
        'hx-ext': 'cdms-json',
        'data-events': CONTROL_PATHS.events,
        'data-channel': 'cdms-console-events',
        'data-event-kinds': 'messages requests state widgets faults',
      },
      headerClass: 'console-header',
      brand: { href: CONSOLE_PATHS.inbox, text: 'CDMS sandbox' },
      navigation: navigation(current),
    },
    html`<div id="console-alert" class="alert" role="alert" hidden></div>
<div id="console-status" class="result" role="status"></div>
${content}`,
  );
}

/** A console page as a reply. */
export function pageReply(title: string, current: PageKey, content: Html, status = 200): ControlReply {
  return rawReply(status, 'text/html; charset=utf-8', layout(title, current, content).text, PAGE_HEADERS);
}
