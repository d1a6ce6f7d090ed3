// "Erased" means unrecoverable from the files: values planted in every
// sensitive field of messages (NHS number, names, date of birth, body, file
// names, coded text, attachment content, GP-route names, the access token)
// are looked for in every file of the database (heap, TOAST, write-ahead log,
// everything), in every form an engine may store them, as are the keys that
// sealed them. Seeded; loopback only; a PostgreSQL server of its own, with the
// settings the guide asks for.
import { randomBytes } from 'node:crypto';
import { closedPort } from '../../helpers/closed-port.js';
import { dirname } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CdmsClient } from '../../../src/index.js';
import { mulberry32 as seeded } from '../../../src/sandbox/faults/prng.js';
import { EICAR_TEST_FILE_BASE64 } from '../../../src/sandbox/index.js';
import { createTracker, type Tracker, type TrackerOptions } from '../../../src/tracker/index.js';
import { isValidNhsNumber } from '../../../src/validation/nhs-number.js';
import { SHRED_AFTER_MS } from '../../../src/tracker/runtime/key-shredder.js';
import { gpMessage, instantMessage, standardMessage } from '../../contract/support.js';
import { useSandbox } from '../../sandbox/support.js';
import { postgresBinaries, startPostgres, type PostgresServer } from '../../setup/postgres-server.js';
import { FAST, eventually, freshLedgerDirectory, freshSchema } from '../support.js';
import { scanFiles } from './file-scan.js';
import { openDatabase } from '../../../src/tracker/db/open.js';
import { migrate } from '../../../src/tracker/db/migrate.js';
import { TrackerStore } from '../../../src/tracker/store/store.js';
import { SqliteStore } from '../../../src/tracker/store/sqlite/store.js';
import type { LedgerStore } from '../../../src/tracker/store/ledger-store.js';
import { openLedgerFile } from '../sqlite-ledger.js';
import { SQLITE } from '../support.js';
import { newState } from '../../../src/tracker/model/message-state.js';
import { begin } from '../../../src/tracker/model/transition.js';
import type * as SealedPayload from '../../../src/tracker/store/sealed-payload.js';

// Every content key the tracker makes, as it makes it (the real function, observed).
const keys = vi.hoisted(() => [] as Buffer[]);
vi.mock('../../../src/tracker/store/sealed-payload.js', async (importOriginal) => {
  const real = await importOriginal<typeof SealedPayload>();
  return {
    ...real,
    newMessageKey: () => {
      const key = real.newMessageKey();
      keys.push(key);
      return key;
    },
  };
});

const env = useSandbox();
const SEED = 0xe7a5e;

/** Values found nowhere else: random words, a valid NHS number, a date of birth. */
function plantedValues(random: () => number) {
  const word = (n: number) => Array.from({ length: n }, (_, i) => String.fromCharCode((i === 0 ? 65 : 97) + Math.floor(random() * 26))).join('');
  let nhsNumber = '';
  while (!isValidNhsNumber(nhsNumber)) nhsNumber = Array.from({ length: 10 }, () => Math.floor(random() * 10)).join('');
  const year = 1930 + Math.floor(random() * 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    nhsNumber,
    dateOfBirth: `${year}-${pad(1 + Math.floor(random() * 12))}-${pad(1 + Math.floor(random() * 28))}`,
    family: word(12),
    given: word(11),
    body: `${word(9)} ${word(8)} ${word(10)}, discharged home.`,
    fileName: `${word(10)}-letter.pdf`,
    codedText: `${word(9)} reading`,
    pdfText: word(14),
    gpFamily: word(12),
    gpGiven: word(10),
    practitioner: word(11),
    senderReference: `OOH-${word(8).toUpperCase()}`,
  };
}
type Planted = ReturnType<typeof plantedValues>;

const pdf = (text: string) => Buffer.from(`%PDF-1.4\n% ${text}\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n`).toString('base64');

