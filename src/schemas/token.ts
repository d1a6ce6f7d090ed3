import { z } from 'zod';
import { UuidSchema } from './uuid.js';

/** Request of POST /api/v1/messages/instant/access/token. */
export const AccessCodeExchangeSchema = z.object({
  /** One-time code the practice user generated in the toolbar. */
  accessCode: z.string().describe('One-time code the practice user generated in the toolbar.'),
});

/** Request of the access-code exchange. */
export interface AccessCodeExchange extends z.infer<typeof AccessCodeExchangeSchema> {}

/** Response of the access-code exchange: the user's instant access token. */
export const AccessTokenResponseSchema = z.looseObject({
  /** A UUID access token; store it against the sender's local user account. */
  token: UuidSchema.describe("A UUID access token; store it against the sender's local user account."),
});

/** Response of the access-code exchange. */
export interface AccessTokenResponse extends z.infer<typeof AccessTokenResponseSchema> {}
