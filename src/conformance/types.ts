// The public words of a conformance run: its options, its scenarios as a
// reader sees them, and the result with the evidence of each scenario.
import type { PgPoolLike } from '../tracker/index.js';

/** The groups of scenarios, as `--suite` names them. */
export type ConformanceSuite = 'operations' | 'standard' | 'instant' | 'gp' | 'tokens' | 'widgets';

/** Every suite, in the order the run takes them. */
export const CONFORMANCE_SUITES: readonly ConformanceSuite[] = ['operations', 'standard', 'instant', 'gp', 'tokens', 'widgets'];

/**
 * How a scenario ended:
 * - `passed`: every assertion held;
 * - `failed`: one did not (see `reason`);
 * - `skipped`: it could not run against this target (it needs the sandbox's controls), with the reason;
 * - `needs the practice`: its outcome needs a person at the practice, and nobody acted in the time waited.
 */
export type ScenarioResult = 'passed' | 'failed' | 'skipped' | 'needs the practice';

/** A scenario as `--list` shows it. */
export interface ConformanceScenarioInfo {
  /** Its stable id, e.g. `STD-01` or `GP-ITK-30002`. */
  id: string;
  /** What it shows, in a few words. */
  title: string;
  /** Its suite. */
  suite: ConformanceSuite;
  /** The requirement ids it gives evidence for (see {@link CONFORMANCE_REQUIREMENTS}). */
  requirements: readonly string[];
  /** What a pass proves about the integration. */
  proves: string;
}

/** One request the run made, and its response, with every credential masked. */
export interface RecordedExchange {
  /** When it was sent (RFC 3339). */
  at: string;
  /** HTTP method. */
  method: string;
  /** The URL, path and query only from the base URL on. */
  url: string;
  /** Request headers, credentials masked. */
  requestHeaders: Record<string, string>;
  /** The body as sent (parsed JSON), attachments shown by name, type, size and SHA-256; null without a body. */
  requestBody: unknown;
  /** The response's HTTP status; null when no response came (a dropped connection). */
  status: number | null;
  /** Response headers, credentials masked. */
  responseHeaders: Record<string, string>;
  /** The response body (parsed JSON, or text), credentials masked; null when empty. */
  responseBody: unknown;
  /** Why no response came, when none did. */
  error: string | null;
}

/** An attachment as the evidence shows it: never its content. */
export interface AttachmentEvidence {
  /** Its file name. */
  fileName: string;
  /** Its MIME type. */
  mimeType: string;
  /** Its size in bytes (decoded). */
  size: number;
  /** SHA-256 of its decoded bytes, hex. */
  sha256: string;
}

/** One status the tracker saw for a message of the scenario. */
export interface TimelineEntry {
  /** The message. */
  messageId: string;
  /** When the tracker saw it (RFC 3339). */
  at: string;
  /** The service's status. */
  status: string;
  /** Its subStatus. */
  subStatus: string | null;
  /** What saw it (send, poll, poll-now, confirm). */
  source: string;
}

/** The tracker's final view of one message of a scenario. */
export interface TrackerView {
  /** The message. */
  messageId: string;
  /** The tracker's stage (sending, queued, following, failed, settled). */
  stage: string;
  /** Its attention reason, or null when nothing needs a person. */
  attention: string | null;
}

/**
 * What a person sees, kept with a scenario's evidence: a picture taken with
 * the machine's Chromium, or, without it, the page's HTML or the PDF's text.
 */
export interface EvidenceCapture {
  /** `worklist`: the worklist's page for a message that needs a person; `document`: the first page of a PDF the scenario sent. */
  kind: 'worklist' | 'document';
  /** What it shows: the messageId (worklist), or the PDF's file name (document). */
  subject: string;
  /** Its file in the evidence folder, such as `captures/STD-02-worklist.png`; `index.html` shows it too. */
  file: string;
  /** `image/png` (a screenshot or a rendering), `text/html` (the page's HTML) or `text/plain` (the PDF's text, or why there is none). */
  mediaType: 'image/png' | 'text/html' | 'text/plain';
  /** Its size in bytes. */
  size: number;
  /** SHA-256 of the file, hex (the manifest lists it too). */
  sha256: string;
  /** Why it is not a picture, when it is not; null when it is. */
  note: string | null;
}

