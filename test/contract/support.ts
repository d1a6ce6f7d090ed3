// The contract suite sends through the SDK, which generates each messageId:
// the shared fixtures with their fixed id left out.
import type { GpConnectMessageParams, InstantMessageParams, StandardMessageParams } from '../../src/index.js';
import * as fixtures from '../helpers/fixtures.js';

export { useSandbox } from '../sandbox/support.js';
export { widget } from '../helpers/fixtures.js';

/** A valid standard message for the SDK (messageId left for the SDK to generate). */
export function standardMessage(overrides: Partial<StandardMessageParams> = {}): StandardMessageParams {
  return fixtures.standardMessage({ messageId: undefined, ...overrides });
}

/** A valid instant message for the SDK (type filled in by the SDK). */
export function instantMessage(overrides: Partial<InstantMessageParams> = {}): InstantMessageParams {
  return fixtures.instantMessage({ messageId: undefined, ...overrides });
}

/** A valid GP-route message for the SDK (type and recipient.id.type filled in by the SDK). */
export function gpMessage(overrides: Partial<GpConnectMessageParams> = {}): GpConnectMessageParams {
  return fixtures.gpMessage({ messageId: undefined, ...overrides });
}
