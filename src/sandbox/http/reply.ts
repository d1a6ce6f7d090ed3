import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeResponse, type SandboxResponse } from './response.js';

/**
 * What a control route answers when its answer is not a JSON value: bytes
 * with their own type (an attachment, a page, an asset) or a stream (the
 * event feed). The control server calls `write` instead of serialising.
 */
export class ControlReply {
  /** @param write - Writes the whole answer. */
  constructor(readonly write: (req: IncomingMessage, res: ServerResponse) => void) {}
}

/** A reply of bytes or text with its content type and headers. */
export function rawReply(status: number, contentType: string, raw: string | Buffer, headers: Record<string, string> = {}): ControlReply {
  const response: SandboxResponse = { status, contentType, raw, headers };
  return new ControlReply((_req, res) => writeResponse(res, response));
}
