import { OPERATION_NAMES, type OperationName } from '../../schemas/operations.js';
import { SandboxError } from '../errors.js';
import { isRecord } from '../../internal/is-record.js';

/**
 * Faults the sandbox injects, each decided per request from the seed (see
 * `FaultInjector`). Rates are shares between 0 and 1; durations are
 * milliseconds. Everything defaults to "no fault".
 */
export interface SandboxFaults {
  /**
   * Share of otherwise valid GP-route sends answered 503 (the national
   * infrastructure did not take the message); nothing is stored.
   */
  gpconnect503Rate?: number | undefined;
  /** `Retry-After` in seconds on injected 503s; no header when absent. */
  retryAfterSeconds?: number | undefined;
  /** Share of requests answered 500 before any processing; nothing is stored. */
  internalErrorRate?: number | undefined;
  /** Delay added before every request is processed, in milliseconds. */
  latencyMs?: number | undefined;
  /** Share of requests whose response is held back by `slowMs` after processing. */
  slowRate?: number | undefined;
  /** How long a slow response is held back, in milliseconds. @defaultValue 0 */
  slowMs?: number | undefined;
  /** Share of requests whose connection is destroyed before processing: nothing is stored. */
  resetBeforeRate?: number | undefined;
  /** Share of requests processed (a send is stored) whose connection is then destroyed without a response. */
  resetAfterRate?: number | undefined;
  /** Only these operations get the faults above. @defaultValue every operation */
  operations?: readonly OperationName[] | undefined;
}

/**
 * A one-shot fault: the next `count` requests of `operation` are answered
 * with `status`. A 503 scripted for `gpconnect.send` hits only sends that
 * are otherwise valid, as the real route's 503 does; every other scripted
 * fault hits before processing.
 */
export interface ScriptedFault {
  /** Which operation (the SDK's operation names, e.g. 'gpconnect.send'). */
  operation: OperationName;
  /** 500, or 503 (what the spec lists for the GP route). */
  status: 500 | 503;
  /** How many requests. @defaultValue 1 */
  count?: number | undefined;
  /** `Retry-After` in seconds on a 503. */
  retryAfterSeconds?: number | undefined;
}

/** Every operation name, in the operation table's order. */
export { OPERATION_NAMES };

const RATE_KEYS = ['gpconnect503Rate', 'internalErrorRate', 'slowRate', 'resetBeforeRate', 'resetAfterRate'] as const;
const MS_KEYS = ['latencyMs', 'slowMs', 'retryAfterSeconds'] as const;
const KNOWN_KEYS = new Set<string>([...RATE_KEYS, ...MS_KEYS, 'operations']);


function checkOperation(value: unknown, where: string): OperationName {
  if (typeof value !== 'string' || !(OPERATION_NAMES as readonly string[]).includes(value)) {
    throw new SandboxError('invalid', `${where} must be one of ${OPERATION_NAMES.join(', ')}.`);
  }
  return value as OperationName;
}

function checkWhole(value: unknown, where: string, max = 2_147_483_647): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    throw new SandboxError('invalid', `${where} must be a whole number from 0 to ${max}.`);
  }
  return value;
}

/**
 * Checks fault options (from code or from the control API's JSON) and returns
 * a clean copy. Unknown keys are refused, so a misspelt fault is not silently
 * ignored.
 */
export function checkFaults(input: unknown): SandboxFaults {
  if (input === undefined) return {};
  if (!isRecord(input)) throw new SandboxError('invalid', 'faults must be an object.');
  const unknown = Object.keys(input).filter((k) => !KNOWN_KEYS.has(k));
  if (unknown.length > 0) throw new SandboxError('invalid', `Unknown fault option(s): ${unknown.join(', ')}.`);
  const out: SandboxFaults = {};
  for (const key of RATE_KEYS) {
    const v = input[key];
    if (v === undefined) continue;
    if (typeof v !== 'number' || !(v >= 0 && v <= 1)) throw new SandboxError('invalid', `faults.${key} must be a number from 0 to 1.`);
    out[key] = v;
  }
  for (const key of MS_KEYS) {
    if (input[key] !== undefined) out[key] = checkWhole(input[key], `faults.${key}`);
  }
  const ops = input.operations;
  if (ops !== undefined) {
    if (!Array.isArray(ops)) throw new SandboxError('invalid', 'faults.operations must be an array of operation names.');
    out.operations = Object.freeze(ops.map((op, i) => checkOperation(op, `faults.operations[${i}]`)));
  }
  return out;
}

/** Checks a scripted fault and fills in its count. */
export function checkScriptedFault(input: unknown): ScriptedFault & { count: number } {
  if (!isRecord(input)) throw new SandboxError('invalid', 'A scripted fault must be an object.');
  const operation = checkOperation(input.operation, 'operation');
  if (input.status !== 500 && input.status !== 503) throw new SandboxError('invalid', 'status must be 500 or 503.');
  const count = input.count === undefined ? 1 : checkWhole(input.count, 'count', 1_000_000);
  if (count < 1) throw new SandboxError('invalid', 'count must be at least 1.');
  const fault: ScriptedFault & { count: number } = { operation, status: input.status, count };
  if (input.retryAfterSeconds !== undefined) fault.retryAfterSeconds = checkWhole(input.retryAfterSeconds, 'retryAfterSeconds');
  return fault;
}
