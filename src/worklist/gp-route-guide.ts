// On the GP route a refusal's code says who refused and what to do (the
// code catalogue, src/schemas/gp-route-codes.ts): the message exchange
// (MESH) or the practice's system refusing a message the practice never saw
// is not "Rejected by the practice", and "check the NHS number against PDS"
// is not "phone the practice". When the code is known, the heading, the
// meaning and the steps all come from it, so a page gives one instruction.
import type { GpRouteCodeSource } from '../schemas/gp-route-codes.js';
import { parseGpRouteSubStatus } from '../schemas/gp-route-substatus.js';
import type { TrackedMessage } from '../tracker/index.js';

/** What a page says about a GP-route refusal, from its code. */
export interface GpRouteGuide {
  /** Who refused it, as the heading says it. */
  heading: string;
  /** What the code means. */
  meaning: string;
  /** What to do: the catalogue's action, then the note. */
  steps: readonly string[];
  /** The code, for the technical detail. */
  code: string;
}

/** Who refused, by the code's source. */
export const REFUSED_BY: Readonly<Record<GpRouteCodeSource, string>> = {
  mesh: 'Refused by the message exchange (MESH)',
  'itk-infrastructure': "Refused by the practice's system, before anyone at the practice saw it",
  'itk-business': 'Rejected by the practice',
  service: 'Refused by the service',
};

/** The closing step of every code's guidance: the audit keeps what was done. */
export const NOTE_STEP = 'Write down what you did in the note, then acknowledge.';

/** The guide of a GP-route message whose status holds a known refusal code; undefined otherwise (the reason's own words apply). */
export function gpRouteGuide(message: Pick<TrackedMessage, 'route' | 'subStatus'>): GpRouteGuide | undefined {
  if (message.route !== 'gpconnect' || !message.subStatus) return undefined;
  const read = parseGpRouteSubStatus(message.subStatus);
  if (!read.known || read.outcome !== 'negative' || !read.code) return undefined;
  return { heading: REFUSED_BY[read.source], meaning: read.meaning, steps: [read.action, NOTE_STEP], code: read.code };
}
