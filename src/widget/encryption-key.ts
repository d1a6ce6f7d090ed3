import { LaunchTokenError } from './errors.js';
import type { LaunchEncryptionMethod } from './types.js';

/** The JOSE `enc` names of the two registrable methods (RFC 7518 section 5.1). */
export type JoseEncryptionMethod = 'A256GCM' | 'A128CBC-HS256';

/** Both methods take a 256-bit key: A256GCM's AES key, or A128CBC-HS256's MAC key + AES key. */
const KEY_BYTES = 32;
/** Printable ASCII: the only characters counted the same in characters and UTF-8 bytes (as validateWidget requires). */
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;

/**
 * The registration spells the CBC method with an underscore ('A128CBC_HS256',
 * spec: Widget registration); JOSE's `enc` header says 'A128CBC-HS256'.
 * Undefined means the registration's default, A256GCM.
 *
 * @throws LaunchTokenError with code `invalid_options` for any other value.
 */
export function toJoseEncryptionMethod(method: LaunchEncryptionMethod | undefined): JoseEncryptionMethod {
  if (method === undefined || method === 'A256GCM') return 'A256GCM';
  if (method === 'A128CBC_HS256' || method === 'A128CBC-HS256') return 'A128CBC-HS256';
  throw new LaunchTokenError(
    'invalid_options',
    "encryptionMethod must be 'A256GCM' or 'A128CBC_HS256' (the widget's registered method); the value given is neither.",
  );
}

/**
 * The direct (`alg: 'dir'`) key of a widget: the UTF-8 bytes of its
 * 32-character secret. A secret of another length, or with non-ASCII
 * characters (which take 2-4 bytes each), gives a key of the wrong size, so
 * it is refused here with a message that says which, never showing the secret.
 *
 * @throws LaunchTokenError with code `invalid_secret`.
 */
export function directKeyFromSecret(secret: unknown): Uint8Array {
  if (typeof secret !== 'string') {
    throw new LaunchTokenError('invalid_secret', "encryptionSecret is required: pass the widget's registered 32-character secret as a string.");
  }
  if (!PRINTABLE_ASCII.test(secret)) {
    throw new LaunchTokenError(
      'invalid_secret',
      'encryptionSecret contains non-ASCII or control characters: non-ASCII characters take more than one UTF-8 byte, ' +
        `so the key would not be ${KEY_BYTES} bytes (256 bits). Use the registered secret of ${KEY_BYTES} printable ASCII characters.`,
    );
  }
  if (secret.length !== KEY_BYTES) {
    throw new LaunchTokenError(
      'invalid_secret',
      `encryptionSecret must be exactly ${KEY_BYTES} characters (a 256-bit key); the one given has ${secret.length}. ` +
        "Pass the widget's registered secret unchanged (check for trimmed or added whitespace).",
    );
  }
  return new TextEncoder().encode(secret);
}