/** The evidence and outcome of one scenario. */
export interface ScenarioOutcome extends ConformanceScenarioInfo {
  /** How it ended. */
  result: ScenarioResult;
  /** Why it failed, was skipped or needs the practice; null when it passed. */
  reason: string | null;
  /** When it started (RFC 3339). */
  startedAt: string;
  /** How long it took, in milliseconds. */
  durationMs: number;
  /** What was checked, in order, each as a sentence. */
  checks: string[];
  /** The requests and responses. */
  exchanges: RecordedExchange[];
  /** The tracker's statuses of its messages, oldest first; empty when the tracker part was not run. */
  timeline: TimelineEntry[];
  /** The tracker's final view of each of its messages. */
  tracker: TrackerView[];
  /** Whether the tracker part ran: false when no ledger could be opened (see the run's `trackerNote`). */
  trackerRun: boolean;
  /** The worklist's page of each of its messages that needs a person, then the first page of the first PDF it sent; empty when the run wrote no evidence. */
  captures: EvidenceCapture[];
}

/** The whole run's result, and what `evidence.json` holds. */
export interface ConformanceReport {
  /** The SDK's version. */
  sdkVersion: string;
  /** The Node.js version. */
  nodeVersion: string;
  /** The base URL of the service tested. */
  baseUrl: string;
  /** What the target was: an in-process sandbox, a sandbox at the base URL, or a test mailbox of another service. */
  target: 'in-process sandbox' | 'sandbox' | 'test mailbox';
  /** When the run started and ended (RFC 3339). */
  startedAt: string;
  /** When the run ended. */
  endedAt: string;
  /** Whether every scenario passed. */
  passed: boolean;
  /** Counts by result. */
  counts: Record<ScenarioResult, number>;
  /** Why the tracker part did not run, or null when it did. */
  trackerNote: string | null;
  /** Why the captures are not pictures (no Chromium, say), or null when they are, or when the run wrote no evidence. */
  captureNote: string | null;
  /** Every scenario run, in order. */
  scenarios: ScenarioOutcome[];
}

/** What the run tells its caller as it goes (the CLI's progress line). */
export interface ConformanceProgress {
  /** The scenario's position, from 1. */
  index: number;
  /** How many scenarios in all. */
  total: number;
  /** The scenario. */
  id: string;
  /** What it does or waits for now. */
  doing: string;
}

/** Options of {@link runConformance}. Every one has a default. */
export interface ConformanceOptions {
  /**
   * The service to test. Left out, a sandbox is started in this process.
   * A base URL that answers the sandbox's control API is a sandbox; any
   * other is refused unless `testMailbox` is true.
   */
  baseUrl?: string | undefined;
  /** The API key; a sandbox's is read from its control API. @defaultValue CDMS_API_KEY */
  apiKey?: string | undefined;
  /** The test practice's ODS code. @defaultValue the sandbox's first recipient; required for a test mailbox */
  recipient?: string | undefined;
  /** The caller states the base URL is a test mailbox (integration), never live. @defaultValue false */
  testMailbox?: boolean | undefined;
  /** Which suites. @defaultValue all of them */
  suites?: readonly ConformanceSuite[] | undefined;
  /** Only these scenario ids. @defaultValue all */
  only?: readonly string[] | undefined;
  /** Where the evidence is written (created if missing). Left out, nothing is written. */
  out?: string | undefined;
  /**
   * The Chromium executable the evidence's pictures are taken with (driven by
   * the optional package `playwright-core`; never downloaded). Missing, or
   * `false`, the evidence keeps the worklist's pages as HTML and the PDFs as
   * their text, and says so.
   * @defaultValue '/usr/bin/chromium'
   */
  chromiumPath?: string | false | undefined;
  /**
   * The delivery tracker's ledger for the run. When it cannot be opened the
   * client-level checks still run and the report says the tracker part did
   * not; `false` leaves the tracker out on purpose.
   * @defaultValue 'memory:'
   */
  database?: string | PgPoolLike | false | undefined;
  /** How long to wait for an outcome that needs a person at the practice (test mailbox), in ms. @defaultValue 600_000 */
  practiceWaitMs?: number | undefined;
  /** The in-process sandbox's scenario step, in ms. @defaultValue 100 */
  scenarioStepMs?: number | undefined;
  /** Status polls' spacing while waiting for an outcome, in ms. @defaultValue a quarter of `scenarioStepMs` (5 to 50) against a sandbox, so that an outcome shown for one step is seen; 30_000 otherwise */
  pollIntervalMs?: number | undefined;
  /** The fetch the SDK's client calls (tests wrap it). @defaultValue the global fetch */
  fetch?: typeof fetch | undefined;
  /** Told of each step, for a progress display. */
  onProgress?: ((progress: ConformanceProgress) => void) | undefined;
  /** Stops the run between steps. */
  signal?: AbortSignal | undefined;
}
