// A loopback port nothing listens on, for a request that must be refused at
// once (a service that is away): one the system hands out, then let go.
import { createServer, type AddressInfo } from 'node:net';

/** A loopback port nothing listens on (taken, then let go). */
export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
