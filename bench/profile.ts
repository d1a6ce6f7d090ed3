// npx tsx bench/profile.ts [calls]: where the time of a small GET goes.
// Runs the built SDK's messages.status(), ky alone as the SDK's transport
// drives it, and raw fetch of the same URL against the bench's local service
// (its own process), each under the V8 CPU profiler, and prints the self
// time per call grouped by where the code lives. The sides take turns in
// rounds (a fifth of the calls each), so that neither profits from running
// later (warmer code, tiered-up WebAssembly of the HTTP parser). Run
// `npm run build` first; not part of `npm run bench`.
import { Session } from 'node:inspector/promises';
import { buildChildren, startService } from './lib/children.js';
import { MESSAGE_ID, sdkLikeHeaders } from './lib/fixtures.js';
import { kyAloneGet } from './lib/ky-alone.js';
import { compareProfiles, type CpuProfile } from './lib/profile.js';
import { loadBuiltSdk } from './lib/sdk.js';
import { snapshotPackage } from './lib/snapshot.js';

const calls = Number(process.argv[2] ?? 5000);
const log = (message: string): void => void process.stderr.write(`[profile] ${message}\n`);

await snapshotPackage(log);
await buildChildren();
const { sdk } = await loadBuiltSdk();
const server = await startService<{ url: string }>('server');
const url = server.info.url;
const cdms = new sdk.CdmsClient({ baseUrl: url, apiKey: 'bench-key' });
const statusUrl = new URL(`api/v1/messages/${MESSAGE_ID}/status`, url);
const headers = sdkLikeHeaders('bench-key', sdk.VERSION, false);
const gets = {
  baseline: async (): Promise<void> => {
    const res = await fetch(statusUrl, { headers });
    JSON.parse(await res.text());
  },
  ky: kyAloneGet(url, `api/v1/messages/${MESSAGE_ID}/status`, headers),
  sdk: async (): Promise<void> => {
    await cdms.messages.status(MESSAGE_ID);
  },
};
const ROUNDS = 5;
const SIDES = ['baseline', 'ky', 'sdk'] as const;

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.setSamplingInterval', { interval: 100 });
const profiles: Record<(typeof SIDES)[number], CpuProfile[]> = { baseline: [], ky: [], sdk: [] };
try {
  for (const side of SIDES) for (let i = 0; i < calls / 5; i++) await gets[side](); // warm-up
  for (let round = 0; round < ROUNDS; round++) {
    for (const side of round % 2 === 0 ? SIDES : [...SIDES].reverse()) {
      await session.post('Profiler.start');
      for (let i = 0; i < calls / ROUNDS; i++) await gets[side]();
      profiles[side].push((await session.post('Profiler.stop')).profile as CpuProfile);
    }
  }
} finally {
  session.disconnect();
  await server.stop();
}
console.log(`${calls} sequential status calls per side, cdms-sdk ${sdk.VERSION}, Node ${process.version}\n`);
console.log(compareProfiles(profiles, calls));
