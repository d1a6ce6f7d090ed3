// A loopback TCP proxy that can turn into a blackhole: while on, it accepts
// connections and holds every byte in both directions, neither refusing,
// answering nor closing (a network that went silent, a firewall that drops,
// a server frozen mid-answer). Nothing fails fast through it: only the
// client's own timeouts end a call. When lifted, what it held is delivered in
// order (as TCP delivers a healed network's retransmissions), ends included,
// so a statement the client gave up on may still run on the server then.
//
//   const proxy = await startBlackholeProxy(pg.port);
//   const url = pg.url.replace(`:${pg.port}/`, `:${proxy.port}/`);
//   proxy.blackhole(true);  ...  proxy.blackhole(false);
//   await proxy.close();
import { connect, createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';

/** A running proxy. */
export interface BlackholeProxy {
  /** The port it listens on (127.0.0.1). */
  readonly port: number;
  /** Turns the blackhole on (hold everything) or off (deliver what was held, then pass through). */
  blackhole(on: boolean): void;
  /** Connections it has taken since it started. */
  readonly connections: number;
  /** Stops listening and destroys every connection. */
  close(): Promise<void>;
}

/** One direction of a connection: bytes and the end, held while the blackhole is on. */
class Pipe {
  readonly #held: (Buffer | 'end')[] = [];
  #ended = false;

  constructor(
    from: Socket,
    private readonly to: () => Socket | undefined,
    private readonly holding: () => boolean,
  ) {
    from.on('data', (chunk: Buffer) => this.#push(chunk));
    from.on('end', () => this.end());
  }

  /** The source ended (or closed): the other side is ended after what is held. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#push('end');
  }

  #push(item: Buffer | 'end'): void {
    this.#held.push(item);
    this.flush();
  }

  /** Delivers what is held, unless the blackhole is on or the other side is not connected yet. */
  flush(): void {
    const to = this.to();
    if (this.holding() || !to || to.destroyed || to.connecting) return;
    for (let item = this.#held.shift(); item !== undefined; item = this.#held.shift()) {
      if (item === 'end') to.end();
      else to.write(item);
    }
  }
}

/** Starts a proxy on 127.0.0.1 (a free port) in front of `127.0.0.1:targetPort`. */
export async function startBlackholeProxy(targetPort: number): Promise<BlackholeProxy> {
  let holding = false;
  let connections = 0;
  const sockets = new Set<Socket>();
  const pipes = new Set<Pipe>();
  const openUpstream: (() => void)[] = [];

  const server = createServer((client) => {
    connections++;
    sockets.add(client);
    client.on('error', () => undefined);
    let upstream: Socket | undefined;
    const clientToServer = new Pipe(client, () => upstream, () => holding);
    pipes.add(clientToServer);
    // However the client went (FIN or reset), the server sees the end after what was held.
    client.on('close', () => {
      sockets.delete(client);
      clientToServer.end();
    });
    const connectUpstream = (): void => {
      const socket = connect(targetPort, '127.0.0.1');
      upstream = socket;
      sockets.add(socket);
      const serverToClient = new Pipe(socket, () => client, () => holding);
      pipes.add(serverToClient);
      socket.on('error', () => undefined);
      socket.on('close', () => {
        sockets.delete(socket);
        serverToClient.end();
      });
      socket.on('connect', () => clientToServer.flush());
    };
    // A connection made while the blackhole is on reaches the server only when it is lifted.
    if (holding) openUpstream.push(connectUpstream);
    else connectUpstream();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    get connections() {
      return connections;
    },
    blackhole(on) {
      holding = on;
      if (on) return;
      for (const open of openUpstream.splice(0)) open();
      for (const pipe of pipes) pipe.flush();
    },
    async close() {
      holding = false;
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
