import { z } from 'zod';

/**
 * A string that the spec leaves open: any string is accepted, while the
 * known values still show up in editor autocompletion.
 *
 * @remarks `string & {}` stops TypeScript from collapsing the union to plain
 * `string`, which would hide the literals.
 */
export type OpenString<Known extends string> = Known | (string & {});

/**
 * A zod schema for an {@link OpenString}: it accepts every string and lists
 * the known values (they appear in the generated JSON Schema as an `enum`
 * branch of an `anyOf`).
 */
export function openEnum<const Known extends readonly [string, ...string[]]>(
  known: Known,
): z.ZodType<OpenString<Known[number]>> {
  return z.union([z.enum(known), z.string()]);
}
