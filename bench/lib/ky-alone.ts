// ky configured and called as the SDK's transport does (src/core/transport.ts:
// a `prefixUrl` instance, `retry: 0`, `throwHttpErrors: false`, the default
// 30 s timeout per call), then the body read and parsed: the SDK's HTTP
// layer alone, beside raw fetch and the SDK in the small-GET scenario and
// the profile.
import ky from 'ky';

/** One GET of `path` under `baseUrl` through ky alone; resolves to the parsed body. */
export function kyAloneGet(baseUrl: string, path: string, headers: Record<string, string>): () => Promise<unknown> {
  const transportKy = ky.create({ prefixUrl: baseUrl, retry: 0, throwHttpErrors: false });
  return async () => {
    const res = await transportKy(path, { method: 'GET', headers, timeout: 30_000 });
    if (res.status !== 200) throw new Error(`ky status got ${res.status}`);
    return JSON.parse(await res.text()) as unknown;
  };
}
