// Checkpoints of the SQLite ledger's write-ahead log off the main thread,
// while a large content is written. SQLite checkpoints the log by itself
// from the connection that commits (every 1,000 pages by default): the
// commit then copies the log's pages into the database and flushes both
// files, on the main thread, since node:sqlite is synchronous. Writing a
// 67 MB content that meant a stall of tens to hundreds of milliseconds every
// 4 MB. While one is written (SqliteConnection.writingLarge), the main
// connection's automatic checkpoints are off and this worker thread, with a
// connection of its own to the same file, makes them instead (PASSIVE: it
// never blocks the writer, and a page the writer is still adding waits for
// the next one). Started on the first large content only, so a ledger of
// small messages has no extra thread; unref'd, so it never keeps a process
// alive; closed before the main connection, so that the last connection's
// close still checkpoints and removes the log (D-TRACKER-41).
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';

/**
 * The worker, as a script: its own connection, one PASSIVE checkpoint per
 * request, a failure (a busy or full disk) left for the next request or the
 * main connection's own checkpoints. Node 22 and 23's ExperimentalWarning for
 * SQLite is kept quiet here as in load.ts.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const emit = process.emitWarning;
process.emitWarning = (w, ...rest) => (/SQLite/i.test(String((w && w.message) || w)) ? undefined : emit.call(process, w, ...rest));
const { DatabaseSync } = require('node:sqlite');
process.emitWarning = emit;
const db = new DatabaseSync(workerData.file, { timeout: 1000 });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    db.prepare('PRAGMA wal_checkpoint(PASSIVE)').get();
  } catch {}
  parentPort.postMessage('done');
});
`;

/** A worker thread that checkpoints one database file's log on request. Internal. */
export class WalCheckpointer {
  readonly #file: string;
  #worker: Worker | undefined;
  #inFlight = false;
  #again = false;
  #closed = false;
  /** Checkpoints made, for tests. */
  done = 0;

  constructor(databaseFile: string) {
    this.#file = databaseFile;
  }

  /** Asks for a checkpoint: one at a time, and one more after it when asked meanwhile. */
  request(): void {
    if (this.#closed) return;
    if (this.#inFlight) {
      this.#again = true;
      return;
    }
    this.#inFlight = true;
    this.#start().postMessage('checkpoint');
  }

  /** Ends the worker, after its checkpoint under way; resolves once its connection is closed. */
  async close(): Promise<void> {
    this.#closed = true;
    const worker = this.#worker;
    if (!worker) return;
    this.#worker = undefined;
    const exited = once(worker, 'exit');
    // Waited for, so held: an unref'd worker's exit would not keep the process alive until it comes.
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  #start(): Worker {
    if (this.#worker) return this.#worker;
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.#file } });
    worker.unref();
    worker.on('message', () => {
      this.done++;
      this.#inFlight = false;
      if (this.#again && !this.#closed) {
        this.#again = false;
        this.request();
      }
    });
    // A worker that could not start or died: the main connection's own checkpoints go on (writingLarge restores them).
    worker.on('error', () => {
      this.#inFlight = false;
      this.#worker = undefined;
    });
    this.#worker = worker;
    return worker;
  }
}

const checkpointers = new WeakMap<object, WalCheckpointer>();

/** The checkpointer of a database (made on first use), or undefined for one without a file (`memory:`). Internal. */
export function checkpointerOf(db: object, databaseFile: string | undefined): WalCheckpointer | undefined {
  if (databaseFile === undefined) return undefined;
  let checkpointer = checkpointers.get(db);
  if (!checkpointer) {
    checkpointer = new WalCheckpointer(databaseFile);
    checkpointers.set(db, checkpointer);
  }
  return checkpointer;
}

/** Closes a database's checkpointer, if it has one: before the database itself closes. Internal. */
export async function closeCheckpointer(db: object): Promise<void> {
  await checkpointers.get(db)?.close();
  checkpointers.delete(db);
}
