/** Whether a value is a plain JSON-like object: not null, not an array. Internal. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
