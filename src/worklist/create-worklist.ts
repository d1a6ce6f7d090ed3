// createWorklist: the options checked, one handler over the Fetch API, and
// the two ways a server hands it requests (node:http's listener, the Fetch
// API's function), and the clean stop.
import { createHandler } from './handler.js';
import { LiveFeed } from './live.js';
import { toRequest, writeResponse } from './node-adapter.js';
import { resolveWorklistOptions, type WorklistNodeRequest, type WorklistNodeResponse, type WorklistOptions } from './options.js';

/**
 * The worklist: pages where the people who act on failed documents see
 * what needs them and act (acknowledge with a note, assign, send again,
 * poll now), and the audit of what they did. Mount it in the app's own
 * server, behind its own sign-in.
 */
export interface Worklist {
  /**
   * A node:http request listener: give it to `http.createServer`, Express
   * (`app.use('/worklist', worklist.handle)`), Koa (`ctx.respond = false`)
   * or Fastify's raw request and reply. It never throws; failures answer 500.
   */
  readonly handle: (req: WorklistNodeRequest, res: WorklistNodeResponse) => void;
  /** A Fetch API handler, for Hono, Next.js route handlers, Bun and Deno. */
  readonly fetch: (request: Request) => Promise<Response>;
  /** Ends the pages' live streams; requests after it are answered 503. The tracker is left open (it is the app's). */
  close(): Promise<void>;
}

/**
 * Makes a worklist over a tracker. `authorize` is the app's sign-in: it is
 * asked on every request, before anything is read, and the person it returns
 * is the one the audit names.
 *
 * @example
 * ```ts
 * import { createServer } from 'node:http';
 * import { createWorklist } from 'cdms-sdk/worklist';
 *
 * const worklist = createWorklist({
 *   tracker,
 *   basePath: '/worklist',
 *   // The app's own sign-in: its session's user, or null (a 401 page with nothing on it).
 *   authorize: async (req) => {
 *     const user = await sessions.userOf(req);
 *     return user ? { id: user.staffId, name: user.displayName } : null;
 *   },
 * });
 * createServer(worklist.handle).listen(8080);
 * ```
 *
 * @throws ConfigurationError when `tracker` or `authorize` is missing, or an option is invalid.
 */
export function createWorklist(options: WorklistOptions): Worklist {
  const config = resolveWorklistOptions(options);
  const live = new LiveFeed(config);
  const respond = createHandler(config, live);
  let closed = false;
  const unavailable = () => new Response('The worklist is closed.', { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  const fetchHandler = (request: Request): Promise<Response> => (closed ? Promise.resolve(unavailable()) : respond(request, request));
  const handle = (req: WorklistNodeRequest, res: WorklistNodeResponse): void => {
    void (async () => {
      try {
        const response = closed ? unavailable() : await respond(toRequest(req), req);
        await writeResponse(response, req, res);
      } catch (error) {
        config.logger.error({ event: 'worklist.error', where: 'node adapter', error: error instanceof Error ? error.name : typeof error }, 'cdms worklist: a request failed');
        if (!res.headersSent) res.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' });
        res.end();
      }
    })();
  };
  return {
    handle,
    fetch: fetchHandler,
    close() {
      closed = true;
      live.close();
      return Promise.resolve();
    },
  };
}
