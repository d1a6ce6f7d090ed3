import { z } from 'zod';

/**
 * A coded clinical data item sent with a standard or instant message.
 *
 * @remarks The key is `unit` as the spec's definition says, not the `units`
 * of its sample request (decision D-SPEC-10 in `docs/decisions/spec-gaps.md`).
 */
export const CodedDataItemSchema = z.object({
  /** A SNOMED CT concept id, as a string. */
  code: z.string().describe('A SNOMED CT concept id, as a string (SCTIDs can exceed Number.MAX_SAFE_INTEGER).'),
  /** Value associated with the code. */
  value: z.number().optional().describe('Value associated with the code.'),
  /** Unit of the value (the key is `unit`, not `units`). */
  unit: z.string().optional().describe('Unit of the value.'),
  /** Free text linked to the code. */
  additionalText: z.string().optional().describe('Free text linked to the code.'),
});

/** A coded clinical data item (spec: "Coded data item"). */
export interface CodedDataItem extends z.infer<typeof CodedDataItemSchema> {}
