import { randomInt, randomUUID } from 'node:crypto';
import { SandboxError } from './errors.js';

/** Letters and digits a person reads without confusion (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** What a user types may carry spaces, hyphens or lower case. */
const normaliseCode = (code: string): string => code.replace(/[\s-]/g, '').toUpperCase();

/** A token's state (spec: Instant access token: valid, or no longer valid). */
export type TokenState = 'valid' | 'gone';

/** An access token as the console and `GET /_sandbox/tokens` list it. */
export interface IssuedToken {
  /** The token (a UUID). */
  token: string;
  /** The practice user it was issued to. */
  user: string;
  /** False once revoked. */
  valid: boolean;
}

/**
 * Access codes and instant access tokens. A code is issued for a practice
 * user (as the toolbar does), exchanged once for a UUID token, and the token
 * stays valid until revoked.
 */
export class AccessTokens {
  readonly #codes = new Map<string, string>();
  readonly #tokens = new Map<string, { user: string; revoked: boolean }>();

  /** Issues a one-time access code for `user`, formatted `XXXX-XXXX`. */
  issueCode(user: unknown): string {
    if (typeof user !== 'string' || user.trim() === '') throw new SandboxError('invalid', 'user must be a non-empty string.');
    const chars = Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]);
    const code = `${chars.slice(0, 4).join('')}-${chars.slice(4).join('')}`;
    this.#codes.set(normaliseCode(code), user);
    return code;
  }

  /** Exchanges a code for a new token; undefined when the code is unknown or was used. */
  exchange(code: string): string | undefined {
    const key = normaliseCode(code);
    const user = this.#codes.get(key);
    if (user === undefined) return undefined;
    this.#codes.delete(key);
    const token = randomUUID();
    this.#tokens.set(token, { user, revoked: false });
    return token;
  }

  /** A token is valid until revoked; an unknown token is "no longer valid" too. */
  state(token: string): TokenState {
    const entry = this.#tokens.get(token.toLowerCase());
    return entry && !entry.revoked ? 'valid' : 'gone';
  }

  /** The user of a valid token, else undefined. */
  userOf(token: string): string | undefined {
    const entry = this.#tokens.get(token.toLowerCase());
    return entry && !entry.revoked ? entry.user : undefined;
  }

  /** Revokes a token: verify answers 410 and instant sends with it are refused. */
  revoke(token: unknown): void {
    const entry = typeof token === 'string' ? this.#tokens.get(token.toLowerCase()) : undefined;
    if (!entry) throw new SandboxError('not-found', 'No such access token in the sandbox.');
    entry.revoked = true;
  }

  /** Every token issued, in order of issue, with its user and whether it is still valid. */
  list(): IssuedToken[] {
    return [...this.#tokens].map(([token, { user, revoked }]) => ({ token, user, valid: !revoked }));
  }

  /** Forgets every code and token. */
  clear(): void {
    this.#codes.clear();
    this.#tokens.clear();
  }
}
