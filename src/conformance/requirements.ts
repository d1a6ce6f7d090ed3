// The requirements a conformance run gives evidence for, each with a stable
// id: the interface specification's sections (CDMS-...), and the GP route's
// acknowledgement and refusal codes (ITK3-<code>, MESH-<code>) of the
// catalogue in schemas/gp-route-codes.ts. The CSV of the evidence is keyed
// by these ids, one row each, so a SCAL's evidence column can cite a row.
import { GP_ROUTE_CODES, type GpRouteCode } from '../schemas/gp-route-codes.js';

/** One requirement: its id, and where it is stated. */
export interface ConformanceRequirement {
  /** Stable id, e.g. `CDMS-SEND` or `ITK3-30002`. */
  readonly id: string;
  /** What it requires, in a few words, and where it is stated. */
  readonly text: string;
}

const SPEC = 'Interface specification';

/** The interface specification's requirements, by section. */
const SPEC_REQUIREMENTS: readonly ConformanceRequirement[] = [
  { id: 'CDMS-TEST', text: `${SPEC}, Connectivity test: GET /api/v1/test answers with the API key accepted` },
  { id: 'CDMS-TOPICS', text: `${SPEC}, Query topics: the topic of every send is one the service lists` },
  { id: 'CDMS-SEND', text: `${SPEC}, Send message: a standard message with a PDF is accepted and given a status endpoint` },
  { id: 'CDMS-STATUS', text: `${SPEC}, Message status values: the sender follows each message to a final status` },
  { id: 'CDMS-VALIDATION', text: `${SPEC}, Resources and their fields: invalid input is refused before anything is sent` },
  { id: 'CDMS-ERRORS', text: `${SPEC}, Errors: a refusal (400) is read and reported, not retried` },
  { id: 'CDMS-CONTENT', text: `${SPEC}, Errors: an attachment whose content was rejected is never sent again` },
  { id: 'CDMS-RETRY', text: `${SPEC}, Errors: a 503 is retried with the same messageId` },
  { id: 'CDMS-UNCLEAR', text: `${SPEC}, Errors: an unclear attempt is settled by looking the messageId up, never by a blind resend` },
  { id: 'CDMS-INSTANT', text: `${SPEC}, Send instant message: imported by the user's running toolbar` },
  { id: 'CDMS-FALLBACK', text: `${SPEC}, Message status values: a failed instant import falls back to a standard message` },
  { id: 'CDMS-TOKEN', text: `${SPEC}, Access code and access token: exchange once, verify, and a revoked token is not valid` },
  { id: 'CDMS-WIDGET', text: `${SPEC}, Register widget: a widget registration is accepted` },
  { id: 'CDMS-GP-SEND', text: `${SPEC}, Send GP-route message: accepted and followed on the GP-route status endpoint` },
  { id: 'CDMS-GP-ACK', text: `${SPEC}, Status and subStatus combinations on the GP-route status endpoint: a missing acknowledgement is noticed` },
  { id: 'CDMS-GP-REPLACE', text: 'GP Connect Send Document: a replacement carries versionNumber + 1 and relatesTo the version it replaces' },
];

/** The requirement id of a GP-route code: `ITK3-30002`, `MESH-EPL-153`. */
export function gpCodeRequirementId(code: GpRouteCode): string {
  return `${code.source === 'mesh' ? 'MESH' : 'ITK3'}-${code.code}`;
}

/** The GP-route codes the sandbox can drive from a message: every ITK3 and MESH code of the catalogue. */
export const DRIVABLE_GP_CODES: readonly GpRouteCode[] = GP_ROUTE_CODES.filter((c) => c.source !== 'service');

/** Every requirement a conformance run can give evidence for, keyed by id in the evidence's CSV. */
export const CONFORMANCE_REQUIREMENTS: readonly ConformanceRequirement[] = Object.freeze([
  ...SPEC_REQUIREMENTS,
  ...DRIVABLE_GP_CODES.map((c) => ({ id: gpCodeRequirementId(c), text: `GP-route catalogue, ${c.code} ${c.display}: ${c.meaning}` })),
]);
