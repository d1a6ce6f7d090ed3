/**
 * A token or secret as `…` and its last four characters: enough to tell two
 * apart, not enough to use. Short values show nothing.
 */
export function maskSecret(secret: string): string {
  return secret.length <= 8 ? '…' : `…${secret.slice(-4)}`;
}
