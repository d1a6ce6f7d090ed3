// `cdms track serve`: the worklist over a tracker's ledger, standalone, for
// a team that has no app of its own to mount it in. The person comes from a
// header an authenticating reverse proxy sets (--trust-header), or is one
// fixed local user on this machine (--local-user, loopback only); without
// either it refuses to start: the worklist has no anonymous mode (decision
// D-WORKLIST-07). It answers only to the names of this machine it listens
// on (DNS rebinding), and its server drops slow clients (D-WORKLIST-08).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { networkInterfaces } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { Command } from 'commander';
import { createWorklist, type WorklistPerson, type WorklistRequest } from '../../../worklist/index.js';
import type { CliContext, GlobalOptions } from '../../config.js';
import { UsageError } from '../../errors.js';
import { ConfigurationError } from '../../../index.js';
import { checkedBasePath, checkedOrigin } from '../../../worklist/hosts.js';
import { withExamples } from '../../help.js';
import { errorCode } from '../../json-file.js';
import { withReadOnlyTracker, type TrackerDatabaseFlags } from '../../tracker-database.js';
import { untilStopped } from '../../until-stopped.js';
import { isLoopback } from '../../../internal/loopback.js';
import { wholeNumber } from '../../whole-number.js';
import { listenUrl } from '../../../web/listen-url.js';

interface ServeOptions extends GlobalOptions, TrackerDatabaseFlags {
  host?: string | undefined;
  port?: string | undefined;
  trustHeader?: string | undefined;
  localUser?: string | undefined;
  basePath?: string | undefined;
  title?: string | undefined;
  allowedHost?: string[] | undefined;
  publicOrigin?: string | undefined;
}

/**
 * Timeouts that fit a page of a few kilobytes and a form of a few hundred
 * bytes (Node's defaults let a client hold a connection for minutes): the
 * headers within 10 s, the whole request within 15 s, an idle kept-alive
 * connection 5 s; checked every second. A live event stream is a response,
 * which none of these bounds.
 */
export const SERVE_TIMEOUTS = { headersTimeout: 10_000, requestTimeout: 15_000, keepAliveTimeout: 5_000, connectionsCheckingInterval: 1_000 } as const;

const WILDCARD = new Set(['0.0.0.0', '::', '[::]']);

/** The Host names the worklist answers to: this machine's loopback names and the interface it listens on (every one, on a wildcard), on its port; plus those the operator adds. */
export function servedHosts(host: string, port: number, extra: readonly string[] = []): string[] {
  const bracket = (name: string) => (name.includes(':') && !name.startsWith('[') ? `[${name}]` : name);
  const names = ['localhost', '.localhost', '127.0.0.1', '[::1]'];
  if (WILDCARD.has(host)) {
    for (const list of Object.values(networkInterfaces())) for (const address of list ?? []) names.push(bracket(address.address.replace(/%.*$/, '')));
  } else names.push(bracket(host));
  return [...names.map((name) => `${name}:${port}`), ...extra];
}

/** Where the person comes from, checked before anything is opened. */
type Identity = { kind: 'header'; header: string } | { kind: 'local'; user: WorklistPerson };

function identityOf(options: ServeOptions, loopback: boolean): Identity {
  const header = options.trustHeader?.trim();
  const user = options.localUser?.trim();
  if (header && user) throw new UsageError('Give --trust-header or --local-user, not both: the person must come from one place.');
  if (header) {
    if (!/^[A-Za-z0-9-]{1,100}$/.test(header)) throw new UsageError('--trust-header must be a header name, such as X-Forwarded-User.');
    return { kind: 'header', header: header.toLowerCase() };
  }
  if (user) {
    if (!loopback) {
      throw new UsageError(
        '--local-user works on loopback only (--host 127.0.0.1, the default): on another interface anyone who reaches the port would act as that person. ' +
          'Behind an authenticating reverse proxy, use --trust-header X-Forwarded-User.',
      );
    }
    if (user.length > 200 || /\p{Cc}/u.test(user)) throw new UsageError('--local-user must be a name of 1 to 200 characters.');
    return { kind: 'local', user: { id: user } };
  }
  throw new UsageError(
    'cdms track serve needs to know who is acting, to name them in the audit: ' +
      'pass --trust-header X-Forwarded-User when an authenticating reverse proxy sets that header, ' +
      'or --local-user NAME to act as one person on this machine (loopback only). The worklist has no anonymous mode.',
  );
}

/** The app's sign-in, for the command: the proxy's header (one value, no control characters) or the local user. */
function authorizeBy(identity: Identity): (request: WorklistRequest) => WorklistPerson | null {
  if (identity.kind === 'local') return () => identity.user;
  return (request) => {
    const raw = request instanceof Request ? request.headers.get(identity.header) : request.headers[identity.header];
    const value = typeof raw === 'string' ? raw.trim() : undefined;
    return value && value.length <= 200 && !/\p{Cc}/u.test(value) ? { id: value } : null;
  };
}

