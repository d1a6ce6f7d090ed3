// The holder's proof of life on its own kernel: a Unix socket it listens on,
// in the locked directory. The kernel closes it the instant the process dies
// (SIGKILL included), and a connection to it is refused from then on, while
// a live holder's kernel accepts even when its event loop is busy. It works
// across PID namespaces and containers sharing the volume, whatever their
// host names, with no clock and no wait. See decision D-TRACKER-23.
import { open } from 'node:fs/promises';
import { createConnection, createServer, type Server } from 'node:net';
import { join } from 'node:path';
import type { Liveness } from './identity.js';

/** Longer socket paths do not fit `sun_path` on every platform (104 bytes on macOS, 108 on Linux). */
const MAX_SOCKET_PATH = 100;

/**
 * Runs `use` with a path to `name` in `directory` short enough to bind or
 * connect to: the path itself, or on Linux the same file reached through an
 * open descriptor of the directory (`/proc/self/fd/N/name`).
 */
async function withSocketPath<T>(directory: string, name: string, use: (path: string) => Promise<T>): Promise<T> {
  const direct = join(directory, name);
  if (Buffer.byteLength(direct) <= MAX_SOCKET_PATH || process.platform !== 'linux') return use(direct);
  const handle = await open(directory, 'r');
  try {
    return await use(`/proc/self/fd/${handle.fd}/${name}`);
  } finally {
    await handle.close();
  }
}

/**
 * Listens on `name` in `directory`; undefined where the file system or the
 * platform cannot hold a socket (Windows, some network and FUSE file
 * systems): the holder then offers no socket and is checked otherwise.
 */
export async function listenForProbes(directory: string, name: string): Promise<Server | undefined> {
  if (process.platform === 'win32') return undefined;
  const server = createServer((connection) => connection.destroy());
  try {
    await withSocketPath(directory, name, (path) => new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(path, () => {
        server.off('error', reject);
        resolve();
      });
    }));
  } catch {
    server.close();
    return undefined;
  }
  // A later error (too many open files while accepting) must not end the app; the kernel still accepts.
  server.on('error', () => undefined);
  server.unref();
  return server;
}

/**
 * Connects to a holder's socket. Refused means no process listens on it any
 * more: the holder is dead (meaningful only on the holder's own kernel,
 * which the caller checks). Accepted, or busy, means alive.
 */
export function probeSocket(directory: string, name: string): Promise<Liveness> {
  return withSocketPath(directory, name, (path) => new Promise<Liveness>((resolve) => {
    const socket = createConnection(path);
    const done = (result: Liveness) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(result);
    };
    const timer = setTimeout(() => done('unknown'), 2_000);
    socket.once('connect', () => done('alive'));
    socket.once('error', (error: NodeJS.ErrnoException) => {
      // ECONNREFUSED: the socket file is there, nobody listens. ENOENT: no socket file (removed by hand?): cannot tell.
      done(error.code === 'ECONNREFUSED' ? 'dead' : error.code === 'ENOENT' ? 'unknown' : 'alive');
    });
  })).catch(() => 'unknown' as const);
}

/** Stops listening. */
export function closeServer(server: Server | undefined): Promise<void> {
  return new Promise((resolve) => (server ? server.close(() => resolve()) : resolve()));
}
