// The scenario's side of one tracker process (bench/children/tracker-instance.ts):
// starts it through the relay (so its peak RSS is its own), reads its JSON
// lines, keeps its latest counters, and stops it by closing its stdin.
import { once } from 'node:events';
import { createInterface } from 'node:readline';
import { spawnChild } from './children.js';
import type { InstanceArgs, InstanceCommand, InstanceLine, Tick } from './tracker-protocol.js';

type Phase<P extends InstanceLine['phase']> = Extract<InstanceLine, { phase: P }>;

/** One running tracker process. */
export class TrackerProcess {
  readonly #lines: InstanceLine[] = [];
  readonly #waiters: (() => void)[] = [];
  readonly #exited: Promise<number | null>;
  #hasExited = false;
  readonly #child;
  /** Its latest counters (from `started` on). */
  latest: Tick | undefined;
  /** Called on every new tick. */
  onTick: (() => void) | undefined;

  /**
   * @param args - The process's arguments.
   * @param how - `script`: the child's copy in another package's project (the baseline); `nodeFlags`: node's own flags.
   */
  constructor(args: InstanceArgs, how: { script?: string | undefined; nodeFlags?: readonly string[] | undefined } = {}) {
    this.#child = spawnChild('tracker-instance', {
      args: [JSON.stringify(args)],
      ownMaxRss: true,
      ...(how.script ? { script: how.script } : {}),
      ...(how.nodeFlags ? { nodeFlags: how.nodeFlags } : {}),
    });
    this.#exited = once(this.#child, 'close').then(([code]) => {
      this.#hasExited = true;
      this.#wake();
      return code as number | null;
    });
    createInterface({ input: this.#child.stdout! }).on('line', (text) => this.#receive(text));
  }

  #receive(text: string): void {
    if (!text.startsWith('{')) return;
    const line = JSON.parse(text) as InstanceLine;
    this.#lines.push(line);
    if (line.phase === 'started' || line.phase === 'tick') {
      this.latest = line.tick;
      this.onTick?.();
    }
    this.#wake();
  }

  #wake(): void {
    for (const waiter of this.#waiters.splice(0)) waiter();
  }

  /** Waits for the line of a phase; fails if the process exits first. */
  async next<P extends InstanceLine['phase']>(phase: P): Promise<Phase<P>> {
    for (;;) {
      const line = this.#lines.find((l): l is Phase<P> => l.phase === phase);
      if (line) return line;
      if (this.#hasExited) throw new Error(`tracker process exited with ${String(await this.#exited)} before "${phase}"`);
      await new Promise<void>((resolve) => this.#waiters.push(resolve));
    }
  }

  /** Sends a command and waits for its answer (the line of the same phase). */
  async command<C extends InstanceCommand['command'] & InstanceLine['phase']>(command: C): Promise<Phase<C>> {
    this.#child.stdin!.write(`${JSON.stringify({ command } satisfies InstanceCommand)}\n`);
    return this.next(command);
  }

  /** Closes its stdin (the tracker closes cleanly) and returns its last line. */
  async stop(): Promise<Phase<'closed'>> {
    this.#child.stdin!.end();
    const closed = await this.next('closed');
    await this.#exited;
    return closed;
  }

  /** Waits for a `fill` process to finish. */
  async filled(): Promise<Phase<'filled'>> {
    const line = await this.next('filled');
    const code = await this.#exited;
    if (code !== 0) throw new Error(`tracker fill process exited with ${String(code)}`);
    return line;
  }

  /** Ends the process at once (after a failure elsewhere). */
  kill(): void {
    this.#child.kill('SIGKILL');
  }
}
