// A small pool of worker threads that read PDFs for the wrong-patient check,
// so that the main thread never parses one: PDF.js holds the thread it runs
// on for 0.1-0.25 s a megabyte. Started on first use, one process-wide pool
// per size (clients with the same size share it). A worker is referenced
// only while it reads, so a script that used the client still exits by
// itself. Each PDF's bytes are transferred to the worker, not copied. A read
// that outlasts its time budget ends its worker (the only way to stop PDF.js
// mid-parse) and a fresh one takes its place when next needed.
import type * as Os from 'node:os';
import type * as WorkerThreads from 'node:worker_threads';
import { ConfigurationError } from '../../core/errors/cdms-error.js';
import type { PdfVerdict } from './pdf-verdict.js';
import { builtin, pdfWorkerEntry, type WorkerEntry } from './worker-entry.js';
import type { WorkerReply, WorkerTask } from './worker-protocol.js';

/** A read's outcome: the verdict, or the budget ran out first. */
export type PoolOutcome = PdfVerdict | 'timed-out';

/** A worker ended before its code loaded: this runtime or this install cannot run the pool (the checker then reads on the calling thread). */
export class WorkerStartError extends Error {
  constructor() {
    super('the PDF reading worker could not start');
    this.name = 'WorkerStartError';
  }
}

interface Job {
  bytes: Uint8Array;
  subject: string;
  timeoutMs: number;
  resolve(outcome: PoolOutcome): void;
  reject(error: unknown): void;
}

interface Thread {
  worker: WorkerThreads.Worker;
  /** Its code and unpdf have loaded: it takes jobs. */
  ready: boolean;
  job?: { id: number; job: Job; timer: ReturnType<typeof setTimeout> } | undefined;
}

interface Waiter {
  resolve(): void;
  reject(error: unknown): void;
}

/** Workers when the client does not say: one per core the process may use. */
export function defaultPoolSize(): number {
  const os = builtin<typeof Os>('node:os');
  const cores = os?.availableParallelism?.() ?? os?.cpus?.().length ?? 1;
  return Math.max(1, cores);
}

/** The reading threads: at most `size`, started as PDFs arrive. */
export class PdfPool {
  readonly #size: number;
  readonly #entry: WorkerEntry;
  readonly #threads = new Set<Thread>();
  readonly #queue: Job[] = [];
  readonly #waiters: Waiter[] = [];
  #nextId = 1;
  /** A worker could not start: every call is refused with WorkerStartError from then on. */
  #broken = false;

  constructor(entry: WorkerEntry, size: number) {
    this.#entry = entry;
    this.#size = size;
  }

  /** Workers alive now, starting or started (tests). */
  get threads(): number {
    return this.#threads.size;
  }

