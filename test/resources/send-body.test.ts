// The send path's CPU-heavy steps on a large message let the event loop run:
// the body is made in pieces with turns between them, validation takes a
// turn between large attachments, the rejected-content guard between the
// hashes of large contents. Each test counts turns of the event loop (a
// setImmediate chain) while the step runs: done in one go, the count is 0.
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { InMemoryRejectedContentStore, checkWrongPatient, validateMessage } from '../../src/index.js';
import { PIECE_CHARS } from '../../src/internal/json-pieces.js';
import { assertNotPreviouslyRejected } from '../../src/rejected-content/guard.js';
import { LARGE_BODY_CHARS, sendBodyOf } from '../../src/resources/send-body.js';
import { toWireMessage } from '../../src/resources/wire-message.js';
import { validateMessageKeepingAsync } from '../../src/validation/message.js';
import { countTurns } from '../helpers/event-loop-turns.js';
import { standardMessage } from '../helpers/fixtures.js';

/** Turns of the event loop while `work` runs. */
async function turnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  const loop = countTurns();
  const result = await work();
  return { result, turns: loop.stop() };
}

const pdfBase64 = (bytes: number) => {
  const data = randomBytes(bytes);
  data.write('%PDF-1.7\n', 0);
  return data.toString('base64');
};

const message = (count: number, bytes: number) =>
  standardMessage({
    body: { mimeType: 'text/plain', content: 'Résumé – 🏥' },
    attachments: Array.from({ length: count }, (_, i) => ({ mimeType: 'application/pdf', fileName: `p${i}.pdf`, content: pdfBase64(bytes) })),
  });

describe('send body in pieces', () => {
  it('a large body is a Blob of exactly the UTF-8 bytes of JSON.stringify, with a turn of the event loop between its pieces', async () => {
    const { wire } = toWireMessage(message(3, 3_000_000), 'standard');
    const text = JSON.stringify(wire);
    let pieces = 0;
    let longest = 0;
    let turnsAtFirstPiece = -1;
    let turnsAtLastPiece = -1;
    const loop = countTurns();
    const body = await sendBodyOf(wire, true, (chars) => {
      pieces++;
      longest = Math.max(longest, chars);
      if (turnsAtFirstPiece < 0) turnsAtFirstPiece = loop.turns;
      turnsAtLastPiece = loop.turns;
    });
    loop.stop();
    expect(body).toBeInstanceOf(Blob);
    const bytes = Buffer.from(await (body as Blob).arrayBuffer());
    expect(bytes.equals(Buffer.from(text, 'utf8'))).toBe(true);
    // Pieces of about PIECE_CHARS, none longer than a quarter past it (each one turn's work).
    expect(longest).toBeLessThanOrEqual(1.25 * PIECE_CHARS);
    expect(pieces).toBeGreaterThanOrEqual(Math.floor(text.length / (1.25 * PIECE_CHARS)));
    // A turn between every two pieces.
    expect(turnsAtLastPiece - turnsAtFirstPiece).toBeGreaterThanOrEqual(pieces - 1);
    // The same Blob read again gives the same bytes (a retry reads it again).
    expect(Buffer.from(await (body as Blob).arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('a large body is the same bytes whether its content was validated (placed as it is) or not (stringified in pieces), hostile content escaped', async () => {
    const { wire } = toWireMessage(message(2, 1_500_000), 'standard');
    const attachments = (wire as { attachments: { content: string }[] }).attachments;
    attachments.push({ ...attachments[0]!, content: `${'QUJD'.repeat(300_000)}","topic":"injected\\` });
    // Text that stays in the JSON around the placed contents, long enough to be cut, with pairs of surrogates at every other place.
    attachments.push({ ...attachments[0]!, content: `x${'🏥'.repeat(600_000)}"` });
    const text = JSON.stringify(wire);
    for (const validated of [true, false]) {
      let longest = 0;
      const body = await sendBodyOf(wire, validated, (chars) => (longest = Math.max(longest, chars)));
      expect(longest).toBeLessThanOrEqual(1.25 * PIECE_CHARS);
      expect(body).toBeInstanceOf(Blob);
      expect(Buffer.from(await (body as Blob).arrayBuffer()).equals(Buffer.from(text, 'utf8'))).toBe(true);
    }
  });

  it('a small body stays the JSON text itself, made without a turn', async () => {
    const { wire } = toWireMessage(message(1, 100_000), 'standard');
    const { result, turns } = await turnsDuring(() => sendBodyOf(wire, true));
    expect(result).toBe(JSON.stringify(wire));
    expect(turns).toBe(0);
  });

  it('the size that switches to pieces is the content just below and at the threshold', async () => {
    const below = { body: { content: 'x'.repeat(LARGE_BODY_CHARS - 1) }, attachments: [] };
    const at = { body: { content: 'x'.repeat(LARGE_BODY_CHARS) }, attachments: [] };
    expect(typeof (await sendBodyOf(below, false))).toBe('string');
    const blob = await sendBodyOf(at, false);
    expect(blob).toBeInstanceOf(Blob);
    expect(await (blob as Blob).text()).toBe(JSON.stringify(at));
  });
});

describe('validation on the send path', () => {
  it('gives the same result as validateMessage, taking turns between large attachments', async () => {
    const valid = message(4, 2_000_000);
    const invalid = { ...valid, attachments: [...valid.attachments, { mimeType: 'application/pdf', fileName: 'bad.pdf', content: 'not base64!' }] };
    for (const m of [valid, invalid]) {
      const { result, turns } = await turnsDuring(() => validateMessageKeepingAsync(m, { route: 'standard' }));
      expect(result).toEqual(validateMessage(m, { route: 'standard' }));
      expect(turns).toBeGreaterThanOrEqual(3);
    }
  });

  it('checks a small message without a turn', async () => {
    const { result, turns } = await turnsDuring(() => validateMessageKeepingAsync(standardMessage(), { route: 'standard' }));
    expect(result.ok).toBe(true);
    expect(turns).toBe(0);
  });
});

describe('rejected-content guard on the send path', () => {
  it('takes a turn after hashing each large content', async () => {
    const store = new InMemoryRejectedContentStore();
    await store.add('0'.repeat(64)); // not empty, so every attachment is hashed
    const { attachments } = message(3, 2_000_000);
    const { turns } = await turnsDuring(() => assertNotPreviouslyRejected(store, attachments));
    expect(turns).toBeGreaterThanOrEqual(5);
  });
});

describe('wrong-patient check on the send path', () => {
  it('takes a turn before decoding and searching each large attachment, and still finds the one that names someone else', async () => {
    // Text naming nobody, 1.5 MB of it per attachment; the last one names another patient's NHS number.
    const text = (extra: string) => Buffer.from(`${'Observations stable. '.repeat(75_000)}${extra}`).toString('base64');
    const attachments = [0, 1, 2].map((i) => ({ mimeType: 'text/plain', fileName: `n${i}.txt`, content: text(i === 2 ? 'NHS 943 476 5870' : '') }));
    const { result, turns } = await turnsDuring(() => checkWrongPatient(standardMessage({ attachments })));
    expect(result.invalidParameters.map((p) => p.name)).toEqual(['attachments[2].content']);
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
