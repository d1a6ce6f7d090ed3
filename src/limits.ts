/**
 * Limits that local validation enforces. The defaults are the spec's; an
 * operator may agree others, so each can be overridden on the client.
 */
export interface Limits {
  /**
   * Largest decoded size of one attachment, in bytes. The spec says "5 MB";
   * the SDK reads it as 5,000,000 bytes (decision D-SPEC-13 in
   * `docs/decisions/spec-gaps.md`).
   * @defaultValue 5_000_000
   */
  maxAttachmentBytes: number;
  /**
   * Most attachments on a standard or instant message.
   * @defaultValue 10
   */
  maxAttachments: number;
  /**
   * Mime types accepted for the GP route's single attachment (the spec does
   * not show the consultation summary's required format).
   * @defaultValue ['application/pdf']
   */
  gpConnectMimeTypes: readonly string[];
}

/** The spec's limits. */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxAttachmentBytes: 5_000_000,
  maxAttachments: 10,
  gpConnectMimeTypes: Object.freeze(['application/pdf']),
});

/** The defaults with the caller's overrides applied. */
export function resolveLimits(overrides: Partial<Limits> | undefined): Limits {
  return { ...DEFAULT_LIMITS, ...overrides };
}
