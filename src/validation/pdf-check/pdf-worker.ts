// The worker thread of the PDF pool (pdf-pool.ts): loads unpdf, says it is
// ready (or that unpdf is not installed, in the ConfigurationError's own
// words), then reads one PDF at a time and answers with its verdict only,
// never text or numbers. A PDF.js failure is a PDF the check cannot read.
import { parentPort } from 'node:worker_threads';
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import { loadUnpdf } from '../pdf-text.js';
import { readPdfVerdict } from './pdf-verdict.js';
import type { WorkerReply, WorkerTask } from './worker-protocol.js';

const port = parentPort;
if (!port) throw new Error('pdf-worker runs as a worker thread of the wrong-patient check');
const reply = (message: WorkerReply): void => port.postMessage(message);

port.on('message', (task: WorkerTask) => {
  void answer(task).then(reply);
});

async function answer({ id, bytes, subject }: WorkerTask): Promise<WorkerReply> {
  try {
    return { id, verdict: await readPdfVerdict(bytes, subject) };
  } catch {
    return { id, verdict: 'names-nobody' };
  }
}

// No top-level await: the CommonJS build of this file has none.
loadUnpdf().then(
  () => reply({ ready: true }),
  (error: unknown) => {
    if (!(error instanceof ConfigurationError)) throw error; // the worker ends; the pool sees it end before it was ready
    reply({ ready: true, configurationError: error.message });
  },
);
