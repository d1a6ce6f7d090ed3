// A minimal widget page on node:http: the toolbar opens its launch URL, and
// the page shows the practice user and the patient it was launched for.
//
//   npx tsx examples/widget-server.ts           # self-contained demo: exits 0
//   npx tsx examples/widget-server.ts --serve   # keep serving (see SERVE below)
//
// The demo starts the sandbox, registers the widget with the SDK, asks the
// sandbox (playing the toolbar) for a launch URL, opens it once against this
// server, prints a summary without any personal data, and exits.
//
// Launch URLs carry the encrypted tokens: never log request URLs, and send
// `Referrer-Policy: no-referrer` so the browser never forwards them.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet } from 'jose';
import { CdmsClient } from 'cdms-sdk';
import { startSandbox } from 'cdms-sdk/sandbox';
import { LaunchTokenError, readLaunchTokens, type LaunchContext, type ReadLaunchTokensOptions } from 'cdms-sdk/widget';

type WidgetConfig = Pick<ReadLaunchTokensOptions, 'encryptionSecret' | 'encryptionMethod' | 'verify'>;

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' ? String(value) : value == null ? '' : JSON.stringify(value);

const escapeHtml = (value: unknown): string =>
  text(value).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

function row(label: string, value: unknown): string {
  return `<tr><th>${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`;
}

function section(title: string, context: LaunchContext | undefined, fields: [string, string][]): string {
  if (!context) return `<h2>${escapeHtml(title)}</h2><p>Not provided for this widget.</p>`;
  const trust = context.verified ? 'signature verified' : 'NOT verified: do not rely on it';
  return `<h2>${escapeHtml(title)} (${escapeHtml(trust)})</h2><table>${fields.map(([label, claim]) => row(label, context.claims[claim])).join('')}</table>`;
}

function send(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    'content-security-policy': "default-src 'none'",
  });
  res.end(`<!doctype html><html><head><meta charset="utf-8"><title>Widget</title></head><body>${body}</body></html>`);
}

async function handle(req: IncomingMessage, res: ServerResponse, config: WidgetConfig): Promise<void> {
  if (!req.url?.startsWith('/launch')) return send(res, 404, '<p>Not found.</p>');
  try {
    const { user, patient } = await readLaunchTokens(req.url, { ...config, requiresUserData: true });
    send(res, 200, '<h1>Launched from the toolbar</h1>' +
      section('User', user, [['Name', 'name'], ['Role', 'role'], ['Organisation (ODS)', 'ods_code']]) +
      section('Patient', patient, [['Name', 'given_name'], ['Family name', 'family_name'], ['NHS number', 'nhs_number'], ['Date of birth', 'birthdate']]));
  } catch (error) {
    // The error's message and code are safe to show; anything else is a bug.
    if (error instanceof LaunchTokenError) return send(res, 400, `<h1>Cannot open this widget</h1><p>${escapeHtml(error.message)}</p><p>Code: ${escapeHtml(error.code)}</p>`);
    send(res, 500, '<p>Internal error.</p>');
  }
}

function startWidgetServer(config: WidgetConfig, port = 0): Promise<Server> {
  const server = createServer((req, res) => void handle(req, res, config));
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

/** Demo: the sandbox plays the service and the toolbar. */
async function demo(): Promise<void> {
  const sandbox = await startSandbox({ port: 0 });
  const encryptionSecret = crypto.randomUUID().replaceAll('-', ''); // 32 hex characters, made up for the demo
  const widget = await startWidgetServer({
    encryptionSecret,
    encryptionMethod: 'A128CBC_HS256',
    verify: createRemoteJWKSet(new URL('/_sandbox/jwks', sandbox.url)),
  });
  try {
    const cdms = new CdmsClient({ baseUrl: sandbox.url, apiKey: sandbox.apiKey });
    await cdms.widgets.register({
      name: 'Example Widget', icon: 'clipboard', launchUrl: 'https://widgets.example.org/launch',
      encryptionSecret, encryptionMethod: 'A128CBC_HS256', requiresUserData: true, requiresPatientData: true,
    });
    const launch = new URL(await sandbox.launchUrl('Example Widget', {
      user: { sub: 'user-1', name: 'Dr Ada Example', role: 'GP', ods_code: 'A81001' },
      patient: { nhs_number: '9434765919', given_name: 'Perpetua', family_name: 'Featherstonehaugh', birthdate: '1953-07-14' },
    }));
    // The registered launchUrl must be https; locally the same query goes to this http server.
    const { port } = widget.address() as AddressInfo;
    const page = await fetch(`http://127.0.0.1:${port}/launch${launch.search}`);
    const html = await page.text();
    const verified = (html.match(/signature verified/g) ?? []).length;
    console.log(`Widget page: HTTP ${page.status}, ${verified} of 2 launch tokens verified against /_sandbox/jwks.`);
    if (page.status !== 200 || verified !== 2) process.exitCode = 1;
  } finally {
    await new Promise((resolve) => widget.close(resolve));
    await sandbox.close();
  }
}

/**
 * SERVE: WIDGET_SECRET (required), WIDGET_ENCRYPTION_METHOD, TOOLBAR_JWKS_URL
 * (verification; strongly advised) and PORT (default 8080).
 */
async function serve(): Promise<void> {
  const encryptionSecret = process.env.WIDGET_SECRET;
  if (!encryptionSecret) throw new Error('Set WIDGET_SECRET to the widget\'s registered encryptionSecret.');
  const method = process.env.WIDGET_ENCRYPTION_METHOD === 'A128CBC_HS256' ? 'A128CBC_HS256' : 'A256GCM';
  const jwks = process.env.TOOLBAR_JWKS_URL;
  if (!jwks) console.warn('TOOLBAR_JWKS_URL is not set: launch tokens are decrypted but their signatures are NOT verified.');
  const server = await startWidgetServer({
    encryptionSecret, encryptionMethod: method, ...(jwks ? { verify: createRemoteJWKSet(new URL(jwks)) } : {}),
  }, Number(process.env.PORT ?? 8080));
  console.log(`Widget listening on http://127.0.0.1:${(server.address() as AddressInfo).port}/launch`);
}

await (process.argv.includes('--serve') ? serve() : demo());
