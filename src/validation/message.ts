// validateMessage: the local pre-validation rules (docs/validation.md) for the
// three send routes, gathered into invalidParameters like the server's.
import { GPCONNECT_MESSAGE_TYPE } from '../schemas/gpconnect.js';
import { BODY_MIME_TYPES } from '../schemas/message-parts.js';
import { INSTANT_MESSAGE_TYPE } from '../schemas/message.js';
import { UUID_PATTERN } from '../schemas/uuid.js';
import { PIECE_CHARS, nextTurn } from '../internal/json-pieces.js';
import { checkAttachments } from './attachments.js';
import type { DecodedTexts } from './decoded-texts.js';
import { checkCodedDataItems } from './coded-data.js';
import { Collector } from './collector.js';
import { describeType, objectField, stringField, unknownFields } from './fields.js';
import { checkGpConnectInformation } from './gpconnect.js';
import { checkRecipient, checkSubject } from './parties.js';
import { likelyTypoOf } from './near-miss.js';
import { isArray, isRecord } from './read.js';
import { parseRfc3339 } from './rfc3339.js';
import { readSettings, type Settings } from './settings.js';
import type { Route, ValidateMessageOptions, ValidationResult } from './types.js';

const COMMON_FIELDS = ['messageId', 'topic', 'recipient', 'subject', 'expiryDateTime', 'body', 'attachments'];

const ROUTE_FIELDS: Readonly<Record<Route, readonly string[]>> = {
  standard: [...COMMON_FIELDS, 'codedDataItems'],
  instant: [...COMMON_FIELDS, 'type', 'codedDataItems'],
  gpconnect: [...COMMON_FIELDS, 'type', 'gpConnectAdditionalInformation'],
};

const ROUTE_HINTS: Readonly<Record<Route, Readonly<Record<string, string>>>> = {
  standard: {
    type: 'must be absent on a standard send; for an instant or GP-route message use cdms.instant.send() or cdms.gpconnect.send()',
    gpConnectAdditionalInformation: 'only allowed on the GP route (cdms.gpconnect.send())',
  },
  instant: { gpConnectAdditionalInformation: 'only allowed on the GP route (cdms.gpconnect.send())' },
  gpconnect: { codedDataItems: 'not allowed on the GP route; send coded data items with cdms.messages.send()' },
};

const ROUTE_TYPE: Readonly<Record<Route, string | undefined>> = {
  standard: undefined,
  instant: INSTANT_MESSAGE_TYPE,
  gpconnect: GPCONNECT_MESSAGE_TYPE,
};

/**
 * Validates a message for a route without sending it, with every rule of
 * the SDK's local pre-validation (see docs/validation.md). Never throws:
 * whatever it is given, it answers with a {@link ValidationResult} whose
 * `invalidParameters` have the server's shape and never echo patient data,
 * file names or content.
 *
 * @example
 * ```ts
 * const result = validateMessage(message, { route: 'standard', topics: ['Discharge Summary'] });
 * if (!result.ok) console.table(result.invalidParameters);
 * ```
 */
export function validateMessage(message: unknown, options: ValidateMessageOptions): ValidationResult {
  return validateMessageKeeping(message, options);
}

/** {@link validateMessage}, keeping the text attachments it decodes whole (for the send's wrong-patient check). Internal. */
export function validateMessageKeeping(message: unknown, options: ValidateMessageOptions, decodedTexts?: DecodedTexts): ValidationResult {
  const c = new Collector();
  try {
    const settings = readSettings(c, options);
    if (settings) runToEnd(checkMessage(c, message, settings, decodedTexts));
  } catch {
    // Every read of caller data is guarded: only what no guard covers gets
    // here (a Proxy as options.now whose prototype cannot be read, the end of
    // the call stack), and a bug must never turn into an exception on the send path.
    c.add('(root)', 'could not be validated; pass plain JSON data');
  }
  return c.result();
}

/**
 * {@link validateMessageKeeping} for the send path: the same rules and the
 * same result, but the event loop runs (a turn, `nextTurn`) whenever about
 * a piece's worth (`PIECE_CHARS`) of attachment content have been checked since
 * the last turn, so a message with several large attachments never holds it
 * for the whole check. A small message is checked without a turn. Internal.
 */
