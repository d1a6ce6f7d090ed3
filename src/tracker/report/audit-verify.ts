// Verification of the audit's hash chain (D-TRACKER-38): the whole chain
// walked a page at a time (`tracker.verifyAudit()`, `cdms track audit
// --verify`), and the bounded share of it each health check walks, so a
// tracker that runs goes round the whole chain without any one check
// reading more than a few thousand entries.
import type { LedgerStore } from '../store/ledger-store.js';
import { CHAIN_START, checkHead, followChain, type AuditChainBreak, type ChainPosition } from '../store/audit-chain.js';

export type { AuditChainBreak, AuditChainBreakKind } from '../store/audit-chain.js';

/** What `tracker.verifyAudit()` found. */
export interface AuditVerification {
  /** True when every chained entry links to the one before and the chain ends at its head. */
  ok: boolean;
  /** The chained entries checked. */
  checked: number;
  /** Entries written before the ledger chained its audit (they carry no hash, and are not checked). */
  unchained: number;
  /** The chain's last place and hash: keep them elsewhere to tell later that nothing before them was rewritten. */
  head: {
    /** The last entry's place in the chain (0: no chained entry yet). */
    seq: number;
    /** The last entry's SHA-256, in lower-case hex. */
    hash: string;
  };
  /** The first broken link; null when `ok`. */
  broken: AuditChainBreak | null;
}

/** Entries read at once. */
const PAGE = 1_000;

/** Walks the audit's chain from its first entry to its head; the first broken link, if any. */
export async function verifyAudit(store: LedgerStore): Promise<AuditVerification> {
  const head = await store.auditChainHead();
  let position: ChainPosition = CHAIN_START;
  let checked = 0;
  let broken: AuditChainBreak | null = null;
  while (position.seq < head.seq) {
    const rows = await store.auditChain(position.seq, head.seq, PAGE);
    if (rows.length === 0) break;
    const step = followChain(position, rows);
    checked += step.position.seq - position.seq;
    position = step.position;
    broken = step.broken;
    if (broken) break;
  }
  broken ??= checkHead(position, head);
  return { ok: broken === null, checked, unchained: head.unchained, head: { seq: head.seq, hash: head.hash }, broken };
}

/** Entries one health check walks at most. */
export const HEALTH_AUDIT_ENTRIES = 2_000;

/** Where a store's health checks have reached in the chain, and what the last whole pass found. */
interface Watch {
  position: ChainPosition;
  found: AuditChainBreak | null;
  running: Promise<AuditChainBreak | null> | undefined;
}

const watches = new WeakMap<LedgerStore, Watch>();

/**
 * The health check's share of the chain: up to `HEALTH_AUDIT_ENTRIES`
 * entries from where the previous check on this store stopped. A break
 * found is reported until a later pass finds the whole chain sound; a pass
 * that reaches the head starts again from the first entry.
 */
export async function auditChainFinding(store: LedgerStore): Promise<AuditChainBreak | null> {
  let watch = watches.get(store);
  if (!watch) {
    watch = { position: CHAIN_START, found: null, running: undefined };
    watches.set(store, watch);
  }
  const w = watch;
  // Two checks at once share one walk.
  w.running ??= walkShare(store, w).finally(() => {
    w.running = undefined;
  });
  return w.running;
}

async function walkShare(store: LedgerStore, w: Watch): Promise<AuditChainBreak | null> {
  const head = await store.auditChainHead();
  const rows = await store.auditChain(w.position.seq, head.seq, HEALTH_AUDIT_ENTRIES);
  const step = followChain(w.position, rows);
  const atEnd = step.position.seq >= head.seq || rows.length < HEALTH_AUDIT_ENTRIES;
  const broken = step.broken ?? (atEnd ? checkHead(step.position, head) : null);
  if (broken || atEnd) {
    w.found = broken;
    w.position = CHAIN_START;
  } else {
    w.position = step.position;
  }
  return w.found;
}
