// runConformance: picks the scenarios, finds or starts the target, opens the
// tracker (or says why it could not), runs each scenario in turn through a
// recording client, and collects its outcome and evidence.
import { CdmsClient, ConfigurationError, VERSION } from '../index.js';
import { createTracker, type Tracker } from '../tracker/index.js';
import { ConformanceFailure, NeedsPractice, ScenarioContext, type ConformanceScenario } from './context.js';
import { ExchangeRecorder } from './recorder.js';
import { SCENARIOS } from './scenarios/index.js';
import { openTarget, scenarioStepOf, type Target } from './target.js';
import { CONFORMANCE_SUITES, type ConformanceOptions, type ConformanceReport, type ConformanceScenarioInfo, type ScenarioOutcome, type ScenarioResult, type TimelineEntry } from './types.js';
import { writeEvidence } from './evidence/write.js';
import { Captures } from './evidence/captures.js';
import { DEFAULT_CHROMIUM } from './evidence/chromium.js';

const info = ({ id, title, suite, requirements, proves }: ConformanceScenario): ConformanceScenarioInfo => ({ id, title, suite, requirements: [...requirements], proves });

/** The scenarios the options select, in run order. @throws ConfigurationError for an unknown suite or id. */
export function selectScenarios(options: Pick<ConformanceOptions, 'suites' | 'only'> = {}): ConformanceScenarioInfo[] {
  return pick(options).map(info);
}

function pick(options: Pick<ConformanceOptions, 'suites' | 'only'>): ConformanceScenario[] {
  const suites = options.suites ?? CONFORMANCE_SUITES;
  const unknownSuite = suites.find((s) => !CONFORMANCE_SUITES.includes(s));
  if (unknownSuite) throw new ConfigurationError(`Unknown suite '${unknownSuite}': use ${CONFORMANCE_SUITES.join(', ')}.`);
  const only = options.only?.map((id) => id.toUpperCase());
  const unknownId = only?.find((id) => !SCENARIOS.some((s) => s.id === id));
  if (unknownId) throw new ConfigurationError(`Unknown scenario '${unknownId}': list them with --list.`);
  return SCENARIOS.filter((s) => suites.includes(s.suite) && (!only || only.includes(s.id)));
}

/**
 * Against a sandbox, a few status polls in each scenario step: a phase shown
 * for one step (the practice's 20013 on the way to its filing) is then seen
 * even when a request takes a while, as on a busy machine.
 */
const sandboxPollMs = (stepMs: number): number => Math.max(5, Math.min(50, Math.floor(stepMs / 4)));

/** Opens the tracker on the first ledger that opens; undefined with the reason when none does. */
async function openTracker(options: ConformanceOptions, client: CdmsClient, target: Target): Promise<{ tracker?: Tracker; note: string | null }> {
  if (options.database === false) return { note: 'the tracker part was not run: the run was asked to leave it out (database: false)' };
  const sandbox = target.control !== undefined;
  const step = scenarioStepOf(options);
  try {
    const tracker = await createTracker({
      client,
      database: options.database ?? 'memory:',
      // Shortened for the sandbox only, whose outcomes come in steps of milliseconds.
      pollIntervalMs: options.pollIntervalMs ?? (sandbox ? 50 : 60_000),
      ...(sandbox ? { maxPollsPerSecond: 100, failedAttentionMs: step, infrastructureAckMs: 8 * step, businessAckMs: 8 * step } : {}),
    });
    await tracker.start();
    return { tracker, note: null };
  } catch (error) {
    const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    return { note: `the tracker part was not run: its ledger could not be opened (${why}); the client-level checks ran` };
  }
}

async function timeline(tracker: Tracker | undefined, messageIds: readonly string[]): Promise<{ timeline: TimelineEntry[]; views: ScenarioOutcome['tracker'] }> {
  const entries: TimelineEntry[] = [];
  const views: ScenarioOutcome['tracker'] = [];
  if (!tracker) return { timeline: entries, views };
  for (const messageId of messageIds) {
    const m = await tracker.get(messageId);
    if (!m) continue;
    views.push({ messageId, stage: m.stage, attention: m.attention?.reason ?? null });
    for (const h of m.history) entries.push({ messageId, at: h.at.toISOString(), status: h.status, subStatus: h.subStatus, source: h.source });
  }
  return { timeline: entries, views };
}

/**
 * Runs the conformance scenarios against a sandbox (started here by
 * default), a sandbox at `baseUrl`, or a test mailbox, and returns the
 * report; with `out`, writes the evidence there too.
 *
 * @example
 * ```ts
 * import { runConformance } from 'cdms-sdk/conformance';
 *
 * const report = await runConformance({ out: 'conformance-evidence' });
 * if (!report.passed) process.exitCode = 1;
 * ```
 *
 * @throws ConfigurationError when the base URL is no sandbox and `testMailbox` is not set, or a suite or id is unknown (nothing sent).
 */
