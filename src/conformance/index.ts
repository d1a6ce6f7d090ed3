// cdms-sdk/conformance: the scripted conformance run (Node only). Re-exports only.

/**
 * The conformance run: every outcome of the service driven through the
 * public SDK and the delivery tracker, against the sandbox or a test
 * mailbox, with the evidence assessors ask for (an HTML page, JSON, a CSV
 * keyed by requirement id, a SHA-256 manifest). Node only.
 *
 * @module cdms-sdk/conformance
 */
export { runConformance, selectScenarios } from './run.js';
export { CONFORMANCE_REQUIREMENTS, type ConformanceRequirement } from './requirements.js';
export { MASKED } from './recorder.js';
export { EVIDENCE_FILES, MANIFEST_FILE } from './evidence/write.js';
export {
  CONFORMANCE_SUITES,
  type AttachmentEvidence,
  type EvidenceCapture,
  type ConformanceOptions,
  type ConformanceProgress,
  type ConformanceReport,
  type ConformanceScenarioInfo,
  type ConformanceSuite,
  type RecordedExchange,
  type ScenarioOutcome,
  type ScenarioResult,
  type TimelineEntry,
  type TrackerView,
} from './types.js';
