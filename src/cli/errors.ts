// Errors of the `cdms` command and how they reach the user: exit code,
// title, each invalid parameter on its own line, and with --json one
// `{ "error": ... }` document on stdout. SDK messages are already redacted;
// the output helper masks the CLI's own secrets on top.
import {
  ApiError,
  AttachmentContentRejectedError,
  CdmsError,
  ConfigurationError,
  LocalValidationError,
  AttachmentPreviouslyRejectedError,
  RequestAbortedError,
  type ContentRejection,
  type Delivery,
  type Route,
} from '../index.js';
import type { Output } from './output.js';

/** Exit codes of the `cdms` command (docs/cli.md, Exit codes). */
export const EXIT = {
  /** The command did what was asked. */
  ok: 0,
  /** The service answered with an error, or could not be reached. */
  api: 1,
  /** Bad usage, missing configuration, or local validation failed: nothing was sent. */
  usage: 2,
  /** Interrupted by Ctrl-C (SIGINT): 128 + 2, as shells report it. */
  sigint: 130,
  /** Stopped by SIGTERM: 128 + 15. */
  sigterm: 143,
} as const;

/** One problem with a field, in the service's shape. */
export interface FieldProblem {
  /** Dotted path or flag name. */
  name: string;
  /** What is wrong and what to do. */
  reason: string;
}

/**
 * Bad usage found by the CLI itself: a missing flag or variable, a value it
 * cannot read. Exit code 2; nothing was sent.
 */
export class UsageError extends Error {
  override name = 'UsageError';
  /** The offending flags or fields, one line each. */
  readonly problems: readonly FieldProblem[];

  /**
   * @param message - What is wrong and how to fix it; never a secret.
   * @param problems - Optional per-field details.
   */
  constructor(message: string, problems: readonly FieldProblem[] = []) {
    super(message);
    this.problems = problems;
  }
}

/** Why the run was interrupted: the signal, kept as the abort reason. */
export class InterruptedError extends Error {
  override name = 'InterruptedError';
  /** The signal received. */
  readonly signal: 'SIGINT' | 'SIGTERM';

  /** @param signal - The signal received. */
  constructor(signal: 'SIGINT' | 'SIGTERM') {
    super(`Interrupted by ${signal}.`);
    this.signal = signal;
  }
}

/** What the CLI says about a failure; also the `error` member of the JSON output. */
export interface ErrorReport {
  /** Error class name (`NotFoundError`, `UsageError`, ...). */
  name: string;
  /** The exit code the process ends with. */
  exitCode: number;
  /** One-line title: the problem's title, or the error's message. */
  title: string;
  /** The full, redacted message (what happened and what to do). */
  message: string;
  /** HTTP status, for API errors. */
  status?: number;
  /** The problem's instance (`urn:uuid:...`), to quote to the operator. */
  instance?: string;
  /** Each invalid parameter. */
  invalidParameters?: FieldProblem[];
  /** For sends: whether the message may have arrived. */
  delivery?: Delivery;
  /** For sends: the message's id, to look up before any resend. */
  messageId?: string;
  /** For sends: the route, which decides the status endpoint to look it up on. */
  route?: Route;
  /** For a rejected attachment: a virus-scan verdict (never resend) or a format error (not with that type). */
  rejection?: ContentRejection;
  /** For `send --track`: the message is in the tracker's ledger. */
  tracked?: boolean;
}

/** Context a command adds to a failure (the messageId of a send). */
export interface ErrorContext {
  /** The id of the message being sent. */
  messageId?: string | undefined;
  /** The route it is sent by. */
  route?: Route | undefined;
  /** Sent with --track, the ledger open: a failure after a request is kept in it, flagged for attention. */
  tracked?: boolean | undefined;
}

function exitCodeOf(error: unknown, signal: AbortSignal): number {
  if (signal.aborted || error instanceof RequestAbortedError) {
    const reason: unknown = signal.reason;
    return reason instanceof InterruptedError && reason.signal === 'SIGTERM' ? EXIT.sigterm : EXIT.sigint;
  }
  if (error instanceof UsageError || error instanceof ConfigurationError) return EXIT.usage;
  if (error instanceof LocalValidationError || error instanceof AttachmentPreviouslyRejectedError) return EXIT.usage;
  // Any other CdmsError thrown before a request (an unreadable --file) is local too.
  if (error instanceof CdmsError && !(error instanceof ApiError) && isLocalCdmsError(error)) return EXIT.usage;
  return EXIT.api;
}

/** A plain CdmsError raised by a local helper (e.g. attachmentFromFile), not by the transport. */
function isLocalCdmsError(error: CdmsError): boolean {
  return error.constructor === CdmsError;
}

const isInterruption = (exitCode: number): boolean => exitCode === EXIT.sigint || exitCode === EXIT.sigterm;

