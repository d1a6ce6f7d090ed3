// Reading an address someone typed (the client's base URL, the CLI's
// sandbox URL): one parse, so both accept and refuse the same strings; each
// caller says in its own words what it wanted, and adds its own rules.

/** `value` as an absolute URL, or undefined when it is not one. */
export function absoluteUrl(value: string): URL | undefined {
  try {
    return new URL(value);
  } catch {
    return undefined;
  }
}

/** Whether the URL is http or https, the only schemes the SDK talks to. */
export function isHttpUrl(url: URL): boolean {
  return url.protocol === 'http:' || url.protocol === 'https:';
}
