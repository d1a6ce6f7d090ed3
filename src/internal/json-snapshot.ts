/** Why a value could not be copied into plain data, and where. Internal. */
export class UnreadableValueError extends Error {
  /**
   * @param path - Dotted path of the part (`attachments[0].content`), empty for the value itself.
   * @param reason - What went wrong, without the value.
   */
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(`${path || '(value)'} ${reason}`);
    this.name = 'UnreadableValueError';
  }
}

/** Deeper than any message; JSON.stringify itself would overflow the stack somewhere beyond. */
const MAX_DEPTH = 64;

const join = (path: string, key: string): string => (path ? `${path}.${key}` : key);

/** Reads one property once, naming the part when a getter or a proxy throws. */
function read(holder: object, key: string, path: string): unknown {
  try {
    return (holder as Record<string, unknown>)[key];
  } catch {
    throw new UnreadableValueError(path, 'could not be read: a getter or proxy threw');
  }
}

/** What JSON.stringify makes of a value before looking inside it: `toJSON`, then boxed primitives unboxed. */
function jsonForm(value: unknown, key: string, path: string): unknown {
  let v = value;
  if ((typeof v === 'object' && v !== null) || typeof v === 'bigint') {
    let toJSON: unknown;
    try {
      toJSON = (v as { toJSON?: unknown }).toJSON;
    } catch {
      throw new UnreadableValueError(path, 'could not be read: a getter or proxy threw');
    }
    if (typeof toJSON === 'function') {
      try {
        v = (toJSON as (key: string) => unknown).call(v, key);
      } catch {
        throw new UnreadableValueError(path, 'could not be read: its toJSON threw');
      }
    }
  }
  if (v instanceof Number) return Number(v);
  if (v instanceof String) return String(v);
  if (v instanceof Boolean) return v.valueOf();
  return v;
}

function copy(value: unknown, key: string, path: string, within: Set<object>): unknown {
  const v = jsonForm(value, key, path);
  switch (typeof v) {
    case 'string':
    case 'boolean':
      return v;
    case 'number':
      return Number.isFinite(v) ? v : null;
    case 'bigint':
      throw new UnreadableValueError(path, 'is a BigInt, which JSON cannot hold');
    case 'object':
      break;
    default:
      return undefined; // undefined, a function, a symbol: JSON leaves them out
  }
  if (v === null) return null;
  if (within.has(v)) throw new UnreadableValueError(path, 'refers back to itself');
  if (within.size >= MAX_DEPTH) throw new UnreadableValueError(path, 'is nested too deeply');
  within.add(v);
  try {
    let isArray: boolean;
    let keys: string[];
    try {
      isArray = Array.isArray(v);
      keys = isArray ? [] : Object.keys(v);
    } catch {
      throw new UnreadableValueError(path, 'could not be read: a proxy threw');
    }
    if (isArray) {
      const length = Number(read(v, 'length', path));
      const out: unknown[] = [];
      for (let i = 0; i < length; i++) {
        const item = copy(read(v, String(i), `${path}[${i}]`), String(i), `${path}[${i}]`, within);
        out.push(item === undefined ? null : item);
      }
      return out;
    }
    const out: Record<string, unknown> = {};
    for (const k of keys) {
      const item = copy(read(v, k, join(path, k)), k, join(path, k), within);
      // defineProperty, not assignment: a key named __proto__ is data here, as in JSON.parse.
      if (item !== undefined) Object.defineProperty(out, k, { value: item, enumerable: true, writable: true, configurable: true });
    }
    return out;
  } finally {
    within.delete(v);
  }
}

/**
 * A plain-data copy of a value, exactly as `JSON.stringify` sees it: each
 * `toJSON` called once, each getter and proxy trap read once, boxed
 * primitives unboxed, non-finite numbers null, functions and `undefined`
 * left out. Strings are shared, not copied, so a multi-megabyte attachment
 * costs nothing. What is validated and then serialised is this copy, so no
 * `toJSON`, getter or proxy can change the bytes after validation.
 *
 * @throws UnreadableValueError naming the part that could not be read (a
 * throwing `toJSON`, getter or proxy trap, a cycle, a BigInt), never its value.
 */
export function jsonSnapshot(value: unknown): unknown {
  return copy(value, '', '', new Set());
}
