import { scenarioView, type MessageScenario, type ScenarioState } from './scenarios.js';

/** Which send endpoint a message came through. */
export type SandboxRoute = 'standard' | 'instant' | 'gpconnect';

/** An attachment as the sandbox keeps it: its content only as a hash. */
export interface AttachmentSummary {
  /** As sent. */
  fileName: string;
  /** As sent. */
  mimeType: string;
  /** Size of the decoded content, in bytes. */
  bytes: number;
  /** SHA-256 (hex) of the decoded content. */
  sha256: string;
}

/** One change of a message's status, as the history shows it. */
export interface SandboxStatusChange {
  /** When it happened (ISO 8601). */
  at: string;
  /** The status after the change. */
  status: string;
  /** The subStatus after the change, or null. */
  subStatus: string | null;
  /** What made it: `sent`, `toolbar import`, `expired by time`, `GP route: received`... */
  cause: string;
}

/** The instant-message part of a message's life (spec: States and transitions). */
export interface InstantState {
  /** The practice user whose access token sent it. */
  user: string;
  /** `instant` until imported, converted or failed; then `standard`. */
  phase: 'instant' | 'standard';
  /** When the user's running toolbar imports it (epoch ms), if it is running. */
  importAt: number | undefined;
  /** Whether that automatic import fails. */
  importFails: boolean;
  /** When it becomes a standard message if not imported by then (epoch ms). */
  convertAt: number;
}

/** A stored message. Internal: the handle shows {@link SandboxMessage} copies. */
export interface MessageRecord {
  /** As sent, in the sender's case. */
  messageId: string;
  /** The send endpoint it came through; decides its status endpoint. */
  route: SandboxRoute;
  /** The API key that sent it: only that key can read its status. */
  owner: string;
  /** The status the status endpoint answers. */
  status: string;
  /** The subStatus, or null (spec: Message status). */
  subStatus: string | null;
  /** When the status last changed (epoch ms). */
  updated: number;
  /** When it was accepted (epoch ms). */
  receivedAt: number;
  /** Its expiryDateTime (epoch ms), if it had a readable one. */
  expiresAt: number | undefined;
  /** When it became EXPIRED (epoch ms), if it did. */
  expiredAt: number | undefined;
  /** The instant part of its life; undefined for standard and GP-route messages. */
  instant: InstantState | undefined;
  /** The request body without attachment content. */
  request: Record<string, unknown>;
  /** Its attachments, content kept only as a hash. */
  attachments: AttachmentSummary[];
  /** The decoded content of each attachment, for the console; undefined once released (see MessageStore). */
  contents: Buffer[] | undefined;
  /** Every status change, oldest first. */
  history: SandboxStatusChange[];
  /** The test scenario the message triggered, with its steps still to come; undefined for an ordinary message. */
  scenario?: ScenarioState | undefined;
}

/** A stored message as tests see it (a copy; changing it changes nothing). */
export interface SandboxMessage {
  /** The sender's messageId. */
  messageId: string;
  /** Which send endpoint it came through. */
  route: SandboxRoute;
  /** Its status, as the status endpoint would answer now. */
  status: string;
  /** Its subStatus, or null. */
  subStatus: string | null;
  /** When the status last changed (ISO 8601). */
  updated: string;
  /** When the sandbox accepted it (ISO 8601). */
  receivedAt: string;
  /** The user of the access token, for instant messages. */
  instantUser: string | undefined;
  /** Attachments without their content. */
  attachments: AttachmentSummary[];
  /** The request body as received, without attachment content. */
  request: Record<string, unknown>;
  /** Every status change with its time and cause, oldest first (the first is the send). */
  history: SandboxStatusChange[];
  /** The test scenario the message triggered (see the sandbox guide's "Test scenarios"), or null. */
  scenario: MessageScenario | null;
}

/**
 * Moves a message to a status and records the change in its history. Every
 * move goes through here, so the history cannot miss one.
 */
export function changeStatus(r: MessageRecord, status: string, subStatus: string | null, at: number, cause: string): void {
  r.status = status;
  r.subStatus = subStatus;
  r.updated = at;
  r.history.push({ at: new Date(at).toISOString(), status, subStatus, cause });
}

/** A copy of a record for the outside world. */
export function toSandboxMessage(r: MessageRecord): SandboxMessage {
  return {
    messageId: r.messageId,
    route: r.route,
    status: r.status,
    subStatus: r.subStatus,
    updated: new Date(r.updated).toISOString(),
    receivedAt: new Date(r.receivedAt).toISOString(),
    instantUser: r.instant?.user,
    attachments: r.attachments.map((a) => ({ ...a })),
    request: structuredClone(r.request),
    history: r.history.map((h) => ({ ...h })),
    scenario: scenarioView(r.scenario),
  };
}

/**
 * The body of a status endpoint's 200 (spec: Message status). The standard
 * endpoint leaves out a null subStatus (0..1 there); the GP-route endpoint
 * always has it (1..1, null for EXPIRED).
 */
export function statusBody(r: MessageRecord): Record<string, unknown> {
  const body: Record<string, unknown> = { messageId: r.messageId, status: r.status };
  if (r.route === 'gpconnect' || r.subStatus !== null) body.subStatus = r.subStatus;
  body.updated = new Date(r.updated).toISOString();
  return body;
}
