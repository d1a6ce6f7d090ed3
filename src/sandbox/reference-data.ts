import { GP_ROUTE_CODES, type GpRouteCode } from '../schemas/gp-route-codes.js';

/**
 * ODS codes of the practices that "use the service" in the sandbox
 * (spec, Errors rule 2: a send to any other organisation is a validation
 * problem). GP practice codes have the shape of one letter and five digits
 * (NHS Prescription Pricing Division's practice code format).
 */
export const DEFAULT_RECIPIENTS: readonly string[] = Object.freeze(['A81001', 'A81002', 'A81004', 'B86022', 'L81008']);

/** The topic names the sandbox serves on GET /api/v1/topics. */
export const DEFAULT_TOPICS: readonly string[] = Object.freeze([
  'Discharge Summary',
  'Consultation Summary',
  'Out of Hours Consultation',
  'Pharmacy Consultation',
  'Clinic Letter',
  'Test Results',
]);

/**
 * The sandbox's own reason for an instant message that became a standard
 * one because the user's toolbar did not run in time. The spec gives no text
 * for it (decision D-SANDBOX-03); senders must not match on it.
 */
export const NOT_IMPORTED_IN_TIME = 'Not imported automatically: the toolbar was not running';

/** The sandbox's own reason for an instant message that expired before import. */
export const EXPIRED_BEFORE_IMPORT = 'Expired before it was imported';

/**
 * A code of the GP route's catalogue (schemas/gp-route-codes.ts), where its
 * display and meaning are written once. A code missing there fails as the
 * sandbox loads, never as a silently different subStatus.
 */
function catalogued(code: string): GpRouteCode {
  const found = GP_ROUTE_CODES.find((c) => c.code === code);
  if (!found) throw new Error(`The GP-route catalogue has no code ${code}`);
  return found;
}

/**
 * ITK3 business acknowledgement on import: "Patient known here"
 * (ITK3 response codes, prefix 3; GP Connect Send Document).
 */
export const ITK_IMPORTED: GpRouteCode = catalogued('30001');

/** ITK3 negative business acknowledgement used by the `rejected` outcome. */
export const ITK_REJECTED: GpRouteCode = catalogued('30002');

/** MESH routing error used by the `mesh-rejected` outcome (EPL-15x, GP Connect Send Document). */
export const MESH_REJECTED: GpRouteCode = catalogued('EPL-153');
