// A send that replaces an earlier message (`send(route, message, { replaces })`,
// and `replace` for a GP-route document's next version): the two are linked
// as the new one is written, so of two people sending the same message again
// (or a new version of it) at once only one sends; once the new message is
// recorded the earlier leaves the attention list; a replacement refused
// before any request is removed and the earlier is no longer replaced. Each
// outcome goes in the audit with the person who asked (decision D-TRACKER-28).
import { LocalValidationError } from '../../core/errors/local-errors.js';
import { UUID_PATTERN } from '../../schemas/uuid.js';
import type { InvalidParameter } from '../../schemas/problem.js';
import { ConflictingActionError } from './conflict-error.js';
import { describeError } from '../decide/describe-error.js';
import { ledgerText } from '../decide/ledger-text.js';
import type { MessageState, StoredPayload } from '../model/message-state.js';
import type { ReplacingAction } from '../store/store.js';
import type { TrackerContext } from './context.js';
import { checkNote, checkPerson } from './people.js';

/** What a replacing send carries besides the message. Internal. */
export interface Replacing {
  earlier: string;
  by: string | null;
  note: string | null;
  /** Sent again (`send` with `replaces`), or the next GP-route version (`replace`): how the audit names it. */
  action: ReplacingAction;
}

/** The send options that concern lineage. */
export interface LineageOptions {
  replaces?: string | undefined;
  by?: string | undefined;
  note?: string | undefined;
  /** Set by `replace`; a plain send with `replaces` sends the message again. */
  action?: ReplacingAction | undefined;
}

/** The replacement a send asks for, checked (problems are added); undefined when it replaces nothing. */
export function replacingOf(options: LineageOptions, messageId: string, problems: InvalidParameter[]): Replacing | undefined {
  if (options.by !== undefined) checkPerson('by', options.by, problems);
  if (options.note !== undefined) checkNote('note', options.note, problems);
  if (options.replaces === undefined) return undefined;
  if (typeof options.replaces !== 'string' || !UUID_PATTERN.test(options.replaces)) {
    problems.push({ name: 'replaces', reason: 'must be the messageId (a UUID) of the message this one replaces' });
  } else if (options.replaces.toLowerCase() === messageId.toLowerCase()) {
    problems.push({ name: 'replaces', reason: 'must name an earlier message, not this one' });
  }
  return { earlier: options.replaces, by: options.by ?? null, note: options.note ?? null, action: options.action ?? 'resend' };
}

/**
 * Writes the new message (with its lease), linked to the message it
 * replaces when there is one. False when its messageId is already tracked;
 * else when its lease ends.
 *
 * @throws LocalValidationError when the earlier message is not in the ledger (nothing sent).
 * @throws ConflictingActionError when the earlier message was already sent again (nothing sent; audited).
 */
export async function insertSending(
  ctx: TrackerContext,
  state: MessageState,
  lease: { owner: string; until: Date; ms: number },
  replacing: Replacing | undefined,
): Promise<false | { leaseUntil: Date | null }> {
  const { store } = ctx;
  if (!replacing) return store.insert(state, lease);
  const outcome = await store.insertReplacing(state, lease, replacing.earlier);
  if (outcome === 'unknown') {
    throw new LocalValidationError([{ name: 'replaces', reason: 'is not a message this tracker holds. Nothing was sent.' }], { delivery: 'not-sent' });
  }
  if (outcome === 'replaced') {
    const earlier = await store.get(replacing.earlier);
    await store.insertAudit({
      at: new Date(),
      messageId: replacing.earlier,
      by: replacing.by,
      action: replacing.action,
      outcome: 'conflict',
      reason: earlier?.attention ?? null,
      assignee: null,
      replacement: null,
      note: replacing.note,
      detail: `already replaced by ${earlier?.replacedBy ?? 'another message'}`,
    });
    throw new ConflictingActionError(replacing.earlier, replacing.action, await store.lastDone(replacing.earlier, ['resend', 'replace']), 'not-sent');
  }
  return outcome === 'duplicate' ? false : outcome;
}

/** The replacement's send is recorded: the earlier message leaves the attention list. */
export async function replacementRecorded(ctx: TrackerContext, messageId: string, replacing: Replacing | undefined): Promise<void> {
  if (replacing) await ctx.store.completeReplacement(replacing.earlier, messageId, new Date(), replacing);
}

/**
 * The new message was refused before any request: removed, and the earlier message no longer replaced. The
 * refusal's text goes in the append-only audit, so it is redacted of every value the message carried first
 * (D-TRACKER-25), as every error text the ledger keeps is.
 */
export async function dropUnsent(ctx: TrackerContext, messageId: string, replacing: Replacing | undefined, error: unknown, payload: StoredPayload | null): Promise<void> {
  if (replacing) await ctx.store.dropReplacement(messageId, ctx.config.instanceId, new Date(), replacing, ledgerText(describeError(error), payload));
  else await ctx.store.deleteUnsent(messageId, ctx.config.instanceId);
}
