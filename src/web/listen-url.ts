// The address a local server was given, as a URL a person can open: a
// wildcard address (every interface) is shown as loopback, which it
// includes. The sandbox and `cdms track serve` print it.
import type { AddressInfo } from 'node:net';

/** `http://host:port` of a listening server, a wildcard address shown as loopback. Internal. */
export function listenUrl(address: AddressInfo): string {
  const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const shown = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
  return `http://${shown}:${address.port}`;
}
