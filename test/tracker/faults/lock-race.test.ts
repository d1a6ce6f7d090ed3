// Several processes racing for the embedded ledger's lock, many times over:
// each trial starts from a lock whose holder was just killed (or, every third
// trial, released cleanly), tells every contender to take it at the same
// moment, and checks that exactly one holds it and that the lock names that
// one. Seeded and bounded; loopback and local files only.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mulberry32 as seeded } from '../../../src/sandbox/faults/prng.js';
import { DatabaseInUseError } from '../../../src/tracker/db/in-use-error.js';
import { lockLedger } from '../../../src/tracker/db/sqlite/lock.js';
import { startHolder, type HolderProcess } from '../lock-processes.js';
import { SQLITE } from '../support.js';

const CONTENDERS = 4;
const TRIALS = 24;
const SEED = 0x5eed_10c;

const dir = mkdtempSync(join(tmpdir(), 'cdms-lock-race-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.skipIf(!SQLITE)('the embedded ledger lock under a race', () => {
  it(`${CONTENDERS} processes told to take a dead holder's lock at once, ${TRIALS} times: exactly one holds it each time`, { timeout: 240_000 }, async () => {
    const random = seeded(SEED);
    const path = dir;
    const spawnOne = () => startHolder(path);
    let contenders: HolderProcess[] = await Promise.all(Array.from({ length: CONTENDERS }, spawnOne));
    const first = await contenders[0]?.take();
    expect(first).toMatchObject({ held: true });
    let holder = contenders.shift() as HolderProcess;
    contenders.push(await spawnOne());
    const winners: number[] = [];
    for (let trial = 0; trial < TRIALS; trial++) {
      // The holder dies (or, every third trial, lets go cleanly) just before the race.
      if (trial % 3 === 2) await holder.release();
      await holder.kill();
      const order = [...contenders].sort(() => random() - 0.5);
      const answers = await Promise.all(order.map((c) => c.take()));
      const won = order.filter((_, i) => answers[i]?.held === true);
      winners.push(won.length);
      expect(won, `trial ${trial}: ${JSON.stringify(answers)}`).toHaveLength(1);
      for (const [i, a] of answers.entries()) {
        // Each loser was refused by the winner, by name.
        if (!a.held) expect(a, `trial ${trial}, loser ${i}: ${JSON.stringify(a)}`).toMatchObject({ holder: { pid: won[0]?.pid } });
      }
      // The lock names the winner: this process is refused by it.
      const check = await lockLedger(path).then(
        (l) => (l.release(), 'taken'),
        (e: unknown) => e,
      );
      expect(check).toBeInstanceOf(DatabaseInUseError);
      expect((check as DatabaseInUseError).holder.pid).toBe(won[0]?.pid);
      holder = won[0] as HolderProcess;
      contenders = [...contenders.filter((c) => c !== holder), await spawnOne()];
    }
    await holder.kill();
    await Promise.all(contenders.map((c) => c.kill()));
    expect(winners).toEqual(Array.from({ length: TRIALS }, () => 1));
  });
});
