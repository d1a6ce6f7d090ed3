// The messages between the PDF pool and its worker threads.
import type { PdfVerdict } from './pdf-verdict.js';

/** One PDF to read; `bytes`' buffer is transferred, not copied. */
export interface WorkerTask {
  id: number;
  bytes: Uint8Array;
  subject: string;
}

/**
 * `ready` once the worker's code and unpdf have loaded, or with the set-up
 * problem (unpdf not installed) in its own words; then per task its verdict.
 */
export type WorkerReply = { ready: true; configurationError?: string } | { id: number; verdict: PdfVerdict };
