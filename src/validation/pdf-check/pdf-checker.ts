// One client's reading of PDFs for the wrong-patient check: a cheap look at
// the file's end first (pdf-trailer.ts), then the verdict cache, then the
// worker pool, each read within a time budget. A PDF that cannot be read, or
// whose budget runs out, says nothing, and is not refused. Where a runtime
// cannot run the pool (no worker_threads, or the worker script is missing
// from a bundle), PDFs are read on the calling thread: the same verdicts,
// at the cost the pool exists to avoid (the thread held while PDF.js reads).
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { onAbort } from '../../core/abort-listeners.js';
import { hasPdfTrailer } from './pdf-trailer.js';
import { defaultPoolSize, sharedPool, WorkerStartError, type PdfPool, type PoolOutcome } from './pdf-pool.js';
import { loadUnpdf } from '../pdf-text.js';
import { readPdfVerdict, type PdfVerdict } from './pdf-verdict.js';
import { DEFAULT_CACHE_ENTRIES, VerdictCache, verdictKey } from './verdict-cache.js';

/** The time budget of one PDF when the client does not say, in milliseconds. */
export const DEFAULT_PDF_TIMEOUT_MS = 10_000;

/** How the wrong-patient check reads PDFs: a client option (`wrongPatientCheck`). */
export interface WrongPatientCheckOptions {
  /**
   * Time budget of one PDF, in milliseconds, from the moment a worker starts
   * reading it. A PDF not read within it is treated as one the check cannot
   * read (damaged or password-protected): it says nothing, and is not
   * refused.
   * @defaultValue 10_000
   */
  pdfTimeoutMs?: number | undefined;
  /**
   * Worker threads that read PDFs, shared by every client with the same
   * number. Started on first use, at most this many at a time.
   * @defaultValue `os.availableParallelism()` (at least 1)
   */
  workers?: number | undefined;
  /**
   * Verdicts kept by the SHA-256 of the PDF's bytes, so that a resend of the
   * same attachment is not read again. 0 keeps none.
   * @defaultValue 1000
   */
  cacheEntries?: number | undefined;
}

/** Reads PDFs' verdicts for one client (or for `checkWrongPatient` alone). */
export class PdfChecker {
  readonly #timeoutMs: number;
  readonly #workers: number;
  readonly #cache: VerdictCache;
  /** Undefined until the first PDF; null once workers proved unavailable here. */
  #pool: PdfPool | null | undefined;
  #reads = 0;

  constructor(options: WrongPatientCheckOptions = {}) {
    this.#timeoutMs = positive('pdfTimeoutMs', options.pdfTimeoutMs, DEFAULT_PDF_TIMEOUT_MS);
    this.#workers = positive('workers', options.workers, defaultPoolSize());
    const entries = options.cacheEntries ?? DEFAULT_CACHE_ENTRIES;
    if (!Number.isInteger(entries) || entries < 0) throw new ConfigurationError('wrongPatientCheck.cacheEntries must be a whole number, 0 or more.');
    this.#cache = new VerdictCache(entries);
  }

  /** PDFs handed to PDF.js (a worker or this thread) so far: what the cache and the trailer look save. */
  get reads(): number {
    return this.#reads;
  }

  /** What `bytes` (given up) name, for `subject`. ConfigurationError when unpdf is not installed. */
  async verdict(bytes: Uint8Array, subject: string, signal?: AbortSignal): Promise<PdfVerdict> {
    // unpdf is needed for any PDF, even one not worth reading: a missing package is said on the first PDF, not on the first good one.
    await abortable(this.#readerReady(), signal);
    if (!hasPdfTrailer(bytes)) return 'names-nobody';
    const key = await verdictKey(bytes, subject);
    signal?.throwIfAborted();
    const known = this.#cache.get(key);
    if (known !== undefined) return known;
    this.#reads++;
    const outcome = await abortable(this.#read(bytes, subject), signal);
    if (outcome === 'timed-out') return 'names-nobody'; // not cached: a quieter machine may read it in time
    this.#cache.set(key, outcome);
    return outcome;
  }

  /** A worker ready, or unpdf loaded on this thread where workers cannot run. */
  async #readerReady(): Promise<void> {
    this.#pool ??= sharedPool(this.#workers);
    if (this.#pool) {
      try {
        return await this.#pool.ready();
      } catch (error) {
        if (!(error instanceof WorkerStartError)) throw error;
        this.#pool = null;
      }
    }
    await loadUnpdf();
  }

  async #read(bytes: Uint8Array, subject: string): Promise<PoolOutcome> {
    if (this.#pool) {
      try {
        return await this.#pool.read(bytes, subject, this.#timeoutMs);
      } catch (error) {
        if (!(error instanceof WorkerStartError)) throw error;
        this.#pool = null; // the bytes were not transferred: the worker never started
        await loadUnpdf();
      }
    }
    return readOnThisThread(bytes, subject, this.#timeoutMs);
  }
}

/** The fallback: PDF.js on this thread, its budget checked between pages (a page being parsed cannot be stopped). */
async function readOnThisThread(bytes: Uint8Array, subject: string, timeoutMs: number): Promise<PoolOutcome> {
  const budget = AbortSignal.timeout(timeoutMs);
  try {
    return await readPdfVerdict(bytes, subject, budget);
  } catch (error) {
    if (budget.aborted && error === budget.reason) return 'timed-out';
    throw error;
  }
}

/** The read, or the caller's abort, whichever comes first (the read then finishes alone, and is not cached). */
function abortable<T>(read: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return read;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    // An AbortSignal's reason, as throwIfAborted() throws it; not an event listener each (abort-listeners.ts).
    const stopListening = onAbort(signal, () => reject(signal.reason as Error));
    read.then(resolve, reject).finally(stopListening);
  });
}

function positive(name: string, value: number | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > 2_147_483_647) {
    throw new ConfigurationError(`wrongPatientCheck.${name} must be a whole number from 1 to 2147483647.`);
  }
  return value;
}
