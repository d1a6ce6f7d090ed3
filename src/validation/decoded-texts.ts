// Text attachments decoded by local validation (for its UTF-8 check), kept
// for the wrong-patient check of the same send, which reads the same text:
// each is decoded once per send. Keyed by the attachment's place in the
// message; lives as long as the send.

/** Decoded text attachments of one send, by attachment index. */
export type DecodedTexts = Map<number, Uint8Array>;
