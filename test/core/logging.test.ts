import { describe, expect, it } from 'vitest';
import type { LogFields, Logger } from '../../src/index.js';
import { BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, http, HttpResponse } = useMswServer();

describe('logging', () => {
  it('calls the logger methods as they are at each event (pino replaces them when its level changes)', async () => {
    server.use(http.get(`${BASE}/api/v1/test`, () => new HttpResponse(null, { status: 200 })));
    const noop = () => undefined;
    const logger: Logger = { debug: noop, info: noop, warn: noop, error: noop };
    const client = testClient({ logger });
    const events: LogFields[] = [];
    logger.debug = (fields) => void events.push(fields); // "level = 'debug'" after the client was built
    await client.test();
    expect(events.map((e) => e.event)).toEqual(['request', 'response']);
    expect(events[1]).toMatchObject({ status: 200, headers: expect.any(Object) as object });
  });
});
