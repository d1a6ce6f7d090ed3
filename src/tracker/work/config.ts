// The tracker's configuration as its parts read it: the options with their
// defaults, checked (api/options.ts resolves them). Declared here, below
// the options, so the work and the runtime read it without importing the
// public options.
import type { CdmsClient } from '../../client.js';
import type { Logger } from '../../core/logger.js';
import type { PgPoolLike } from '../db/postgres.js';
import type { TrackerNotifier } from '../notify/notifier.js';

/** The options with their defaults, checked. Internal. */
export interface TrackerConfig {
  client: CdmsClient;
  database: string | PgPoolLike;
  schema: string;
  pollIntervalMs: number;
  beforeExpiryMs: number;
  maxPollsPerSecond: number;
  followForMs: number;
  failedAttentionMs: number;
  infrastructureAckMs: number;
  businessAckMs: number;
  nearingExpiryMs: number;
  keepSettledForMs: number;
  leaseMs: number;
  instanceId: string;
  logger: Logger;
  notify: readonly TrackerNotifier[];
  /** How often an idle instance looks for due work, in milliseconds. */
  idleCheckMs: number;
}
