// The sandbox's own paths, written once: the control API serves them, the
// console's pages link, post and listen to them, and the `cdms sandbox`
// commands call them, so none of the three can point somewhere the others do
// not. `{name}` marks a parameter, as in the service's endpoint table
// (schemas/endpoints.ts); `controlPath` fills them in. Documented for tools in
// docs/sandbox.md.

/** Where the control API lives; the server sends everything under it to the control side. */
export const CONTROL_ROOT = '/_sandbox';

/** Where the console lives: under the control root, so the same Host and cross-site checks guard it. */
export const CONSOLE_ROOT = `${CONTROL_ROOT}/console`;

/** The control API's paths. */
export const CONTROL_PATHS = {
  /** GET: the sandbox's URL, keys, recipients and topics. */
  info: CONTROL_ROOT,
  /** GET: counts of requests, sends and faults. */
  stats: `${CONTROL_ROOT}/stats`,
  /** GET: every message held. */
  messages: `${CONTROL_ROOT}/messages`,
  /** GET: one message. */
  message: `${CONTROL_ROOT}/messages/{messageId}`,
  /** GET: an attachment's decoded content (`?download` for a file). */
  attachment: `${CONTROL_ROOT}/messages/{messageId}/attachments/{index}`,
  /** GET: the request log. */
  requests: `${CONTROL_ROOT}/requests`,
  /** GET: the access tokens issued. */
  tokens: `${CONTROL_ROOT}/tokens`,
  /** POST `{ token }`: revokes an access token. */
  revokeToken: `${CONTROL_ROOT}/tokens/revoke`,
  /** POST `{ user }`: a one-time access code, as the toolbar shows one. */
  accessCodes: `${CONTROL_ROOT}/access-codes`,
  /** GET: the running toolbars. */
  toolbar: `${CONTROL_ROOT}/toolbar`,
  /** POST `{ user, importFails? }`: starts a user's toolbar. */
  toolbarRun: `${CONTROL_ROOT}/toolbar/run`,
  /** POST `{ user }`: stops a user's toolbar. */
  toolbarStop: `${CONTROL_ROOT}/toolbar/stop`,
  /** POST `{ messageId }`: the practice user imports the message. */
  toolbarImport: `${CONTROL_ROOT}/toolbar/import`,
  /** POST `{ messageId }`: the practice user rejects the message. */
  toolbarReject: `${CONTROL_ROOT}/toolbar/reject`,
  /** POST `{ messageId }`: the import fails. */
  toolbarFail: `${CONTROL_ROOT}/toolbar/fail`,
  /** POST `{ messageId }`: the message expires now. */
  expire: `${CONTROL_ROOT}/expire`,
  /** POST `{ messageId, outcome? }`: a GP-route message moves one step, or to an outcome. */
  gpRouteAdvance: `${CONTROL_ROOT}/gp-route/advance`,
  /** GET: the faults in force; PUT: replaces them. */
  faults: `${CONTROL_ROOT}/faults`,
  /** POST: scripts the next failures. */
  failNext: `${CONTROL_ROOT}/faults/fail-next`,
  /** POST: forgets every message, token, widget and fault. */
  reset: `${CONTROL_ROOT}/reset`,
  /** GET: the registered widgets. */
  widgets: `${CONTROL_ROOT}/widgets`,
  /** POST `{ name, user, patient? }`: a widget's launch URL. */
  launchUrl: `${CONTROL_ROOT}/widgets/launch-url`,
  /** GET: the public JWK Set of the toolbar's signing key. */
  jwks: `${CONTROL_ROOT}/jwks`,
  /** GET: the console's live event stream (server-sent events). */
  events: `${CONTROL_ROOT}/events`,
} as const;

/** The console's pages and files. */
export const CONSOLE_PATHS = {
  /** The inbox: every message, filtered by the query string. */
  inbox: CONSOLE_ROOT,
  /** One message. */
  message: `${CONSOLE_ROOT}/messages/{messageId}`,
  /** A message's HTML body, served on its own to be framed inert. */
  messageBody: `${CONSOLE_ROOT}/messages/{messageId}/body`,
  /** The request log. */
  requests: `${CONSOLE_ROOT}/requests`,
  /** Toolbar users and tokens. */
  toolbar: `${CONSOLE_ROOT}/toolbar`,
  /** The registered widgets. */
  widgets: `${CONSOLE_ROOT}/widgets`,
  /** The faults. */
  faults: `${CONSOLE_ROOT}/faults`,
  /** A static file of the console (script, stylesheet, icon). */
  asset: `${CONSOLE_ROOT}/assets/{name}`,
} as const;

/** A path of {@link CONTROL_PATHS} or {@link CONSOLE_PATHS} with its `{name}` parameters filled in, each percent-encoded. */
export function controlPath(template: string, params: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`controlPath: no value for {${name}} in ${template}`);
    return encodeURIComponent(String(value));
  });
}
