import { describe, expect, it } from 'vitest';
import { ResponseValidationError } from '../../src/index.js';
import { API_KEY, BASE, testClient, useMswServer } from '../helpers/msw.js';

const { server, seen, http, HttpResponse } = useMswServer({ recordTopics: true });
const TOPICS = [{ topicName: 'Discharge Summary' }, { topicName: 'Clinic Letter' }];

describe('topics', () => {
  it('list: GETs the topic array and returns it', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json(TOPICS)));
    await expect(testClient().topics.list()).resolves.toEqual(TOPICS);
    expect(seen[0]!.method).toBe('GET');
    expect(seen[0]!.headers.get('apikey')).toBe(API_KEY);
  });

  it('list: serves the cache within the TTL and refetches on refresh', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json(TOPICS)));
    const client = testClient();
    await client.topics.list();
    await client.topics.list();
    expect(seen).toHaveLength(1);
    await client.topics.list({ refresh: true });
    expect(seen).toHaveLength(2);
    expect(client.topics.cached()).toEqual(TOPICS);
  });

  it('list: refetches after the TTL expires', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json(TOPICS)));
    const client = testClient({ topicsCacheTtlMs: 1 });
    await client.topics.list();
    await new Promise((r) => setTimeout(r, 5));
    expect(client.topics.cached()).toBeUndefined();
    await client.topics.list();
    expect(seen).toHaveLength(2);
  });

  it('list: concurrent calls share one request', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json(TOPICS)));
    const client = testClient();
    await Promise.all([client.topics.list(), client.topics.list(), client.topics.list()]);
    expect(seen).toHaveLength(1);
  });

  it('list: callers cannot corrupt the cache', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json(TOPICS)));
    const client = testClient();
    const first = await client.topics.list();
    first.push({ topicName: 'Injected' });
    expect(await client.topics.list()).toEqual(TOPICS);
  });

  it('list: an object instead of an array is a ResponseValidationError', async () => {
    server.use(http.get(`${BASE}/api/v1/topics`, () => HttpResponse.json({ topics: TOPICS })));
    await expect(testClient().topics.list()).rejects.toBeInstanceOf(ResponseValidationError);
  });
});
