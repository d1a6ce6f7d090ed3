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
  return applyValueRules(components);
}
