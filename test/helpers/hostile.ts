// Sender-supplied values that would run as script if a page ever inserted
// them as markup. Each sets `window.__pwned` (or its parent's) when it runs;
// the console tests check that none ever does and that each is shown as text.

/** A topic (the sandbox must be started with it in `topics`). */
export const HOSTILE_TOPIC = `<img src=x onerror="window.__pwned='topic'">`;

/** A valid Windows file name that breaks out of a single-quoted attribute if not escaped. */
export const HOSTILE_FILE_NAME = "notes' onmouseover='window.__pwned=1' &lt;b&gt;.txt";

/** Coded data item text. */
export const HOSTILE_CODED_TEXT = `<script>window.__pwned='coded'</script>`;

/** An HTML body: a script, an event handler and a network request, all of which must stay inert. */
export const HOSTILE_HTML_BODY =
  `<p id="inert-body">Body text</p><script>parent.__pwned='body-script'</script>` +
  `<img src="/api/v1/test?beacon" onerror="parent.__pwned='body-img'">`;

/** A GP-route sender reference. */
export const HOSTILE_REFERENCE = `"><svg onload="window.__pwned='gp'">`;