  /**
   * Resolves once a worker is ready (one is started if none is): unpdf is
   * installed and loads. ConfigurationError when it is not installed.
   */
  ready(): Promise<void> {
    if (this.#broken) return Promise.reject(new WorkerStartError());
    if ([...this.#threads].some((t) => t.ready)) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      this.#waiters.push({ resolve, reject });
      if (this.#threads.size === 0) this.#start();
    });
  }

  /** Reads one PDF on a worker; `bytes` are given up (transferred). */
  read(bytes: Uint8Array, subject: string, timeoutMs: number): Promise<PoolOutcome> {
    if (this.#broken) return Promise.reject(new WorkerStartError());
    return new Promise<PoolOutcome>((resolve, reject) => {
      this.#queue.push({ bytes, subject, timeoutMs, resolve, reject });
      this.#dispatch();
    });
  }

  /** Ends every worker (tests; the process exits without it). */
  async close(): Promise<void> {
    const threads = [...this.#threads];
    this.#threads.clear();
    await Promise.all(threads.map((t) => t.worker.terminate()));
  }

  #dispatch(): void {
    const idle = [...this.#threads].filter((t) => t.ready && t.job === undefined);
    while (this.#queue.length > 0 && idle.length > 0) this.#run(idle.shift()!, this.#queue.shift()!);
    const starting = [...this.#threads].filter((t) => !t.ready).length;
    for (let n = starting; n < this.#queue.length && this.#threads.size < this.#size; n++) this.#start();
  }

  #start(): void {
    const { Worker, script, options } = this.#entry;
    const worker = new Worker(script, options);
    const thread: Thread = { worker, ready: false };
    this.#threads.add(thread);
    worker.on('message', (reply: WorkerReply) => this.#answer(thread, reply));
    // A worker that dies mid-read (out of memory on a hostile PDF): that PDF could not be read.
    worker.on('error', () => this.#lose(thread, 'names-nobody'));
    worker.on('exit', () => this.#lose(thread, 'names-nobody'));
    // Referenced while it starts (someone waits for it) and while it reads; unreferenced once idle (see #answer).
  }

  #run(thread: Thread, job: Job): void {
    const id = this.#nextId++;
    const own = job.bytes.byteOffset === 0 && job.bytes.byteLength === job.bytes.buffer.byteLength ? job.bytes : job.bytes.slice();
    const timer = setTimeout(() => this.#lose(thread, 'timed-out'), job.timeoutMs);
    thread.job = { id, job, timer };
    thread.worker.ref(); // while it reads, the process waits for the answer
    const task: WorkerTask = { id, bytes: own, subject: job.subject };
    thread.worker.postMessage(task, [own.buffer as ArrayBuffer]);
  }

  #answer(thread: Thread, reply: WorkerReply): void {
    if ('ready' in reply) {
      if (reply.configurationError === undefined) {
        thread.ready = true;
        thread.worker.unref(); // idle: an idle pool never keeps the process alive
        for (const waiter of this.#waiters.splice(0)) waiter.resolve();
      } else {
        // unpdf is missing: said to everyone waiting; a later call starts a fresh worker (it may be installed by then).
        this.#threads.delete(thread);
        void thread.worker.terminate();
        const error = new ConfigurationError(reply.configurationError);
        for (const waiting of [...this.#waiters.splice(0), ...this.#queue.splice(0)]) waiting.reject(error);
      }
      this.#dispatch();
      return;
    }
    const current = thread.job;
    if (current?.id !== reply.id) return;
    clearTimeout(current.timer);
    thread.job = undefined;
    thread.worker.unref();
    current.job.resolve(reply.verdict);
    this.#dispatch();
  }

  /** Ends a worker (its time is up, or it died); its read ends with `outcome`. */
  #lose(thread: Thread, outcome: PoolOutcome): void {
    if (!this.#threads.delete(thread)) return;
    void thread.worker.terminate();
    const current = thread.job;
    thread.job = undefined;
    if (current) {
      clearTimeout(current.timer);
      current.job.resolve(outcome);
    }
    if (!thread.ready) {
      // It never loaded: workers cannot run here (a bundle without the worker script, a runtime's limits).
      this.#broken = true;
      for (const waiting of [...this.#waiters.splice(0), ...this.#queue.splice(0)]) waiting.reject(new WorkerStartError());
    }
    this.#dispatch();
  }
}

const pools = new Map<number, PdfPool | null>();
let workersAllowed = true;

/** The process's pool of `size` workers; null where workers cannot run (no worker_threads, or no worker script). */
export function sharedPool(size: number): PdfPool | null {
  if (!workersAllowed) return null;
  let pool = pools.get(size);
  if (pool === undefined) {
    const entry = pdfWorkerEntry();
    pool = entry ? new PdfPool(entry, size) : null;
    pools.set(size, pool);
  }
  return pool;
}

/** Test hook: behave as a runtime without worker threads (false), or as this one (true). */
export function allowWorkersForTesting(allowed: boolean): void {
  workersAllowed = allowed;
}
