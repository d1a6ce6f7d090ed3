// Work a send does once, not per attachment or per field: a text attachment
// is decoded from base64 once (local validation's UTF-8 check and the
// wrong-patient check share the bytes), and the patterns that mask the
// send's patient data in an error are compiled once for the whole answer.
import { describe, expect, it, vi } from 'vitest';
import { BadRequestError } from '../../src/index.js';
import type * as Runtime from '../../src/validation/runtime.js';
import { redactorCompilations } from '../../src/core/redact.js';
import { PATIENT, standardMessage } from '../helpers/fixtures.js';
import { BASE, problem, testClient, useMswServer } from '../helpers/msw.js';

const decodes = vi.hoisted(() => ({ whole: [] as string[] }));
vi.mock('../../src/validation/runtime.js', async (original) => {
  const actual = await original<typeof Runtime>();
  return {
    ...actual,
    decodeBase64: (s: string, maxChars?: number) => {
      if (maxChars === undefined) decodes.whole.push(s);
      return actual.decodeBase64(s, maxChars);
    },
  };
});

const { server, http, HttpResponse } = useMswServer();
const SEND = `${BASE}/api/v1/messages`;

describe('a send does each piece of work once', () => {
  it('a text attachment is decoded once: validation and the wrong-patient check share the bytes', async () => {
    server.use(http.post(SEND, () => HttpResponse.json({ messageStatusEndpoint: '/api/v1/messages/x/status' })));
    const notes = Buffer.from(`Seen today. NHS number ${PATIENT.nhsNumber}.`).toString('base64');
    const other = Buffer.from('Advice given, no numbers here.').toString('base64');
    const message = standardMessage({
      attachments: [
        { mimeType: 'text/plain', fileName: 'notes.txt', content: notes },
        { mimeType: 'text/vnd.vendor.service.consultation', fileName: 'consultation.txt', content: other },
      ],
    });
    decodes.whole.length = 0;
    await testClient().messages.send(message);
    expect(decodes.whole.filter((s) => s === notes)).toHaveLength(1);
    expect(decodes.whole.filter((s) => s === other)).toHaveLength(1);
  });

  it("an error answer's fields are redacted with patterns compiled once for the send", async () => {
    const fields = Array.from({ length: 12 }, (_, i) => ({ name: `attachments[${i}].fileName`, reason: `is not allowed for ${PATIENT.given}` }));
    server.use(http.post(SEND, () => problem(400, { title: 'Bad Request', detail: `Refused for ${PATIENT.nhsNumber}`, invalidParameters: fields })));
    const before = redactorCompilations();
    const error = await testClient().messages.send(standardMessage()).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BadRequestError);
    expect(redactorCompilations() - before).toBe(1);
    expect(JSON.stringify((error as BadRequestError).problem)).not.toContain(PATIENT.nhsNumber);
  });
});