function messagesOf(p: Planted) {
  const patient = { id: { type: 'VerifiedNhsNumber' as const, value: p.nhsNumber } };
  const attachments = [{ mimeType: 'application/pdf' as const, fileName: p.fileName, content: pdf(p.pdfText) }];
  const gp = gpMessage();
  return {
    standard: standardMessage({
      subject: patient,
      body: { mimeType: 'text/plain', content: p.body },
      attachments,
      codedDataItems: [{ code: '271649006', value: 120, unit: 'mmHg', additionalText: p.codedText }],
    }),
    instant: instantMessage({ subject: patient, body: { mimeType: 'text/plain', content: p.body }, attachments }),
    gpconnect: {
      ...gp,
      subject: { id: { type: 'NHSNumber' as const, value: p.nhsNumber } },
      attachments,
      gpConnectAdditionalInformation: {
        ...gp.gpConnectAdditionalInformation,
        senderReference: p.senderReference,
        patient: { name: { family: p.gpFamily, given: p.gpGiven }, dateOfBirth: p.dateOfBirth },
        practitioner: { ...gp.gpConnectAdditionalInformation.practitioner, name: { family: p.practitioner, given: p.given } },
      },
    },
    infected: standardMessage({
      subject: patient,
      body: { mimeType: 'text/plain', content: p.body },
      attachments: [{ mimeType: 'text/plain', fileName: `${p.family}.txt`, content: EICAR_TEST_FILE_BASE64 }],
    }),
  };
}


/** Where a test's ledger lives, and the directory whose every file is read. */
interface Ledger {
  options: Pick<TrackerOptions, 'database' | 'schema'>;
  root: string;
}

let server: PostgresServer | undefined;
beforeAll(async () => {
  // Its own server, with the settings the guide asks of a server whose files must not keep erased data.
  if (postgresBinaries()) server = await startPostgres({ settings: { wal_recycle: 'off' } });
}, 60_000);
afterAll(() => server?.stop());

const ENGINES = [
  { engine: 'SQLite', skip: !SQLITE, ledger: (): Ledger => { const dir = freshLedgerDirectory(); return { options: { database: dir }, root: dir }; } },
  { engine: 'PostgreSQL', skip: !postgresBinaries(), ledger: (): Ledger => ({ options: { database: server?.url ?? '', schema: freshSchema() }, root: dirname(server?.dataDir ?? '') }) },
] as const;

