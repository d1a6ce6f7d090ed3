import type { IncomingHttpHeaders } from 'node:http';

/** The first value of a request header (Node lower-cases the names). */
export function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
