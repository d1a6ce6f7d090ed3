import { createHash } from 'node:crypto';
import type { Route } from '../../validation/index.js';
import { statusEndpointOf } from '../../schemas/endpoints.js';
import { SENT_TO_MESH } from '../../schemas/vocabulary.js';
import type { SandboxState } from '../state.js';
import type { AttachmentSummary, MessageRecord } from '../messages/record.js';
import { planScenario } from '../messages/scenarios.js';

/** The decoded content of each attachment (validated base64 by now). */
function decodeAll(attachments: unknown): Buffer[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a: unknown) => {
    const { content } = (a ?? {}) as Record<string, unknown>;
    return Buffer.from(typeof content === 'string' ? content : '', 'base64');
  });
}

function summarise(attachments: unknown, contents: readonly Buffer[]): AttachmentSummary[] {
  if (!Array.isArray(attachments)) return [];
  return attachments.map((a: unknown, i) => {
    const { fileName, mimeType } = (a ?? {}) as Record<string, unknown>;
    const bytes = contents[i] ?? Buffer.alloc(0);
    return {
      fileName: String(fileName),
      mimeType: String(mimeType),
      bytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    };
  });
}

/** The body without attachment content: the decoded bytes are kept apart, within a budget (see MessageStore). */
function withoutContent(body: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(body);
  if (Array.isArray(copy.attachments)) {
    copy.attachments = copy.attachments.map((a: unknown) => {
      if (a === null || typeof a !== 'object') return a;
      const { content: _content, ...rest } = a as Record<string, unknown>;
      return rest;
    });
  }
  return copy;
}

function expiryOf(body: Record<string, unknown>): number | undefined {
  const ms = typeof body.expiryDateTime === 'string' ? Date.parse(body.expiryDateTime) : Number.NaN;
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Stores a message the sandbox accepted: PENDING, with 'Sent to MESH' on the
 * GP route; an instant message also gets its import plan (now, if its user's
 * toolbar is running) and its conversion time.
 *
 * @returns The status endpoint path of the spec.
 */
export function acceptMessage(state: SandboxState, body: Record<string, unknown>, route: Route, owner: string, user: string | undefined): string {
  const now = state.now();
  const messageId = String(body.messageId);
  const contents = decodeAll(body.attachments);
  const subStatus = route === 'gpconnect' ? SENT_TO_MESH : null;
  const record: MessageRecord = {
    messageId,
    route,
    owner,
    status: 'PENDING',
    subStatus,
    updated: now,
    receivedAt: now,
    expiresAt: expiryOf(body),
    expiredAt: undefined,
    instant:
      route === 'instant' && user !== undefined
        ? { user, phase: 'instant', ...state.toolbars.importPlan(user, now), convertAt: now + state.config.instantConversionMs }
        : undefined,
    request: withoutContent(body),
    attachments: summarise(body.attachments, contents),
    contents,
    history: [{ at: new Date(now).toISOString(), status: 'PENDING', subStatus, cause: `sent by the ${route} route` }],
    scenario: planScenario(body, route, now, state.config.scenarioStepMs),
  };
  state.messages.add(record);
  state.stats.send(messageId, 'accepted');
  return statusEndpointOf(route, messageId);
}
