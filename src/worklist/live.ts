// Live updates for the worklist's pages: a server-sent event stream that
// says which messages changed, so each open page fetches what it shows
// again. The tracker may run in other processes (instances sharing a
// PostgreSQL ledger), so the ledger itself is looked at: every `liveCheckMs`,
// and only while a page listens, one read of the attention list and the
// newest audit entries, compared with the last (decision D-WORKLIST-06).
import type { WorklistConfig } from './options.js';
import { attentionItems } from './queue.js';

const encoder = new TextEncoder();
const HEARTBEAT_MS = 15_000;

interface Snapshot {
  items: Map<string, string>;
  lastAudit: bigint;
}

/** The `GET <base>/events` stream of every open page. */
export class LiveFeed {
  readonly #config: WorklistConfig;
  readonly #listeners = new Set<ReadableStreamDefaultController<Uint8Array>>();
  #timer: NodeJS.Timeout | undefined;
  #heartbeat: NodeJS.Timeout | undefined;
  #last: Snapshot | undefined;
  #checking = false;
  #closed = false;

  constructor(config: WorklistConfig) {
    this.#config = config;
  }

  /** A page's stream: it hears of changes from now on. */
  subscribe(): Response {
    let self: ReadableStreamDefaultController<Uint8Array> | undefined;
    const body = new ReadableStream<Uint8Array>({
      start: (controller) => {
        self = controller;
        if (this.#closed) {
          controller.close();
          return;
        }
        controller.enqueue(encoder.encode('retry: 2000\n\n'));
        this.#listeners.add(controller);
        this.#startTimers();
      },
      cancel: () => {
        if (self) this.#listeners.delete(self);
        if (this.#listeners.size === 0) this.#stopTimers();
      },
    });
    return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' } });
  }

  /** Ends every stream and stops looking. */
  close(): void {
    this.#closed = true;
    for (const controller of this.#listeners) {
      try {
        controller.close();
      } catch {
        // already closed by its reader
      }
    }
    this.#listeners.clear();
    this.#stopTimers();
  }

  #startTimers(): void {
    if (this.#timer) return;
    this.#last = undefined;
    void this.#check();
    this.#timer = setInterval(() => void this.#check(), this.#config.liveCheckMs).unref();
    this.#heartbeat = setInterval(() => this.#send(': still here\n\n'), HEARTBEAT_MS).unref();
  }

  #stopTimers(): void {
    clearInterval(this.#timer);
    clearInterval(this.#heartbeat);
    this.#timer = undefined;
    this.#heartbeat = undefined;
  }

  #send(text: string): void {
    const bytes = encoder.encode(text);
    for (const controller of this.#listeners) {
      try {
        controller.enqueue(bytes);
      } catch {
        this.#listeners.delete(controller);
      }
    }
  }

  async #check(): Promise<void> {
    if (this.#checking || this.#listeners.size === 0) return;
    this.#checking = true;
    try {
      const now = await this.#snapshot();
      const before = this.#last;
      this.#last = now.snapshot;
      if (!before) return;
      const ids = new Set(now.audited.filter((a) => a.id > before.lastAudit).map((a) => a.messageId));
      for (const id of new Set([...before.items.keys(), ...now.snapshot.items.keys()])) {
        if (before.items.get(id) !== now.snapshot.items.get(id)) ids.add(id);
      }
      if (ids.size > 0) this.#send(`event: messages\ndata: ${JSON.stringify({ ids: [...ids] })}\n\n`);
    } catch (error) {
      this.#config.logger.warn({ event: 'worklist.live-check-failed', error: error instanceof Error ? error.name : typeof error }, 'cdms worklist: could not read the ledger for live updates; trying again');
    } finally {
      this.#checking = false;
    }
  }

  async #snapshot(): Promise<{ snapshot: Snapshot; audited: { id: bigint; messageId: string }[] }> {
    const { tracker } = this.#config;
    const [{ items }, audit] = await Promise.all([attentionItems(this.#config), tracker.audit({ order: 'newest-first', limit: 50 })]);
    const audited = audit.items.map((e) => ({ id: BigInt(e.id), messageId: e.messageId }));
    const fingerprint = items.map(
      (m) => [m.messageId, [m.attention?.reason, m.attention?.since.getTime(), m.assignee, m.status, m.subStatus, m.polls].join('|')] as const,
    );
    return { snapshot: { items: new Map(fingerprint), lastAudit: audited[0]?.id ?? 0n }, audited };
  }
}
