// The one way the `cdms` command writes: results to stdout (text, or one
// JSON document with --json), diagnostics to stderr. Every write passes a
// last-line mask of the secrets in play (API key, access token, widget
// secret), so a slip anywhere in the CLI cannot print them.

/** A stream the CLI writes to: `process.stdout`, or a buffer in tests. */
export interface CliStream {
  /** Writes a chunk of text. */
  write(chunk: string): unknown;
  /** Whether it is a terminal (spinners and rewritten lines only then). */
  readonly isTTY?: boolean | undefined;
  /** Width of the terminal, when it is one. */
  readonly columns?: number | undefined;
}

/** What the CLI needs from its process; injectable, so commands run in-process in tests. */
export interface CliIo {
  /** Results. */
  stdout: CliStream;
  /** Diagnostics: errors (without --json), warnings, progress. */
  stderr: CliStream;
  /** Environment variables (CDMS_BASE_URL, CDMS_API_KEY, CDMS_ACCESS_TOKEN, CDMS_WIDGET_SECRET). */
  env: Readonly<Record<string, string | undefined>>;
}

/** What replaces a secret in anything the CLI writes. */
export const MASK = '[redacted]';

/** Shorter values are not masked: masking "a" would shred the text. */
const MIN_SECRET_LENGTH = 8;

/** Options of {@link Output}. */
export interface OutputOptions {
  /** Machine output: one JSON document on stdout. */
  json: boolean;
  /** Values never to print. */
  secrets?: Iterable<string | undefined> | undefined;
}

/**
 * Writes results and diagnostics for one run of the CLI, masking every
 * registered secret.
 */
export class Output {
  /** Whether `--json` is in force. */
  readonly json: boolean;
  readonly #io: CliIo;
  readonly #secrets = new Set<string>();

  /**
   * @param io - The streams to write to.
   * @param options - JSON mode and the secrets known at start.
   */
  constructor(io: CliIo, options: OutputOptions) {
    this.#io = io;
    this.json = options.json;
    for (const secret of options.secrets ?? []) this.addSecret(secret);
  }

  /** Whether stderr is a terminal and not in JSON mode (spinners, rewritten lines). */
  get interactive(): boolean {
    return !this.json && this.#io.stderr.isTTY === true;
  }

  /** Registers a value that must never be printed. */
  addSecret(secret: string | undefined): void {
    const value = secret?.trim();
    if (value && value.length >= MIN_SECRET_LENGTH) this.#secrets.add(value);
  }

  /**
   * Lets a value registered at start be printed after all: only for a value
   * that proved to be no credential (`cdms sandbox --api-key` names the
   * local sandbox's own throwaway key, which the command exists to print).
   */
  allow(value: string | undefined): void {
    const v = value?.trim();
    if (v) this.#secrets.delete(v);
  }

  /** Replaces every registered secret in `text` with {@link MASK}. */
  mask(text: string): string {
    let out = text;
    // Longest first, so a secret holding another is masked whole.
    for (const secret of [...this.#secrets].sort((a, b) => b.length - a.length)) out = out.split(secret).join(MASK);
    return out;
  }

  /**
   * Writes the result of a command: `value` as one line of JSON with
   * --json, else the human lines.
   */
  result(value: unknown, human: string | readonly string[]): void {
    if (this.json) this.#write(this.#io.stdout, `${JSON.stringify(value)}\n`);
    else this.#write(this.#io.stdout, lines(human));
  }

  /** Writes human text to stdout (nothing in JSON mode). */
  text(human: string | readonly string[]): void {
    if (!this.json) this.#write(this.#io.stdout, lines(human));
  }

  /** Writes a JSON document to stdout, whatever the mode (errors with --json). */
  jsonDocument(value: unknown): void {
    this.#write(this.#io.stdout, `${JSON.stringify(value)}\n`);
  }

  /** Writes diagnostic lines to stderr (both modes: stderr never carries JSON). */
  diagnostic(human: string | readonly string[]): void {
    this.#write(this.#io.stderr, lines(human));
  }

  /** A warning line on stderr. */
  warn(text: string): void {
    this.diagnostic(`warning: ${text}`);
  }

  /** Writes text as it is (commander's help and messages) to stdout, masked. */
  rawOut(text: string): void {
    this.#write(this.#io.stdout, text);
  }

  /** Writes text as it is (commander's help and messages) to stderr, masked. */
  rawErr(text: string): void {
    this.#write(this.#io.stderr, text);
  }

  /** Rewrites the current stderr line (terminal only): a spinner or a progress line. */
  rewriteLine(text: string): void {
    // A line wider than the terminal wraps, and `\r` would then rewrite only its last part.
    const width = this.#io.stderr.columns;
    const shown = width !== undefined && width > 1 && text.length >= width ? `${text.slice(0, width - 2)}…` : text;
    this.#write(this.#io.stderr, `\r\x1b[2K${shown}`);
  }

  /** Clears the current stderr line (terminal only). */
  clearLine(): void {
    this.#io.stderr.write('\r\x1b[2K');
  }

  #write(stream: CliStream, text: string): void {
    stream.write(this.mask(text));
  }
}

function lines(human: string | readonly string[]): string {
  const all = typeof human === 'string' ? [human] : human;
  return all.map((l) => `${l}\n`).join('');
}
