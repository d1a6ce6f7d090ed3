import { z } from 'zod';
import { openEnum } from './open-enum.js';
import { GPCONNECT_STATUSES, GPCONNECT_SUB_STATUSES, ITK_SUCCESS, MESSAGE_STATUSES, MESSAGE_SUB_STATUSES, SENT_TO_MESH } from './vocabulary.js';

// The status words themselves live in vocabulary.ts; the package exports them from here.
export { GPCONNECT_STATUSES, GPCONNECT_SUB_STATUSES, MESSAGE_STATUSES, MESSAGE_SUB_STATUSES };

/** A known or future message status (open: unknown values are kept, not rejected). */
export type MessageStatusValue = z.infer<typeof MessageStatusSchema>['status'];

/**
 * Response of GET /api/v1/messages/{id}/status. Unknown fields pass through;
 * `subStatus` is only used for instant messages.
 */
export const MessageStatusSchema = z.looseObject({
  /** The message the status concerns. */
  messageId: z.string().min(1).describe('The message the status concerns.'),
  /** The status: one of the known values, or a newer one. */
  status: openEnum(MESSAGE_STATUSES),
  /** Instant messages only: why the message expired or was not imported. */
  subStatus: openEnum(MESSAGE_SUB_STATUSES)
    .nullable()
    .optional()
    .describe('Instant messages only: why the message expired or was not imported.'),
  /** When the status was last updated. */
  updated: z.string().describe('When the status was last updated.'),
});

/** Status of a standard or instant message. */
export interface MessageStatus extends z.infer<typeof MessageStatusSchema> {}

/**
 * Response of GET /api/v1/gpconnect/messages/{id}/status.
 *
 * @remarks The spec makes `subStatus` 1..1 but null for EXPIRED; the SDK also
 * tolerates its absence rather than fail a status check (decision D-SPEC-19
 * in `docs/decisions/spec-gaps.md`).
 */
export const GpConnectStatusSchema = z.looseObject({
  /** The message the status concerns. */
  messageId: z.string().min(1).describe('The message the status concerns.'),
  /** The status: one of the known values, or a newer one. */
  status: openEnum(GPCONNECT_STATUSES),
  /** Intermediate GP-route status: 'Sent to MESH', '20013 - Success', '{code}-{display}'; null for EXPIRED. */
  subStatus: openEnum(GPCONNECT_SUB_STATUSES)
    .nullable()
    .optional()
    .describe(`Intermediate GP-route status: '${SENT_TO_MESH}', '${ITK_SUCCESS}', '{code}-{display}'; null for EXPIRED.`),
  /** When the status was last updated. */
  updated: z.string().describe('When the status was last updated.'),
});

/** Status of a GP-route message. */
export interface GpConnectStatus extends z.infer<typeof GpConnectStatusSchema> {}
