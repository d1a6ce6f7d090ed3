import { describe, expect, it } from 'vitest';
import { LocalValidationError } from '../../src/index.js';
import { endpointPath } from '../../src/core/path.js';
import { ENDPOINTS, SEND_ENDPOINTS, STATUS_ENDPOINTS, statusEndpointOf } from '../../src/schemas/endpoints.js';

const ID = '0b6b5b5e-8d3f-4a39-9f5e-3c1f0e9d2a71';

describe('endpoint paths', () => {
  it('fills in the messageId of a status endpoint, relative to the base URL', () => {
    expect(endpointPath(ENDPOINTS.status, ID)).toBe(`api/v1/messages/${ID}/status`);
    expect(endpointPath(ENDPOINTS.gpconnectStatus, ID)).toBe(`api/v1/gpconnect/messages/${ID}/status`);
  });

  it('percent-encodes the id, so it can never change which endpoint is called', () => {
    expect(endpointPath(ENDPOINTS.status, '../../topics?x=1#y')).toBe('api/v1/messages/..%2F..%2Ftopics%3Fx%3D1%23y/status');
  });

  it.each(['', '.', '..'])('refuses the segment %j: nothing is sent', (segment) => {
    expect(() => endpointPath(ENDPOINTS.status, segment)).toThrow(LocalValidationError);
  });

  it("reads an instant message's status where a standard one's is, and sends each route to its own endpoint", () => {
    expect(STATUS_ENDPOINTS).toEqual({ standard: ENDPOINTS.status, instant: ENDPOINTS.status, gpconnect: ENDPOINTS.gpconnectStatus });
    expect(new Set(Object.values(SEND_ENDPOINTS)).size).toBe(3);
  });

  it('names a status endpoint as the service does in a send response: from the root', () => {
    expect(statusEndpointOf('standard', ID)).toBe(`/api/v1/messages/${ID}/status`);
    expect(statusEndpointOf('instant', ID)).toBe(`/api/v1/messages/${ID}/status`);
    expect(statusEndpointOf('gpconnect', ID)).toBe(`/api/v1/gpconnect/messages/${ID}/status`);
  });
});
