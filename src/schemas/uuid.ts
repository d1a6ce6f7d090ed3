import { z } from 'zod';

/**
 * The textual form of a UUID: 8-4-4-4-12 hexadecimal digits, either case.
 *
 * @remarks Deliberately accepts every version and variant (zod's `z.uuid()`
 * accepts only RFC 9562 versions): the spec says only "uuid", and a sender
 * may hold ids from systems that generate other variants. See decision
 * D-SPEC-18 in `docs/decisions/spec-gaps.md`.
 */
export const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

/** A string in {@link UUID_PATTERN} form. */
export const UuidSchema = z.string().regex(UUID_PATTERN, 'must be a UUID (8-4-4-4-12 hexadecimal digits)');
