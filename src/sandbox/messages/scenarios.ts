// Test scenarios driven from the message itself, as NHS API sandboxes offer
// them, so a sender tests every outcome through its own screens without a
// control call (decision D-SANDBOX-19):
// - GP route: the practitioner's given name set to an ITK3 or MESH code, or
//   to `noresponse`, `noinfack` or `nobusack` (the ITK3 Test Harness's way:
//   https://github.com/nhsconnect/gpconnect-provider-testing/wiki/ITK-Test-Harness-Triggers);
// - standard and instant routes: a reserved test NHS number (999 range,
//   never issued to a patient) as the subject.
// The plan is a list of timed steps, applied by the same clock as expiry, so
// a manual clock's `advance` drives it too; a manual move of the message ends it.
import { GP_ROUTE_CODES, ITK_INFRASTRUCTURE_SUCCESS, formatGpRouteSubStatus, type GpRouteCode } from '../../schemas/gp-route-codes.js';
import { ITK_IMPORTED } from '../reference-data.js';
import { FAILED_INSTANT_IMPORT, ITK_SUCCESS, SENT_TO_MESH } from '../../schemas/vocabulary.js';
import type { Route } from '../../validation/index.js';
import { isRecord } from '../../internal/is-record.js';

/** Which test scenario a message triggered, as the console and `getMessage` show it. */
export interface MessageScenario {
  /** The trigger value: an ITK3 or MESH code, `noresponse`, `noinfack`, `nobusack`, or a standard-route scenario's name (`import`, `reject`, ...). */
  name: string;
  /** Where it was read: the practitioner's given name (GP route) or the subject's NHS number (standard and instant routes). */
  trigger: 'practitioner given name' | 'subject NHS number';
  /** The path the sandbox walks, in words. */
  description: string;
}

/** One timed move of a scenario. Internal. */
export interface ScenarioStep {
  /** When it happens (epoch ms). */
  at: number;
  /** `status`: the message moves to `status`/`subStatus`; `expire`: it expires. */
  kind: 'status' | 'expire';
  status: string;
  subStatus: string | null;
  /** The history's "what happened". */
  cause: string;
}

/** A scenario with the steps still to come. Internal. */
export interface ScenarioState extends MessageScenario {
  steps: ScenarioStep[];
}

/**
 * The reserved subject NHS numbers of the standard and instant routes and the
 * scenario each starts. Test numbers (999 range, valid check digits): NHS
 * numbers starting 999 are never issued to a patient.
 */
export const SCENARIO_NHS_NUMBERS: Readonly<Record<string, 'import' | 'reject' | 'fail' | 'expire' | 'fallback'>> = Object.freeze({
  '9990001006': 'import',
  '9990001014': 'reject',
  '9990001022': 'fail',
  '9990001030': 'expire',
  '9990001049': 'fallback',
});

/** The GP route's trigger words besides the codes. */
export const GP_SCENARIO_WORDS = ['noresponse', 'noinfack', 'nobusack'] as const;

interface PlannedStep {
  /** After how many step intervals. */
  step: number;
  kind: ScenarioStep['kind'];
  status: string;
  subStatus: string | null;
  cause: string;
}

const byCode = new Map(GP_ROUTE_CODES.map((c) => [c.code.toLowerCase(), c]));

const received = (step = 1): PlannedStep => ({
  step,
  kind: 'status',
  status: 'PENDING',
  subStatus: ITK_SUCCESS,
  cause: 'scenario: received by the practice (infrastructure acknowledgement)',
});

const finished = (code: GpRouteCode | undefined, step: number): PlannedStep[] => {
  if (!code) return [];
  const status = code.outcome === 'positive' ? 'COMPLETED' : 'REJECTED';
  const by = code.source === 'mesh' ? 'MESH' : code.source === 'itk-business' ? 'the practice (business response)' : 'the practice (infrastructure acknowledgement)';
  return [{ step, kind: 'status', status, subStatus: formatGpRouteSubStatus(code), cause: `scenario: ${status === 'COMPLETED' ? 'filed' : 'rejected'} by ${by}` }];
};

