import { once, setMaxListeners } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { CONTROL_ROOT } from '../control/paths.js';
import { problem } from '../http/problems.js';
import { writeResponse } from '../http/response.js';
import { handleApi, type ApiContext } from './api.js';
import { handleControl, type ControlContext } from './control.js';
import { listenUrl } from '../../web/listen-url.js';

/** The listening server. Internal. */
export interface RunningServer {
  /** `http://host:port`, without a trailing slash. */
  url: string;
  /** The port actually bound. */
  port: number;
  /** Stops listening, drops every connection and ends injected delays. */
  close(): Promise<void>;
}

/** Base of relative request targets; never contacted. */
const BASE = 'http://sandbox.invalid';

/** Whether the path is the control API's. */
const isControlPath = (pathname: string): boolean => pathname === CONTROL_ROOT || pathname.startsWith(`${CONTROL_ROOT}/`);

function onRequest(api: ApiContext, control: ControlContext, req: IncomingMessage, res: ServerResponse): void {
  // No endpoint of the API takes query parameters (spec: Endpoints): there the query string is ignored.
  // A request target that is no URL at all (`GET http://[`) is answered, never thrown out of the listener.
  const url = URL.canParse(req.url ?? '/', BASE) ? new URL(req.url ?? '/', BASE) : undefined;
  if (!url) return writeResponse(res, problem(400, { detail: 'The request target is not a valid URL.' }));
  const handled = isControlPath(url.pathname)
    ? handleControl(control, req, res, url)
    : handleApi(api, req, res, url.pathname).finally(control.changed);
  handled.catch(() => {
    // Closing ends pending delays with an AbortError: the client simply loses its connection.
    if (api.closing.aborted || res.headersSent) return void res.destroy();
    writeResponse(res, problem(500, { detail: 'The sandbox failed while handling this request.' }));
  });
}

async function stop(server: Server, abort: AbortController): Promise<void> {
  abort.abort();
  const closed = once(server, 'close');
  server.close();
  server.closeAllConnections();
  await closed;
}

/** Starts the HTTP server on `host:port` (0: any free port). */
export async function listen(host: string, port: number, api: Omit<ApiContext, 'closing'>, control: ControlContext): Promise<RunningServer> {
  const abort = new AbortController();
  // Every injected delay listens to it (one listener per delayed request): no limit is meaningful.
  setMaxListeners(0, abort.signal);
  const context: ApiContext = { ...api, closing: abort.signal };
  const server = createServer((req, res) => onRequest(context, control, req, res));
  server.listen(port, host);
  // once() rejects if 'error' (EADDRINUSE, EACCES) comes first.
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  let closing: Promise<void> | undefined;
  return {
    url: listenUrl(address),
    port: address.port,
    close: () => (closing ??= stop(server, abort)),
  };
}
