// Whether a host name only ever means this machine: the names RFC 6761 keeps
// for it (localhost and its subdomains), 127.0.0.0/8 and ::1. One rule for
// every place that allows plain http or a weaker setting on loopback only.

/** True for a loopback host name or address (IPv6 with or without brackets). Internal. */
export function isLoopback(hostname: string): boolean {
  const host = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host);
}
