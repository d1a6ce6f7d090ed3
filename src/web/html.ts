// Server-rendered HTML that is safe by default: every interpolated value is
// escaped unless it is already `Html` built by this module. Sender-supplied
// text (file names, bodies, topics, coded text, staff notes) therefore can
// never become markup or script, whatever it holds. Shared by the SDK's web
// pages: the sandbox console and the worklist.

/** A piece of markup built by {@link html}: inserted as it is. */
export class Html {
  /** @param text - Markup already escaped. */
  constructor(readonly text: string) {}

  /** The markup. */
  toString(): string {
    return this.text;
  }
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for an element's content or a quoted attribute value. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/** A value that may be interpolated: text (escaped), markup, or a list of either. Nothing prints as empty. */
export type HtmlValue = Html | string | number | boolean | null | undefined | readonly HtmlValue[];

function render(value: HtmlValue): string {
  if (value === null || value === undefined || value === false) return '';
  if (value instanceof Html) return value.text;
  if (Array.isArray(value)) return (value as readonly HtmlValue[]).map(render).join('');
  return escapeHtml(String(value));
}

/**
 * The template tag of every page: `html\`<td>${fileName}</td>\`` escapes
 * `fileName`. Attribute values must be quoted in the template.
 */
export function html(strings: TemplateStringsArray, ...values: HtmlValue[]): Html {
  let out = strings[0] ?? '';
  values.forEach((value, i) => {
    out += render(value) + (strings[i + 1] ?? '');
  });
  return new Html(out);
}
