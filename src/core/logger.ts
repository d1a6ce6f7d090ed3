// The logger a sender plugs in (pino, winston or console fit it) and the
// silent default. Events carry fields, never bodies, keys or patient data.

/** Structured fields of a log event. Never carries bodies, keys or patient data. */
export type LogFields = Record<string, unknown>;

/**
 * Where the SDK writes its log events. The signature is pino's
 * `(fields, message)`, which `console` also accepts, so both plug in as they
 * are: `logger: console` or `logger: pino()`.
 *
 * @example
 * ```ts
 * const cdms = new CdmsClient({ logger: console });
 * ```
 */
export interface Logger {
  /** Per request and response detail. */
  debug(fields: LogFields, message: string): void;
  /** Notable events, such as a send recovered after a timeout. */
  info(fields: LogFields, message: string): void;
  /** Retries and fallbacks. */
  warn(fields: LogFields, message: string): void;
  /** Failures the caller will also see as a thrown error. */
  error(fields: LogFields, message: string): void;
}

const noop = (): void => undefined;

/** The default logger: discards everything. */
export const silentLogger: Logger = Object.freeze({ debug: noop, info: noop, warn: noop, error: noop });
