// The console's routes, under /_sandbox/ like the control API, so the same
// Host and cross-site checks guard them. Pages only read; every change goes
// through the control API's own endpoints (see console.js).
import type { SandboxControls } from '../control/controls.js';
import { CONSOLE_PATHS, CONTROL_PATHS } from '../control/paths.js';
import type { ControlRoute } from '../control/routes.js';
import { SandboxError } from '../errors.js';
import { rawReply } from '../http/reply.js';
import { assetReply } from './assets.js';
import type { ChangeFeed } from './change-feed.js';
import { messageBody } from './message-view.js';
import { pageReply } from './page.js';
import { faultsPage } from './pages/faults.js';
import { inboxPage } from './pages/inbox.js';
import { messagePage, unknownMessagePage } from './pages/message.js';
import { requestsPage } from './pages/requests.js';
import { toolbarPage } from './pages/toolbar.js';
import { widgetsPage } from './pages/widgets.js';

/**
 * An HTML body as the practice's system would show it, and no more: a
 * sandboxed document (no scripts, no same-origin access), no network
 * (nothing may load, not even images), framed only by the console.
 */
const INERT_BODY_CSP = "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

function messagePageRoute(controls: SandboxControls): ControlRoute {
  return {
    method: 'GET',
    path: CONSOLE_PATHS.message,
    handler: ({ params }) => {
      const message = controls.getMessage(params.messageId);
      if (!message) return pageReply('No such message', 'message', unknownMessagePage(params.messageId ?? ''), 404);
      const contents = message.attachments.map((_, i) => controls.attachmentContent(message.messageId, i));
      return pageReply(`Message ${message.messageId}`, 'message', messagePage(message, contents));
    },
  };
}

function bodyRoute(controls: SandboxControls): ControlRoute {
  return {
    method: 'GET',
    path: CONSOLE_PATHS.messageBody,
    handler: ({ params }) => {
      const message = controls.getMessage(params.messageId);
      const body = message && messageBody(message);
      if (!body || body.mimeType !== 'text/html') throw new SandboxError('not-found', 'This message has no HTML body.');
      return rawReply(200, 'text/html; charset=utf-8', body.content, {
        'Content-Security-Policy': INERT_BODY_CSP,
        'X-Content-Type-Options': 'nosniff',
        'Referrer-Policy': 'no-referrer',
      });
    },
  };
}

/** The console's pages, its assets and its event feed. */
export function consoleRoutes(controls: SandboxControls, feed: ChangeFeed, recipients: () => readonly string[]): ControlRoute[] {
  return [
    { method: 'GET', path: CONSOLE_PATHS.inbox, handler: ({ query }) => pageReply('Inbox', 'inbox', inboxPage(controls.listMessages(), query, recipients())) },
    messagePageRoute(controls),
    bodyRoute(controls),
    {
      method: 'GET',
      path: CONSOLE_PATHS.requests,
      handler: () => {
        const known = new Set(controls.listMessages().map((m) => m.messageId.toLowerCase()));
        return pageReply('Request log', 'requests', requestsPage(controls.requests(), known));
      },
    },
    {
      method: 'GET',
      path: CONSOLE_PATHS.toolbar,
      handler: () => pageReply('Toolbar users and tokens', 'toolbar', toolbarPage({ running: controls.runningToolbars(), tokens: controls.listTokens() })),
    },
    { method: 'GET', path: CONSOLE_PATHS.widgets, handler: () => pageReply('Widgets', 'widgets', widgetsPage(controls.listWidgets(), recipients())) },
    { method: 'GET', path: CONSOLE_PATHS.faults, handler: () => pageReply('Faults', 'faults', faultsPage(controls.faults())) },
    { method: 'GET', path: CONSOLE_PATHS.asset, handler: ({ params }) => assetReply(params.name) },
    { method: 'GET', path: CONTROL_PATHS.events, handler: () => feed.subscribe() },
  ];
}