export async function validateMessageKeepingAsync(message: unknown, options: ValidateMessageOptions, decodedTexts?: DecodedTexts): Promise<ValidationResult> {
  const c = new Collector();
  try {
    const settings = readSettings(c, options);
    let sinceTurn = 0;
    if (settings) {
      for (const read of checkMessage(c, message, settings, decodedTexts)) {
        sinceTurn += read;
        if (sinceTurn < PIECE_CHARS) continue;
        sinceTurn = 0;
        await nextTurn();
      }
    }
  } catch {
    // Every read of caller data is guarded: only what no guard covers gets
    // here (a Proxy as options.now whose prototype cannot be read, the end of
    // the call stack), and a bug must never turn into an exception on the send path.
    c.add('(root)', 'could not be validated; pass plain JSON data');
  }
  return c.result();
}

/** Runs a generator to its end at once, ignoring what it yields. */
function runToEnd(steps: Generator<unknown, void, undefined>): void {
  while (!steps.next().done);
}

/**
 * Checks the topic alone against a topic list: the send path validates the
 * rest first, without a list, and reads the list (a request, when not
 * cached) only for a message that is otherwise valid. Internal.
 */
export function validateTopic(message: unknown, topics: readonly string[]): ValidationResult {
  const c = new Collector();
  // An empty list checks nothing, as validateMessage's `topics` option: a service answering
  // [] (or a test double with no topics) must not make every topic unknown.
  if (isRecord(message)) checkTopic(c, message, topics.length > 0 ? topics : undefined);
  return c.result();
}

/** Checks the message; yields after each attachment the characters of content it read (see checkAttachments). */
function* checkMessage(c: Collector, message: unknown, settings: Settings, decodedTexts: DecodedTexts | undefined): Generator<number, void, undefined> {
  if (!isRecord(message)) {
    const what = isArray(message) ? 'an array' : describeType(message);
    return c.add('(root)', `the message must be an object, not ${what}`);
  }
  const { route } = settings;
  if (!unknownFields(c, message, '', ROUTE_FIELDS[route], ROUTE_HINTS[route])) return;
  checkType(c, message, route);
  const messageId = stringField(c, message, 'messageId', '', { required: settings.requireMessageId, show: true });
  if (messageId !== undefined && !UUID_PATTERN.test(messageId)) {
    c.add('messageId', 'must be a UUID (8-4-4-4-12 hexadecimal digits); omit it to have one generated', messageId);
  }
  checkTopic(c, message, settings.topics);
  checkRecipient(c, message, route, settings.idTypes);
  checkSubject(c, message, settings.idTypes);
  checkExpiry(c, message, settings.now);
  checkBody(c, message);
  yield* checkAttachments(c, message, route, settings.limits, decodedTexts);
  if (route === 'gpconnect') checkGpConnectInformation(c, message);
  else checkCodedDataItems(c, message);
}

function checkType(c: Collector, message: object, route: Route): void {
  const expected = ROUTE_TYPE[route];
  if (expected === undefined) return; // a type on a standard send is reported as a field that must be absent
  const type = stringField(c, message, 'type', '', { required: true, show: true });
  if (type !== undefined && type !== expected) c.add('type', `must be '${expected}' on this route`, type);
}

function checkTopic(c: Collector, message: object, topics: readonly string[] | undefined): void {
  const topic = stringField(c, message, 'topic', '', { required: true, nonEmpty: true, show: true });
  if (topic === undefined || topics === undefined || topics.includes(topic)) return;
  const near = topics.find((t) => t.trim().toLowerCase() === topic.trim().toLowerCase()) ?? likelyTypoOf(topic, topics);
  const hint = near === undefined ? 'see cdms.topics.list()' : `did you mean '${near}'? Names are compared exactly`;
  c.add('topic', `is not in the topic list of this environment; ${hint}`, topic);
}

function checkExpiry(c: Collector, message: object, now: number): void {
  const expiry = stringField(c, message, 'expiryDateTime', '', { required: false, show: true });
  if (expiry === undefined) return;
  const parsed = parseRfc3339(expiry);
  if (!parsed.ok) c.add('expiryDateTime', parsed.reason, expiry);
  else if (parsed.epochMs <= now) c.add('expiryDateTime', 'must be in the future', expiry);
}

function checkBody(c: Collector, message: object): void {
  const body = objectField(c, message, 'body', '', false);
  if (!body) return;
  unknownFields(c, body, 'body', ['mimeType', 'content']);
  const mimeType = stringField(c, body, 'mimeType', 'body', { required: true, show: true });
  if (mimeType !== undefined && !(BODY_MIME_TYPES as readonly string[]).includes(mimeType)) {
    c.add('body.mimeType', "must be 'text/plain' or 'text/html'", mimeType);
  }
  stringField(c, body, 'content', 'body', { required: true });
}
