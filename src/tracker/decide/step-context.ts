// What a step of the tracker's logic depends on besides the message: the
// time, the settings it reads (decide's own, so decide stands below the
// tracker's options; the resolved options fit them) and a random source.

/** The GP-route settings a step reads; absent ones take the defaults. Internal. */
export interface GpAckConfig {
  infrastructureAckMs?: number | undefined;
  businessAckMs?: number | undefined;
}

/** The settings the tracker's logic reads. Internal. */
export interface DecideConfig extends GpAckConfig {
  pollIntervalMs: number;
  beforeExpiryMs: number;
  followForMs: number;
  failedAttentionMs: number;
  nearingExpiryMs: number;
}

/** What a step of the tracker's logic depends on besides the message. Internal. */
export interface StepContext {
  now: number;
  config: DecideConfig;
  random: () => number;
}