const problems = (params: readonly FieldProblem[]): FieldProblem[] => params.map(({ name, reason }) => ({ name, reason }));

/** Name, title, message and details of an error, by kind. */
function details(error: unknown): Omit<ErrorReport, 'exitCode'> {
  if (!(error instanceof Error)) return { name: 'Error', title: 'Unexpected error', message: String(error) };
  const base = { name: error.name, title: error.message, message: error.message };
  if (error instanceof ApiError) {
    return {
      ...base,
      title: `${error.problem?.title ?? 'HTTP error'} (HTTP ${error.status})`,
      status: error.status,
      ...(error.instance === undefined ? {} : { instance: error.instance }),
      invalidParameters: problems(error.invalidParameters),
    };
  }
  if (error instanceof LocalValidationError) {
    return { ...base, title: 'Invalid request: nothing was sent', invalidParameters: problems(error.invalidParameters) };
  }
  if (error instanceof UsageError) return error.problems.length > 0 ? { ...base, invalidParameters: problems(error.problems) } : base;
  if (error instanceof CdmsError) return base;
  // Not an SDK or usage error: a bug, or something the CLI did not foresee.
  return { ...base, title: `Unexpected error: ${error.message} (run with --debug for the stack trace)` };
}

/** Builds the report of a failure. */
export function describeError(error: unknown, signal: AbortSignal, context: ErrorContext = {}): ErrorReport {
  const exitCode = exitCodeOf(error, signal);
  const report: ErrorReport = isInterruption(exitCode)
    ? { name: 'Interrupted', exitCode, title: 'Interrupted', message: 'Stopped before the command finished.' }
    : { exitCode, ...details(error) };
  if (error instanceof CdmsError && error.delivery !== undefined) report.delivery = error.delivery;
  if (error instanceof AttachmentContentRejectedError || error instanceof AttachmentPreviouslyRejectedError) report.rejection = error.rejection;
  if (context.messageId !== undefined) report.messageId = context.messageId;
  if (context.route !== undefined) report.route = context.route;
  if (context.tracked) report.tracked = true;
  return report;
}

/** What to do after an attachment's content was rejected: resending it as it was is never the fix (spec, Errors rule 3). */
const AFTER_REJECTION: Record<ContentRejection, string> = {
  'virus-scan': 'Never send this attachment again (cdms now refuses its content); obtain a clean copy.',
  format: 'cdms now refuses this content with the same type: attach the right file, or give this one its real type (--mime-type).',
};

function deliveryLine(report: ErrorReport): string | undefined {
  if (report.messageId === undefined || report.delivery === undefined) return undefined;
  if (report.delivery === 'unknown') {
    const lookUp = `cdms status ${report.route === 'gpconnect' ? '--gpconnect ' : ''}${report.messageId}`;
    return `The message may have arrived: check it with \`${lookUp}\` before sending it again (reuse --message-id ${report.messageId}).`;
  }
  if (report.rejection !== undefined) return `Message ${report.messageId} was not delivered. ${AFTER_REJECTION[report.rejection]}`;
  return `Message ${report.messageId} was not delivered: it is safe to send it again once the problem is fixed.`;
}

/** The human lines of a report: title, each invalid parameter, then what to do. */
export function formatError(report: ErrorReport): string[] {
  const out = [`error: ${report.title}`];
  const params = report.invalidParameters ?? [];
  for (const p of params) out.push(`  ${p.name}: ${p.reason}`);
  // The SDK's message carries the hint (what to do); with parameters listed it only repeats them.
  if (params.length === 0 && report.message !== report.title) out.push(`  ${report.message}`);
  if (report.instance !== undefined) out.push(`  instance: ${report.instance}`);
  const delivery = deliveryLine(report);
  if (delivery !== undefined) out.push(delivery);
  // A tracked send that failed for good after its request: the ledger keeps it.
  if (report.tracked && report.exitCode === EXIT.api && report.delivery !== undefined && report.messageId !== undefined) {
    out.push(`The tracker keeps it, flagged for attention: cdms track show ${report.messageId}; acknowledge it once dealt with.`);
  }
  return out;
}

/** Options of {@link reportError}. */
export interface ReportOptions {
  /** The run's abort signal: aborted means interrupted. */
  signal: AbortSignal;
  /** Print the stack trace (masked) too. */
  debug: boolean;
  /** What the command knows about the failure. */
  context?: ErrorContext | undefined;
}

/**
 * Prints a failure (JSON on stdout with --json, else lines on stderr) and
 * returns the exit code.
 */
export function reportError(out: Output, error: unknown, options: ReportOptions): number {
  const report = describeError(error, options.signal, options.context);
  if (out.json) out.jsonDocument({ error: report });
  else out.diagnostic(formatError(report));
  if (options.debug && error instanceof Error && error.stack) out.diagnostic(error.stack);
  return report.exitCode;
}
