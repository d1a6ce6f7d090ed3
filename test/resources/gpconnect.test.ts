import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { MESSAGE_ID, gpMessage } from '../helpers/fixtures.js';
import { API_KEY, BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer();

describe('gpconnect', () => {
  it('send: POSTs with type GPConnectMessage and recipient.id.type OdsOrganisationId filled in', async () => {
    server.use(
      http.post(`${BASE}/api/v1/gpconnect/messages`, () =>
        HttpResponse.json({ messageStatusEndpoint: `/api/v1/gpconnect/messages/${MESSAGE_ID}/status` }),
      ),
    );
    const result = await testClient().gpconnect.send(gpMessage());
    expect(result.statusEndpoint).toBe(`/api/v1/gpconnect/messages/${MESSAGE_ID}/status`);
    const [req] = seen;
    expect(req!.url.pathname).toBe('/api/v1/gpconnect/messages');
    expect(req!.headers.get('apikey')).toBe(API_KEY);
    expect(req!.headers.get('content-type')).toBe('application/json');
    // No access-token header on the GP route (decision D-SPEC-12).
    expect(req!.headers.get('accesstoken')).toBeNull();
    expect(req!.body).toEqual({
      ...gpMessage(),
      type: 'GPConnectMessage',
      recipient: { id: { type: 'OdsOrganisationId', value: 'A81001' } },
    });
  });

  it('status: GETs the GP-route status path and parses a null subStatus', async () => {
    const body = { messageId: MESSAGE_ID, status: 'EXPIRED', subStatus: null, updated: '2026-11-21T10:00:00+01:00' };
    server.use(http.get(`${BASE}/api/v1/gpconnect/messages/:id/status`, () => HttpResponse.json(body)));
    await expect(testClient().gpconnect.status(MESSAGE_ID)).resolves.toEqual(body);
    expect(seen[0]!.url.pathname).toBe(`/api/v1/gpconnect/messages/${MESSAGE_ID}/status`);
  });

  it('waitForStatus: follows Sent to MESH, 20013 - Success, then COMPLETED', async () => {
    const steps = [
      ['PENDING', 'Sent to MESH'],
      ['PENDING', '20013 - Success'],
      ['COMPLETED', '20013-Success'],
    ];
    server.use(
      http.get(`${BASE}/api/v1/gpconnect/messages/:id/status`, () => {
        const [status, subStatus] = steps.shift()!;
        return HttpResponse.json({ messageId: MESSAGE_ID, status, subStatus, updated: '2026-11-21T10:00:00Z' });
      }),
    );
    const seenStatuses: string[] = [];
    const final = await testClient().gpconnect.waitForStatus(MESSAGE_ID, {
      intervalMs: 1,
      until: (s) => (seenStatuses.push(`${s.status}/${s.subStatus}`), s.status === 'COMPLETED'),
    });
    expect(final.status).toBe('COMPLETED');
    expect(seenStatuses).toEqual(['PENDING/Sent to MESH', 'PENDING/20013 - Success', 'COMPLETED/20013-Success']);
  });
});

describe('gpconnect: malformed input', () => {
  it.each([[null], [{}]])('send(%j) is a LocalValidationError, never a TypeError', async (value) => {
    await expect(testClient().gpconnect.send(value as never)).rejects.toBeInstanceOf(LocalValidationError);
  });

  it('a missing recipient is reported as recipient, not recipient.id.value', async () => {
    const { recipient: _r, ...rest } = gpMessage();
    const error = (await testClient()
      .gpconnect.send(rest as never)
      .catch((e: unknown) => e)) as LocalValidationError;
    expect(error.invalidParameters.map((p) => p.name)).toContain('recipient');
  });
});