export async function runConformance(options: ConformanceOptions = {}): Promise<ConformanceReport> {
  const chosen = pick(options);
  const target = await openTarget(options);
  const startedAt = new Date().toISOString();
  const recorder = new ExchangeRecorder(target.baseUrl, options.fetch ?? fetch);
  recorder.addSecret(target.apiKey);
  const client = new CdmsClient({ baseUrl: target.baseUrl, apiKey: target.apiKey, fetch: recorder.fetch, maxRetryAfterMs: 5_000 });
  const { tracker, note } = chosen.length > 0 ? await openTracker(options, client, target) : { note: null };
  const outcomes: ScenarioOutcome[] = [];
  let captures: Captures | undefined;
  try {
    // Pictures only for evidence that is written: a run without `out` starts no browser, nor does one that captures nothing.
    if (options.out !== undefined) captures = new Captures(options.chromiumPath ?? DEFAULT_CHROMIUM, tracker, (text) => recorder.mask(text));
    for (const [i, scenario] of chosen.entries()) {
      const progress = (doing: string) => options.onProgress?.({ index: i + 1, total: chosen.length, id: scenario.id, doing });
      progress(scenario.title);
      outcomes.push(await runOne(scenario, options, target, client, tracker, recorder, progress, captures));
    }
  } finally {
    await captures?.close();
    await tracker?.close();
    await target.close();
  }
  const counts: Record<ScenarioResult, number> = { passed: 0, failed: 0, skipped: 0, 'needs the practice': 0 };
  for (const o of outcomes) counts[o.result] += 1;
  const report: ConformanceReport = recorder.mask({
    sdkVersion: VERSION,
    nodeVersion: process.version,
    baseUrl: target.baseUrl,
    target: target.kind,
    startedAt,
    endedAt: new Date().toISOString(),
    passed: outcomes.length > 0 && counts.passed === outcomes.length,
    counts,
    trackerNote: note,
    captureNote: captures?.note ?? null,
    scenarios: outcomes,
  });
  if (options.out !== undefined) await writeEvidence(options.out, report, captures?.files);
  return report;
}

const UUID_IN_PATH = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/** Whether an exchange belongs to the scenario: the tracker's background polls of other scenarios' messages do not. */
function ownExchange(url: string, messageIds: readonly string[]): boolean {
  const id = UUID_IN_PATH.exec(url)?.[0];
  return id === undefined || messageIds.includes(id.toLowerCase()) || messageIds.includes(id);
}

async function runOne(
  scenario: ConformanceScenario,
  options: ConformanceOptions,
  target: Target,
  client: CdmsClient,
  tracker: Tracker | undefined,
  recorder: ExchangeRecorder,
  progress: (doing: string) => void,
  captures: Captures | undefined,
): Promise<ScenarioOutcome> {
  const started = Date.now();
  const mark = recorder.count;
  const ctx = new ScenarioContext(client, target.control, tracker, {
    requests: () => recorder.count,
    exchanges: (from) => recorder.since(from),
    addSecret: (value) => recorder.addSecret(value),
    recipient: target.recipient,
    topic: 'Discharge Summary',
    pollIntervalMs: options.pollIntervalMs ?? (target.control ? sandboxPollMs(scenarioStepOf(options)) : 30_000),
    practiceWaitMs: options.practiceWaitMs ?? 600_000,
    progress,
    signal: options.signal,
  });
  let result: ScenarioResult = 'passed';
  let reason: string | null = null;
  if (scenario.needsControls && !target.control) {
    result = 'skipped';
    reason = `skipped against a test mailbox: ${scenario.needsControls}`;
  } else {
    try {
      await scenario.run(ctx);
    } catch (error) {
      options.signal?.throwIfAborted();
      result = error instanceof NeedsPractice ? 'needs the practice' : 'failed';
      reason = error instanceof ConformanceFailure || error instanceof NeedsPractice ? error.message : `unexpected ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`;
    }
  }
  const { timeline: entries, views } = await timeline(tracker, ctx.messageIds);
  const exchanges = recorder.since(mark).filter((e) => ownExchange(e.url, ctx.messageIds));
  if (captures) progress("takes the worklist's pages and the documents' first pages");
  return {
    ...info(scenario),
    result,
    reason,
    startedAt: new Date(started).toISOString(),
    durationMs: Date.now() - started,
    checks: ctx.checks,
    exchanges,
    timeline: entries,
    tracker: views,
    trackerRun: tracker !== undefined,
    captures: captures ? await captures.take(scenario.id, views, exchanges, (sha) => recorder.document(sha)) : [],
  };
}
