import { z } from 'zod';
import {
  AccessCodeExchangeSchema,
  AccessTokenResponseSchema,
  AttachmentSchema,
  CodedDataItemSchema,
  GpConnectAdditionalInformationSchema,
  GpConnectMessageSchema,
  GpConnectStatusSchema,
  InstantMessageSchema,
  InvalidParameterSchema,
  MessageBodySchema,
  MessageStatusSchema,
  ProblemSchema,
  RecipientSchema,
  SendResponseSchema,
  StandardMessageSchema,
  SubjectSchema,
  TopicListSchema,
  TopicSchema,
  WidgetRegistrationSchema,
} from '../../src/index.js';
import { applyValueRules } from './value-rules.js';

/** The SDK's zod schemas under the component names the document uses. */
const NAMED: [string, z.ZodType][] = [
  ['Attachment', AttachmentSchema],
  ['CodedDataItem', CodedDataItemSchema],
  ['Recipient', RecipientSchema],
  ['Subject', SubjectSchema],
  ['MessageBody', MessageBodySchema],
  ['StandardMessage', StandardMessageSchema],
  ['InstantMessage', InstantMessageSchema],
  ['GpConnectAdditionalInformation', GpConnectAdditionalInformationSchema],
  ['GpConnectMessage', GpConnectMessageSchema],
  ['SendResponse', SendResponseSchema],
  ['MessageStatus', MessageStatusSchema],
  ['GpConnectStatus', GpConnectStatusSchema],
  ['Topic', TopicSchema],
  ['TopicList', TopicListSchema],
  ['AccessCodeExchange', AccessCodeExchangeSchema],
  ['AccessTokenResponse', AccessTokenResponseSchema],
  ['WidgetRegistration', WidgetRegistrationSchema],
  ['InvalidParameter', InvalidParameterSchema],
  ['Problem', ProblemSchema],
];

/**
 * Drops `additionalProperties: {}` (what zod writes for its loose objects)
 * everywhere: it allows nothing that JSON Schema does not allow without it,
 * and generators turn it into an open index signature, so that a misspelt
 * response field (`status.stauts`) compiles. Unknown fields stay allowed.
 */
function dropEmptyAdditionalProperties(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(dropEmptyAdditionalProperties);
  if (node === null || typeof node !== 'object') return;
  const record = node as Record<string, unknown>;
  const extra = record.additionalProperties;
  if (extra !== null && typeof extra === 'object' && Object.keys(extra).length === 0) delete record.additionalProperties;
  Object.values(record).forEach(dropEmptyAdditionalProperties);
}

/**
 * JSON Schema 2020-12 (OpenAPI 3.1's own dialect) of every component, from
 * zod 4's generator: nested registered schemas become `$ref`s, and the
 * schemas' `.describe()` texts become descriptions. Requests and responses
 * share one shape here: the wire format is the same both ways. The service's
 * value rules are laid over them (value-rules.ts).
 */
export function componentSchemas(): Record<string, unknown> {
  const registry = z.registry<{ id: string }>();
  for (const [id, schema] of NAMED) registry.add(schema, { id });
  const { schemas } = z.toJSONSchema(registry, {
    target: 'draft-2020-12',
    uri: (id) => `#/components/schemas/${id}`,
    unrepresentable: 'any',
  });
  const components = Object.fromEntries(
    Object.entries(schemas).map(([id, schema]) => {
      const { $schema: _s, $id: _i, ...rest } = schema as Record<string, unknown>;
      return [id, rest];
    }),
  );
  dropEmptyAdditionalProperties(components);
  return applyValueRules(components);
}
