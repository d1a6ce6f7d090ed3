import { z } from 'zod';

/**
 * A coded clinical data item sent with a standard or instant message.
 *
 * @remarks The key is `unit` as the spec's definition says, not the `units`
 * of its sample request (see `docs/decisions.md`).
 */
export const CodedDataItemSchema = z.object({
  code: z.string().describe('A SNOMED CT concept id, as a string (SCTIDs can exceed Number.MAX_SAFE_INTEGER).'),
  value: z.number().optional().describe('Value associated with the code.'),
  unit: z.string().optional().describe('Unit of the value.'),
  additionalText: z.string().optional().describe('Free text linked to the code.'),
});

/** A coded clinical data item (spec: "Coded data item"). */
export type CodedDataItem = z.infer<typeof CodedDataItemSchema>;
