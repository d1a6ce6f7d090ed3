// The options of validateMessage, read defensively: JavaScript callers and
// the CLI may pass anything, and validation must answer rather than throw.
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { RECIPIENT_ID_TYPES, SUBJECT_ID_TYPES } from '../schemas/message-parts.js';
import { isRoute } from '../schemas/vocabulary.js';
import type { Collector } from './collector.js';
import { UNREADABLE, get, isArray, isRecord, lengthOf } from './read.js';
import type { Route } from './types.js';

/** The options after defaults and sanity checks. */
export interface Settings {
  route: Route;
  /** Topic names to check against, or undefined to skip the check. */
  topics: readonly string[] | undefined;
  /** Current time, epoch milliseconds. */
  now: number;
  limits: Limits;
  /** The id types accepted: the documented ones and the caller's additional ones. */
  idTypes: AcceptedIdTypes;
  /** Whether a missing messageId is a problem (the service's side). */
  requireMessageId: boolean;
}

/** The id types accepted on each party (the GP route's recipient type is fixed apart from these). */
export interface AcceptedIdTypes {
  /** recipient.id.type of standard and instant sends. */
  recipient: readonly string[];
  /** subject.id.type on every route. */
  subject: readonly string[];
}

/** Reads the options; reports an unusable route and returns undefined then. */
export function readSettings(c: Collector, options: unknown): Settings | undefined {
  const source = isRecord(options) ? options : {};
  const route = get(source, 'route');
  if (!isRoute(route)) {
    c.add('(options).route', "must be 'standard', 'instant' or 'gpconnect'");
    return undefined;
  }
  const now = get(source, 'now');
  const time = now instanceof Date ? now.getTime() : NaN;
  return {
    route,
    topics: readTopics(get(source, 'topics')),
    now: Number.isFinite(time) ? time : Date.now(),
    limits: readLimits(get(source, 'limits')),
    idTypes: readIdTypes(get(source, 'additionalIdTypes')),
    requireMessageId: get(source, 'requireMessageId') === true,
  };
}

/** The documented id types plus the readable strings of each additional list. */
function readIdTypes(value: unknown): AcceptedIdTypes {
  const extra = (key: string): string[] => {
    const list = isRecord(value) ? get(value, key) : undefined;
    if (!isArray(list)) return [];
    const length = lengthOf(list);
    if (length === UNREADABLE) return [];
    return Array.from({ length }, (_, i) => get(list, i)).filter((item): item is string => typeof item === 'string' && item !== '');
  };
  return { recipient: [...RECIPIENT_ID_TYPES, ...extra('recipient')], subject: [...SUBJECT_ID_TYPES, ...extra('subject')] };
}

/** A non-empty list of topic names, else undefined: an empty list is not evidence that no topic exists. */
function readTopics(value: unknown): readonly string[] | undefined {
  if (!isArray(value)) return undefined;
  const length = lengthOf(value);
  if (length === UNREADABLE || length === 0) return undefined;
  const names: string[] = [];
  for (let i = 0; i < length; i++) {
    const name = get(value, i);
    if (typeof name === 'string') names.push(name);
  }
  return names.length > 0 ? names : undefined;
}

/** The defaults with each valid override applied; an invalid override is ignored. */
function readLimits(value: unknown): Limits {
  if (!isRecord(value)) return { ...DEFAULT_LIMITS };
  const bytes = get(value, 'maxAttachmentBytes');
  const count = get(value, 'maxAttachments');
  const types = get(value, 'gpConnectMimeTypes');
  return {
    maxAttachmentBytes: typeof bytes === 'number' && bytes >= 0 && Number.isFinite(bytes) ? bytes : DEFAULT_LIMITS.maxAttachmentBytes,
    maxAttachments: typeof count === 'number' && Number.isSafeInteger(count) && count >= 1 ? count : DEFAULT_LIMITS.maxAttachments,
    gpConnectMimeTypes: readStrings(types) ?? DEFAULT_LIMITS.gpConnectMimeTypes,
  };
}

function readStrings(value: unknown): readonly string[] | undefined {
  if (!isArray(value)) return undefined;
  const length = lengthOf(value);
  if (length === UNREADABLE || length === 0) return undefined;
  const items = Array.from({ length }, (_, i) => get(value, i));
  return items.every((item): item is string => typeof item === 'string') ? items : undefined;
}
