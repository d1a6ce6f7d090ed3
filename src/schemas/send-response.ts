import { z } from 'zod';

/** Response 200 of the three send endpoints. */
export const SendResponseSchema = z.looseObject({
  /** Relative URL of the status endpoint, /api/v1/[gpconnect/]messages/<id>/status. */
  messageStatusEndpoint: z
    .string()
    .min(1)
    .describe('Relative URL of the status endpoint, /api/v1/[gpconnect/]messages/<id>/status.'),
});

/** Response of a send endpoint. */
export interface SendResponse extends z.infer<typeof SendResponseSchema> {}
