/**
 * Why a sandbox control was refused:
 * - `not-found`: no message, token or user by that id;
 * - `conflict`: the move is not allowed from the current state (a terminal
 *   status never changes, spec: States and transitions);
 * - `invalid`: an option or argument is out of range.
 */
export type SandboxErrorCode = 'not-found' | 'conflict' | 'invalid';

/**
 * Thrown by the sandbox handle's controls (and answered as a problem by the
 * `/_sandbox/` control API: 404, 409 or 400 by {@link SandboxError.code}).
 */
export class SandboxError extends Error {
  /** Always 'SandboxError'. */
  override name = 'SandboxError';
  /** What kind of refusal this is. */
  readonly code: SandboxErrorCode;

  /**
   * @param code - The kind of refusal.
   * @param message - What was refused and why; never patient data.
   */
  constructor(code: SandboxErrorCode, message: string) {
    super(message);
    this.code = code;
  }
}