/** The flag that gave each option, for a refusal's sentence. */
const FLAG_OF: Record<string, string> = { basePath: '--base-path', allowedHosts: '--allowed-host', publicOrigin: '--public-origin' };

/** Runs a check of the worklist's options, its refusal said with the command's flag names (exit 2). */
function asUsage<T>(check: () => T): T {
  try {
    return check();
  } catch (error) {
    if (!(error instanceof ConfigurationError)) throw error;
    throw new UsageError(error.message.replace(/^(basePath|allowedHosts|publicOrigin)/, (name) => FLAG_OF[name] ?? name));
  }
}

/** Registers `cdms track serve`. */
export function registerTrackServe(track: Command, ctx: CliContext): void {
  const command = track
    .command('serve')
    .description('serve the worklist over the ledger (127.0.0.1 by default) until Ctrl-C; the person comes from --trust-header or --local-user')
    .option('--host <host>', 'interface to listen on (default 127.0.0.1; another one needs an authenticating proxy in front)')
    .option('--port <port>', 'TCP port (default 8080; 0 for any free one)')
    .option('--trust-header <name>', 'take the person from this request header, set by an authenticating reverse proxy (e.g. X-Forwarded-User)')
    .option('--local-user <name>', 'act as this one person (loopback only)')
    .option('--base-path <path>', "serve under this path (e.g. /worklist; default '')")
    .option('--title <title>', 'the pages\' title')
    .option('--allowed-host <name...>', 'also answer to this host name (the name people use, behind a proxy that passes Host on); anything else is refused')
    .option('--public-origin <origin>', 'the origin people\'s browsers use behind a reverse proxy that rewrites Host (e.g. https://worklist.example.nhs.uk)')
    .action(async (_options: unknown, cmd: Command) => {
      const options = cmd.optsWithGlobals<ServeOptions>();
      const host = options.host?.trim() || '127.0.0.1';
      const loopback = isLoopback(host);
      const identity = identityOf(options, loopback);
      const port = wholeNumber(options.port, '--port', 65_535) ?? 8080;
      // Checked before the ledger is opened: a path with '.' or '..' would be resolved elsewhere by a browser or proxy.
      asUsage(() => checkedBasePath(options.basePath));
      asUsage(() => checkedOrigin(options.publicOrigin));
      if (identity.kind === 'header' && !loopback) {
        ctx.out.diagnostic(
          `Warning: listening on ${host}, and trusting the ${options.trustHeader} header for who is acting. Anyone who can reach this port ` +
            'directly can claim to be anyone: let only the authenticating proxy reach it (a firewall, or bind to the interface only the proxy uses).',
        );
      }
      await withReadOnlyTracker(ctx, options, async (tracker) => {
        // Made once the port is known (--port 0): the names it answers to carry it.
        let handle: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.writeHead(503).end();
        const server = createServer({ ...SERVE_TIMEOUTS }, (req, res) => handle(req, res));
        await new Promise<void>((resolve, reject) => {
          server.once('error', (error) => {
            const code = errorCode(error);
            reject(code === 'EADDRINUSE' || code === 'EACCES' ? new UsageError(`Cannot listen on ${host}:${port} (${code}); choose another --port.`) : error);
          });
          server.listen(port, host, resolve);
        });
        const listening = (server.address() as AddressInfo).port;
        let worklist: ReturnType<typeof createWorklist>;
        try {
          worklist = asUsage(() => createWorklist({
            tracker,
            authorize: authorizeBy(identity),
            basePath: options.basePath,
            title: options.title,
            allowedHosts: servedHosts(host.toLowerCase(), listening, options.allowedHost ?? []),
            publicOrigin: options.publicOrigin,
          }));
        } catch (error) {
          server.close();
          throw error;
        }
        handle = worklist.handle;
        const address = server.address() as AddressInfo;
        const url = `${listenUrl(address)}${options.basePath?.replace(/\/+$/, '') ?? ''}/`;
        const who = identity.kind === 'header' ? `people from the ${options.trustHeader} header` : `acting as ${identity.user.id}`;
        ctx.out.result({ url, identity: identity.kind === 'header' ? { header: options.trustHeader } : { localUser: identity.user.id } }, [
          `Worklist at ${url} (${who})`,
          'Press Ctrl-C to stop.',
        ]);
        await untilStopped(ctx.signal);
        await worklist.close();
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        ctx.out.diagnostic('Worklist stopped.');
      });
    });
  withExamples(command, [
    'cdms track serve --local-user j.smith',
    'cdms track serve --database postgres://worklist@db.internal/cdms --host 10.0.0.5 --trust-header X-Forwarded-User --base-path /worklist',
    'cdms track serve --trust-header X-Forwarded-User --public-origin https://worklist.example.nhs.uk --base-path /worklist',
  ]);
}