describe.each(ENGINES)('erased means gone from the files, on $engine', ({ engine, skip, ledger }) => {
  it.skipIf(skip)('every planted value, and every content key, is in no file once the service holds the messages (or refused one for good)', { timeout: 180_000 }, async () => {
    keys.length = 0;
    const p = plantedValues(seeded(SEED + engine.length));
    const m = messagesOf(p);
    const where = ledger();
    env.sandbox.toolbar.run('dr-who');
    const accessToken = await env.client().tokens.exchange(await env.sandbox.issueAccessCode('dr-who'));
    const planted = { ...p, accessToken, pdfContent: m.standard.attachments?.[0]?.content ?? '' };
    // Kept in clear by design (the app's own metadata): proves a value in clear is found where the engine put it.
    const control = `CONTROL-${randomBytes(6).toString('hex')}`;

    // 1. The service cannot be reached: every message waits in the ledger, its content sealed.
    const away = new CdmsClient({ baseUrl: `http://127.0.0.1:${await closedPort()}`, apiKey: env.sandbox.apiKey, maxRetries: 0 });
    let tracker: Tracker = await createTracker({ client: away, ...where.options, ...FAST });
    const queued = [
      await tracker.send('standard', m.standard, { metadata: { control } }),
      await tracker.send('instant', m.instant, { accessToken }),
      await tracker.send('gpconnect', m.gpconnect),
    ];
    expect(queued.map((q) => q.outcome)).toEqual(['queued', 'queued', 'queued']);
    await tracker.close();
    const waiting = scanFiles(where.root, { ...planted, control, ...Object.fromEntries(keys.map((k, i) => [`key${i}`, k])) });
    expect(keys).toHaveLength(3);
    // Never in clear, even while held to be sent; the keys are there (the scan sees the key table), and so is the control.
    expect(Object.keys(waiting).filter((label) => label in planted)).toEqual([]);
    for (let i = 0; i < keys.length; i++) expect(waiting[`key${i}`], `key${i}`).toBeDefined();
    expect(waiting.control).toBeDefined();

    // 2. The service is back: the waiting messages are sent, two more are sent (one refused for good), all erased.
    tracker = await createTracker({ client: env.client(), ...where.options, ...FAST });
    await tracker.start();
    const sent = await tracker.send('standard', { ...m.standard, messageId: crypto.randomUUID() });
    expect(sent.outcome).toBe('sent');
    const infected = crypto.randomUUID();
    await expect(tracker.send('standard', { ...m.infected, messageId: infected })).rejects.toMatchObject({ name: 'AttachmentContentRejectedError' });
    for (const { messageId } of [...queued, sent]) {
      // Held: followed, or already at its end (the instant one is imported by the running toolbar).
      await eventually(`${messageId} held`, async () => ['following', 'settled'].includes((await tracker.get(messageId))?.stage ?? ''));
    }
    expect(await tracker.get(infected)).toMatchObject({ stage: 'failed' });
    expect(keys).toHaveLength(5);
    const all = { ...planted, ...Object.fromEntries(keys.map((k, i) => [`key${i}`, k])) };
    // Cleared in the background soon after the erase, while the tracker runs (no close needed).
    const started = Date.now();
    await eventually('the files cleared of every key', () => Object.keys(scanFiles(where.root, all)).length === 0, SHRED_AFTER_MS + 20_000);
    expect(Date.now() - started).toBeLessThan(SHRED_AFTER_MS + 20_000);
    await tracker.close();
    const after = scanFiles(where.root, { ...all, control });
    expect(after).toEqual({ control: expect.any(Array) });
  });

  it.skipIf(skip)('a key erased just before a crash (the files never cleared) is gone from them soon after the next start, without a close', { timeout: 120_000 }, async () => {
    keys.length = 0;
    const where = ledger();
    const schema = where.options.schema ?? 'cdms_tracker';
    // The crash, played: a message sealed, then erased (its key deleted), and the database let go without the clearing.
    const { database } = where.options;
    if (typeof database !== 'string') throw new Error('these ledgers are named by a string');
    const db = await openDatabase(database);
    // On SQLite a clean close checkpoints the log and removes it: the crash is a connection of its own that is never closed
    // before the next start (a killed process's log stays behind, as this one's does).
    let crashed: { close(): void } | undefined;
    try {
      await migrate(db, schema);
      let store: LedgerStore = new TrackerStore(db, schema);
      if (engine === 'SQLite') {
        await db.close();
        const raw = openLedgerFile(database);
        raw.exec('PRAGMA secure_delete = ON; PRAGMA foreign_keys = ON');
        crashed = raw;
        store = new SqliteStore(raw);
      }
      const state = newState(crypto.randomUUID(), 'standard', 'sending', Date.now(), { payload: { message: { note: 'sealed' } } });
      await store.insert(state);
      const erased = begin(state);
      erased.state.stage = 'following';
      erased.state.payload = null;
      expect(await store.save(erased, null, new Date())).toBe(true);
    } finally {
      if (!crashed) await db.close();
    }
    expect(keys).toHaveLength(1);
    const key = { key0: keys[0]! };
    expect(Object.keys(scanFiles(where.root, key))).toEqual(['key0']);
    // The next start clears it while the tracker runs.
    const tracker = await createTracker({ client: env.client(), ...where.options, ...FAST });
    try {
      await eventually('the files cleared of the key', () => Object.keys(scanFiles(where.root, key)).length === 0, 20_000);
    } finally {
      await tracker.close();
      crashed?.close();
    }
  });
});