function pathText(steps: readonly PlannedStep[], rest: string): string {
  const moves = steps.map((s) => (s.kind === 'expire' ? 'EXPIRED' : `${s.status}${s.subStatus ? ` '${s.subStatus}'` : ''}`));
  return [...moves, rest].filter((s) => s !== '').join(', then ');
}

/** The GP route's plan for a practitioner's given name, or undefined when it is no trigger. */
function gpPlan(given: string): { name: string; steps: PlannedStep[]; description: string } | undefined {
  const word = given.trim().toLowerCase();
  if (word === 'noresponse') return { name: word, steps: [], description: `stays '${SENT_TO_MESH}': no acknowledgement of any kind (it expires at its expiryDateTime, if it has one)` };
  if (word === 'nobusack') {
    const steps = [received()];
    return { name: word, steps, description: pathText(steps, 'no business response') };
  }
  if (word === 'noinfack') {
    const steps = finished(ITK_IMPORTED, 2);
    return { name: word, steps, description: `no infrastructure acknowledgement; ${pathText(steps, '')}` };
  }
  const code = byCode.get(word);
  if (!code || code.source === 'service') return undefined;
  let steps: PlannedStep[];
  if (code.code === ITK_INFRASTRUCTURE_SUCCESS) steps = [received(), ...finished(ITK_IMPORTED, 2)];
  else if (code.source === 'itk-business') steps = [received(), ...finished(code, 2)];
  else steps = finished(code, 1);
  return { name: code.code, steps, description: pathText(steps, '') };
}

/** The standard and instant routes' plan for a subject NHS number, or undefined when it is not reserved. */
function reservedPlan(nhsNumber: string, route: Route): { name: string; steps: PlannedStep[]; description: string } | undefined {
  const name = SCENARIO_NHS_NUMBERS[nhsNumber];
  if (!name || (name === 'fallback' && route !== 'instant')) return undefined;
  const instant = route === 'instant';
  const step: PlannedStep =
    name === 'import'
      ? { step: 1, kind: 'status', status: 'COMPLETED', subStatus: null, cause: instant ? 'scenario: imported automatically by the toolbar' : 'scenario: imported by the practice' }
      : name === 'reject'
        ? { step: 1, kind: 'status', status: 'REJECTED', subStatus: null, cause: 'scenario: rejected by the practice' }
        : name === 'fail'
          ? { step: 1, kind: 'status', status: 'FAILED', subStatus: null, cause: 'scenario: the import into the record failed' }
          : name === 'expire'
            ? { step: 1, kind: 'expire', status: 'EXPIRED', subStatus: null, cause: 'scenario: expired before the practice took it' }
            : { step: 1, kind: 'status', status: 'PENDING', subStatus: FAILED_INSTANT_IMPORT, cause: 'scenario: the automatic import failed; it waits as a standard message' };
  const steps = [step];
  return { name, steps, description: pathText(steps, '') };
}

const textAt = (value: unknown, ...path: string[]): string | undefined => {
  const found = path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), value);
  return typeof found === 'string' ? found : undefined;
};

/**
 * The scenario a newly accepted message triggers, with its steps timed from
 * `now`, one `stepMs` apart; undefined for an ordinary message.
 */
export function planScenario(body: Record<string, unknown>, route: Route, now: number, stepMs: number): ScenarioState | undefined {
  const given = route === 'gpconnect' ? textAt(body, 'gpConnectAdditionalInformation', 'practitioner', 'name', 'given') : undefined;
  const nhsNumber = route === 'gpconnect' ? undefined : textAt(body, 'subject', 'id', 'value');
  const plan = given !== undefined ? gpPlan(given) : nhsNumber !== undefined ? reservedPlan(nhsNumber, route) : undefined;
  if (!plan) return undefined;
  return {
    name: plan.name,
    trigger: route === 'gpconnect' ? 'practitioner given name' : 'subject NHS number',
    description: plan.description,
    steps: plan.steps.map(({ step, ...rest }) => ({ ...rest, at: now + step * stepMs })),
  };
}

/** The scenario as the outside world sees it (no steps). */
export function scenarioView(scenario: ScenarioState | undefined): MessageScenario | null {
  return scenario ? { name: scenario.name, trigger: scenario.trigger, description: scenario.description } : null;
}
