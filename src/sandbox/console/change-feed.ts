// Live updates for the console: server-sent events saying what changed
// (messages, requests, state, widgets, faults), so each view re-fetches
// itself. The sandbox keeps no timers of its own: this feed checks for
// changes after every request, and once a second only while a console is
// connected (time moves messages too: automatic import, expiry).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ControlReply } from '../http/reply.js';
import type { SandboxState } from '../state.js';

/** The kinds of change a console can be told about. */
export type ChangeKind = 'messages' | 'requests' | 'state' | 'widgets' | 'faults';

/** Per message: its status, subStatus and time of change; per other kind: one summary string. */
interface Fingerprints {
  messages: Map<string, string>;
  others: Record<Exclude<ChangeKind, 'messages'>, string>;
}

/** How often time-driven changes are looked for while a console listens. */
const TICK_MS = 1_000;

/** Cheap summaries of each part of the state: a change of summary is a change to report. */
function fingerprints(state: SandboxState): Fingerprints {
  const now = state.now();
  return {
    messages: new Map(state.messages.all(now).map((r) => [r.messageId.toLowerCase(), `${r.status}|${r.subStatus ?? ''}|${r.updated}`])),
    others: {
      requests: String(state.requests.lastId()),
      state: JSON.stringify([state.toolbars.running(), state.tokens.list()]),
      widgets: JSON.stringify(state.widgets.list(state.config.apiKey)),
      faults: JSON.stringify(state.faults.faults),
    },
  };
}

/** The messages added, changed or removed between two fingerprints (lower-case ids). */
function changedMessages(before: Map<string, string>, now: Map<string, string>): string[] {
  const ids = new Set([...before.keys(), ...now.keys()]);
  return [...ids].filter((id) => before.get(id) !== now.get(id));
}

/** The events that tell a console of the changes from `before` to `now` (empty when none). */
function changes(before: Fingerprints, now: Fingerprints): string {
  const ids = changedMessages(before.messages, now.messages);
  // The ids let a message's page refresh only when that message changed.
  let text = ids.length > 0 ? `event: messages\ndata: ${JSON.stringify({ ids })}\n\n` : '';
  for (const kind of Object.keys(now.others) as (keyof Fingerprints['others'])[]) {
    if (before.others[kind] !== now.others[kind]) text += `event: ${kind}\ndata: {}\n\n`;
  }
  return text;
}

/** The event feed behind `GET /_sandbox/events`. */
export class ChangeFeed {
  readonly #state: SandboxState;
  /** Each console, with what it was last told about: a new one is told only of changes after it joined. */
  readonly #listeners = new Map<ServerResponse, Fingerprints>();
  #timer: NodeJS.Timeout | undefined;
  #scheduled = false;

  /** @param state - The sandbox's state. */
  constructor(state: SandboxState) {
    this.#state = state;
  }

  /** Something may have changed: compare, and tell the listeners, soon (once per burst of requests). */
  poke(): void {
    if (this.#listeners.size === 0 || this.#scheduled) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      this.#compare();
    });
  }

  /** The reply that subscribes a console. */
  subscribe(): ControlReply {
    return new ControlReply((req, res) => this.#add(req, res));
  }

  /** Ends every stream and stops checking (the sandbox is closing). */
  close(): void {
    for (const res of this.#listeners.keys()) res.end();
    this.#listeners.clear();
    this.#stopTimer();
  }

  #add(req: IncomingMessage, res: ServerResponse): void {
    res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
    res.write('retry: 1000\n\n');
    this.#listeners.set(res, fingerprints(this.#state));
    this.#timer ??= setInterval(() => this.#compare(), TICK_MS).unref();
    req.on('close', () => {
      this.#listeners.delete(res);
      if (this.#listeners.size === 0) this.#stopTimer();
    });
  }

  #compare(): void {
    if (this.#listeners.size === 0) return;
    const now = fingerprints(this.#state);
    for (const [res, before] of this.#listeners) {
      const text = changes(before, now);
      if (text) res.write(text);
      this.#listeners.set(res, now);
    }
  }

  #stopTimer(): void {
    clearInterval(this.#timer);
    this.#timer = undefined;
  }
}
