// What the CLI says of a GP-route subStatus: its code and where it comes
// from, and what to do, from the SDK's catalogue of the route's codes.
import { parseGpRouteSubStatus, type GpRouteSubStatus } from '../index.js';

const SOURCE_NAMES: Readonly<Record<GpRouteSubStatus['source'], string>> = {
  service: 'the service',
  mesh: 'MESH',
  'itk-infrastructure': 'ITK3 infrastructure acknowledgement',
  'itk-business': 'ITK3 business response',
};

/** `[name, text]` rows: the code (when there is one) and what to do. */
export function gpRouteLines(subStatus: string | null): [string, string][] {
  const read = parseGpRouteSubStatus(subStatus);
  const what = `${SOURCE_NAMES[read.source]}${read.final ? ', final' : ''}${read.known ? '' : ', not a code the SDK knows'}`;
  return [...(read.code === null ? [] : ([['code', `${read.code} (${what})`]] as [string, string][])), ['to do', read.action]];
}
