import { z } from 'zod';

/** One offending field of a validation problem. */
export const InvalidParameterSchema = z.object({
  /** The offending field as a dotted path, e.g. attachments[2].fileName. */
  name: z.string().describe('The offending field as a dotted path, e.g. attachments[2].fileName.'),
  /** Why it is invalid. */
  reason: z.string().describe('Why it is invalid.'),
  /** The offending value, where it is safe to show. */
  value: z.unknown().optional().describe('The offending value, where it is safe to show.'),
});

/** One offending field of a validation problem (spec: invalidParameters). */
export interface InvalidParameter extends z.infer<typeof InvalidParameterSchema> {}

/**
 * An RFC 9457 (formerly RFC 7807) problem body, as the service sends for
 * errors. Every member is optional and unknown members are kept.
 */
export const ProblemSchema = z.looseObject({
  /** URI reference identifying the problem type. */
  type: z.string().optional().describe('URI reference identifying the problem type.'),
  /** Short summary, e.g. 'Request Validation Error'. */
  title: z.string().optional().describe("Short summary, e.g. 'Request Validation Error'."),
  /** The HTTP status code (advisory). */
  status: z.number().int().optional().describe('The HTTP status code (advisory).'),
  /** Explanation of this occurrence. */
  detail: z.string().optional().describe('Explanation of this occurrence.'),
  /** 'urn:uuid:' followed by a UUID. */
  instance: z.string().optional().describe("'urn:uuid:' followed by a UUID."),
  /** The offending fields of a validation problem. */
  invalidParameters: z.array(InvalidParameterSchema).optional(),
});

/** An RFC 9457 problem body. */
export interface Problem extends z.infer<typeof ProblemSchema> {}
