// The frame every SDK web page shares (the sandbox console's and the
// worklist's): the head with its own stylesheet and deferred scripts and
// nothing from elsewhere, the skip link, the header with the brand and the
// navigation, and the main region. Each page names only what differs.
import { html, type Html } from './html.js';

/** What a page's frame is made of. */
export interface PageFrame {
  /** The whole `<title>`. */
  readonly title: string;
  /** htmx's settings, as the page's `htmx-config` meta element gives them. */
  readonly htmxConfig: string;
  /** The favicon's address; none when left out. */
  readonly icon?: string | undefined;
  /** The stylesheet's address. */
  readonly stylesheet: string;
  /** Scripts, loaded deferred in this order. */
  readonly scripts: readonly string[];
  /** Attributes of `<body>` (the live-update wiring), in this order. */
  readonly bodyAttributes: Readonly<Record<string, string>>;
  /** The class of the page's header. */
  readonly headerClass: string;
  /** The brand link at the start of the header. */
  readonly brand: { readonly href: string; readonly text: string };
  /** What the header shows after the brand: the navigation. */
  readonly navigation: Html;
}

/** A whole page: the frame around `content`. */
export function page(frame: PageFrame, content: Html): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${frame.title}</title>
<meta name="htmx-config" content="${frame.htmxConfig}">
${frame.icon === undefined ? '' : html`<link rel="icon" href="${frame.icon}" type="image/svg+xml">\n`}<link rel="stylesheet" href="${frame.stylesheet}">
${frame.scripts.map((src) => html`<script src="${src}" defer></script>\n`)}</head>
<body${Object.entries(frame.bodyAttributes).map(([name, value]) => html` ${name}="${value}"`)}>
<a class="skip-link" href="#main">Skip to the content</a>
<header class="${frame.headerClass}"><a class="brand" href="${frame.brand.href}">${frame.brand.text}</a>${frame.navigation}</header>
<main id="main">
${content}
</main>
</body>
</html>
`;
}
