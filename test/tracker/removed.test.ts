// After retention, on both engines: a dry run counts what a purge would
// delete and changes nothing; the purge then deletes exactly that, keeps
// when it removed each message the audit names, and the worklist's page of
// such a message says it was removed by retention on that date and that the
// audit stays, where a never-held id still reads "No such message".
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { standardMessage } from '../contract/support.js';
import { useSandbox } from '../sandbox/support.js';
import { openReadOnlyTracker } from '../../src/tracker/internal.js';
import { createTracker } from '../../src/tracker/index.js';
import { createWorklist } from '../../src/worklist/index.js';
import { ENGINES, FAST, attentionOf, collectEvents, databaseFor, eventually } from './support.js';

const env = useSandbox();

describe.each(ENGINES)('after retention on $engine', ({ engine, skip }) => {
  it.skipIf(skip)('a dry run counts and changes nothing; the purge deletes what it counted and keeps when each audited message went; its page says so', async () => {
    const where = databaseFor(engine);
    const tracker = await createTracker({ client: env.client(), ...where, ...FAST, followForMs: 3_600_000 });
    const [completed, rejected, pending] = await (async () => {
      const events = collectEvents(tracker);
      await tracker.start();
      const completed = (await tracker.send('standard', standardMessage())).messageId;
      const rejected = (await tracker.send('standard', standardMessage())).messageId;
      const pending = (await tracker.send('standard', standardMessage())).messageId;
      env.sandbox.toolbar.import(completed);
      env.sandbox.toolbar.reject(rejected);
      await eventually('settled', () => events.filter((e) => e.kind === 'terminal').length === 2);
      await attentionOf(tracker, rejected, 'rejected');
      await tracker.acknowledge(rejected, { by: 'duty-manager', note: 'Phoned the practice' });
      await eventually('every event handled', async () => (await tracker.stats()).unhandledEvents === 0);
      return [completed, rejected, pending] as const;
    })().finally(() => tracker.close());

    const ledger = await openReadOnlyTracker(where);
    try {
      const before = (await ledger.list()).items.map((m) => m.messageId).sort();
      const preview = await ledger.previewPurge(1);
      expect(preview).toMatchObject({ messages: 2, audited: 1 });
      expect(preview.histories).toBeGreaterThanOrEqual(2);
      expect(preview.events).toBeGreaterThanOrEqual(4);
      // Nothing changed: the same messages, and no removal kept.
      expect((await ledger.list()).items.map((m) => m.messageId).sort()).toEqual(before);
      expect(await ledger.removedAt(rejected)).toBeUndefined();

      const startedAt = Date.now();
      const purged = await ledger.purge(1);
      expect(purged).toEqual({ messages: preview.messages, histories: preview.histories, events: preview.events });
      expect((await ledger.list()).items.map((m) => m.messageId)).toEqual([pending]);
      const removedAt = await ledger.removedAt(rejected);
      expect(removedAt?.getTime()).toBeGreaterThanOrEqual(startedAt - 1_000);
      expect(removedAt?.getTime()).toBeLessThanOrEqual(Date.now());
      // Only a message the audit names is remembered: the rest of the ledger is really gone.
      expect(await ledger.removedAt(completed)).toBeUndefined();

      const worklist = createWorklist({ tracker: ledger, authorize: () => ({ id: 'alice' }), timeZone: 'UTC' });
      try {
        const page = await worklist.fetch(new Request(`http://localhost/messages/${rejected}`));
        const text = await page.text();
        expect(page.status).toBe(410);
        expect(text).toContain('Message removed by retention');
        expect(text).toContain(`on <time datetime="${removedAt?.toISOString()}">`);
        expect(text).toContain(`The audit of it stays: <a href="/audit?messageId=${rejected}">`);
        expect(text).not.toContain('No such message');
        const audit = await (await worklist.fetch(new Request(`http://localhost/audit?messageId=${rejected}`))).text();
        expect(audit).toContain('Phoned the practice');
        const never = await worklist.fetch(new Request(`http://localhost/messages/${randomUUID()}`));
        expect(never.status).toBe(404);
        expect(await never.text()).toContain('No such message');
      } finally {
        await worklist.close();
      }
    } finally {
      await ledger.close();
    }
  });
});
