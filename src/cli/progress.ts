// What `cdms status --wait` shows while it polls: on a terminal, one
// rewritten line with a spinner; otherwise (a pipe, a CI log, --json) a
// plain line on stderr each time the status changes.
import type { Output } from './output.js';

const FRAMES = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** The fields of a status the progress shows. */
export interface ShownStatus {
  /** PENDING, COMPLETED... */
  status: string;
  /** The reason or GP-route step, if any. */
  subStatus?: string | null | undefined;
}

/** Shows the progress of a wait. */
export interface Progress {
  /** Called after each poll. */
  update(status: ShownStatus): void;
  /** Ends the display (clears the spinner line); safe to call twice. */
  stop(): void;
}

/** `PENDING (Sent to MESH)`. */
export function describeStatus(s: ShownStatus): string {
  return s.subStatus ? `${s.status} (${s.subStatus})` : s.status;
}

function seconds(since: number): string {
  return `${((Date.now() - since) / 1000).toFixed(1)} s`;
}

/**
 * Starts showing the progress of waiting for `messageId`: a spinner on a
 * terminal, else plain lines on changes.
 */
export function startProgress(out: Output, messageId: string): Progress {
  const started = Date.now();
  let polls = 0;
  let last: string | undefined;
  if (!out.interactive) {
    return {
      update(status) {
        polls += 1;
        const text = describeStatus(status);
        if (text !== last) out.diagnostic(`status: ${text} after ${seconds(started)} (poll ${polls})`);
        last = text;
      },
      stop() {},
    };
  }
  let frame = 0;
  const draw = () => {
    frame = (frame + 1) % FRAMES.length;
    out.rewriteLine(`${FRAMES[frame] ?? ''} waiting for ${messageId}: ${last ?? 'asking'} · ${seconds(started)} · poll ${polls} · Ctrl-C to stop`);
  };
  const timer = setInterval(draw, 100);
  // The spinner must never keep the process alive on its own.
  timer.unref();
  let stopped = false;
  draw();
  return {
    update(status) {
      polls += 1;
      last = describeStatus(status);
      draw();
    },
    stop() {
      if (stopped) return;
      stopped = true;
      clearInterval(timer);
      out.clearLine();
    },
  };
}
