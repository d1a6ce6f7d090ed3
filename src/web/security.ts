// What keeps the SDK's web pages (the sandbox console, the worklist) safe in
// a browser: a strict Content-Security-Policy (only the page's own files run,
// nothing is fetched from elsewhere, no other site may frame it), the headers
// that go with it, htmx configured without eval or script in swapped content,
// and the test that tells a cross-site state change from the page's own.

/** A Content-Security-Policy that lets only the site's own files run, load or frame (`frameSrc` adds frames of its own origin). */
export function pageCsp(options: { frameSelf?: boolean } = {}): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self'",
    ...(options.frameSelf ? ["frame-src 'self'"] : []),
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/** The headers of every page: the CSP, no framing (clickjacking a button), no sniffing, no referrer. */
export function pageHeaders(csp: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': csp,
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
  };
}

/** htmx without eval, inline styles or script tags in swapped content (the CSP forbids them anyway). */
export const HTMX_SETTINGS = Object.freeze({
  includeIndicatorStyles: false,
  allowEval: false,
  allowScriptTags: false,
  selfRequestsOnly: true,
  historyCacheSize: 0,
  refreshOnHistoryMiss: true,
});

/** {@link HTMX_SETTINGS} for a `htmx-config` meta tag. */
export const HTMX_CONFIG = JSON.stringify(HTMX_SETTINGS);

/**
 * Why a state-changing request is cross-site, or undefined when it comes
 * from the page itself or from a tool: browsers mark their requests with
 * Sec-Fetch-Site and Origin; tools such as curl send neither. `ownOrigin`
 * says whether an Origin is this site's.
 */
export function crossSiteReason(header: (name: string) => string | undefined, ownOrigin: (origin: string) => boolean): string | undefined {
  const site = header('sec-fetch-site');
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return `Sec-Fetch-Site is '${site}'`;
  const origin = header('origin');
  if (origin !== undefined && !ownOrigin(origin)) return 'its Origin is another site';
  return undefined;
}
