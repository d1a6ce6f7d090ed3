import { SandboxError } from '../errors.js';
import { ITK_SUCCESS, SENT_TO_MESH, isTerminalStatus } from '../../schemas/vocabulary.js';
import { formatGpRouteSubStatus } from '../../schemas/gp-route-codes.js';
import { ITK_IMPORTED, ITK_REJECTED, MESH_REJECTED } from '../reference-data.js';
import { markExpired } from './lifecycle.js';
import { changeStatus, type MessageRecord } from './record.js';

/** A practice user's action in the toolbar. */
export type ToolbarAction = 'import' | 'reject' | 'fail';

const TOOLBAR_RESULT = { import: 'COMPLETED', reject: 'REJECTED', fail: 'FAILED' } as const;

function refuseTerminal(r: MessageRecord): void {
  if (isTerminalStatus(r.status)) {
    throw new SandboxError('conflict', `Message ${r.messageId} is ${r.status}, a terminal status: it never changes.`);
  }
}

/**
 * A practice user imports, rejects or fails to import a standard or instant
 * message. Allowed from PENDING; import and reject also from FAILED (the spec
 * does not say FAILED is terminal, so a retried import can still finish it).
 */
export function toolbarAction(r: MessageRecord, action: ToolbarAction, now: number): void {
  if (r.route === 'gpconnect') {
    throw new SandboxError('conflict', `Message ${r.messageId} went by the GP route; use gpRoute.advance() instead of the toolbar.`);
  }
  refuseTerminal(r);
  if (action === 'fail' && r.status === 'FAILED') throw new SandboxError('conflict', `Message ${r.messageId} is already FAILED.`);
  changeStatus(r, TOOLBAR_RESULT[action], null, now, `toolbar: ${action}`);
  if (r.instant) r.instant.phase = 'standard';
}

/** Expires a message now, as if its expiry had passed. */
export function expireNow(r: MessageRecord, now: number): void {
  refuseTerminal(r);
  if (r.route === 'gpconnect' && r.subStatus !== SENT_TO_MESH) {
    throw new SandboxError('conflict', `Message ${r.messageId} has reached the practice ('${r.subStatus}'); only a message still in MESH expires.`);
  }
  markExpired(r, now, 'expired by the sandbox control');
}

/**
 * Where `gpRoute.advance()` takes a GP-route message. Without one, the next
 * step of the happy path: 'Sent to MESH' → '20013 - Success' → COMPLETED.
 * - `received`: '20013 - Success' (the practice's system acknowledged receipt);
 * - `completed`: COMPLETED '30001-Patient known here' (after receipt only);
 * - `rejected`: REJECTED '30002-Patient not known here' (an ITK3 rejection);
 * - `mesh-rejected`: REJECTED 'EPL-153-ERROR_NHSNUMBER_NOT_FOUND' (while in MESH only);
 * - `expired`: EXPIRED with a null subStatus (while in MESH only);
 * - `{ status, code, display }`: COMPLETED or REJECTED with the subStatus '{code}-{display}'.
 */
export type GpRouteOutcome =
  | 'received'
  | 'completed'
  | 'rejected'
  | 'mesh-rejected'
  | 'expired'
  | {
      /** The final status. */
      status: 'COMPLETED' | 'REJECTED';
      /** An ITK3 response code or a MESH error code, e.g. '20004'. */
      code: string;
      /** Its display name or description. */
      display: string;
    };

/** Completes or rejects a GP-route message with `subStatus` (a catalogue code's, or the caller's '{code}-{display}'). */
function finish(r: MessageRecord, status: 'COMPLETED' | 'REJECTED', subStatus: string, received: boolean, now: number): void {
  if (status === 'COMPLETED' && !received) {
    throw new SandboxError('conflict', `Message ${r.messageId} is still in MESH: advance it to '${ITK_SUCCESS}' before it can complete.`);
  }
  changeStatus(r, status, subStatus, now, status === 'COMPLETED' ? 'GP route: imported by the practice' : 'GP route: rejected by the practice');
}

/** Moves a GP-route message one step (spec: GP-route combinations, in their stated order). */
export function advanceGpRoute(r: MessageRecord, outcome: GpRouteOutcome | undefined, now: number): void {
  if (r.route !== 'gpconnect') {
    throw new SandboxError('conflict', `Message ${r.messageId} is not a GP-route message; use the toolbar controls.`);
  }
  refuseTerminal(r);
  const received = r.subStatus === ITK_SUCCESS;
  const step = outcome ?? (received ? 'completed' : 'received');
  const inMeshOnly = (what: string) => {
    if (received) throw new SandboxError('conflict', `Message ${r.messageId} has reached the practice; '${what}' applies only while it is in MESH.`);
  };
  if (typeof step === 'object') return finish(r, step.status, `${step.code}-${step.display}`, received, now);
  switch (step) {
    case 'received':
      inMeshOnly('received');
      return changeStatus(r, 'PENDING', ITK_SUCCESS, now, 'GP route: received by the practice');
    case 'completed':
      return finish(r, 'COMPLETED', formatGpRouteSubStatus(ITK_IMPORTED), received, now);
    case 'rejected':
      return finish(r, 'REJECTED', formatGpRouteSubStatus(ITK_REJECTED), received, now);
    case 'mesh-rejected':
      inMeshOnly('mesh-rejected');
      return changeStatus(r, 'REJECTED', formatGpRouteSubStatus(MESH_REJECTED), now, 'GP route: rejected by MESH');
    case 'expired':
      inMeshOnly('expired');
      return markExpired(r, now, 'GP route: not routed in time');
  }
}

/** Checks an outcome that came as JSON (control API). */
export function checkGpRouteOutcome(value: unknown): GpRouteOutcome | undefined {
  if (value === undefined || value === null) return undefined;
  if (value === 'received' || value === 'completed' || value === 'rejected' || value === 'mesh-rejected' || value === 'expired') return value;
  if (typeof value === 'object' && !Array.isArray(value)) {
    const { status, code, display } = value as Record<string, unknown>;
    const text = (v: unknown) => typeof v === 'string' && v.trim() !== '';
    if ((status === 'COMPLETED' || status === 'REJECTED') && text(code) && text(display)) {
      return { status, code: code as string, display: display as string };
    }
  }
  throw new SandboxError(
    'invalid',
    "outcome must be 'received', 'completed', 'rejected', 'mesh-rejected', 'expired' or { status: 'COMPLETED' | 'REJECTED', code, display }.",
  );
}
