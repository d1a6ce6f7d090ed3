// One send of the 10 x 5 MB message in a fresh process, then its peak RSS
// (`process.resourceUsage().maxRSS`, kB). argv: sdk|baseline <server url>
// <SDK version, for the baseline's User-Agent>.
// Both sides build the same message first and collect its garbage, so the
// peak differs only by what the send itself holds.
import { NO_PATIENT_CHECK, largeMessage, sdkLikeHeaders } from '../lib/fixtures.js';

const [mode, url, version = ''] = process.argv.slice(2);
if ((mode !== 'sdk' && mode !== 'baseline') || !url) throw new Error('usage: send-rss sdk|baseline <url> <version>');
const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const message = largeMessage();
gc();
const beforeKb = process.resourceUsage().maxRSS;
if (mode === 'sdk') {
  const { CdmsClient } = await import('cdms-sdk');
  const cdms = new CdmsClient({ baseUrl: url, apiKey: 'bench-key' });
  await cdms.messages.send(message, NO_PATIENT_CHECK);
} else {
  const res = await fetch(new URL('api/v1/messages', url), {
    method: 'POST',
    headers: sdkLikeHeaders('bench-key', version, true),
    body: JSON.stringify(message),
  });
  if (res.status !== 200) throw new Error(`baseline send got ${res.status}`);
  await res.json();
}
process.stdout.write(`${JSON.stringify({ maxRssKb: process.resourceUsage().maxRSS, beforeKb })}\n`);
