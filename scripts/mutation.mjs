#!/usr/bin/env node
// `npm run test:mutation [-- <module>... [stryker options]]`: StrykerJS
// over the decision modules (stryker.config.mjs), one module at a time (the
// machines are shared and small), each against only its own unit tests.
// Options after the module names go to Stryker as they are (e.g. `--mutate
// src/core/redact.ts` for one file of a module, `--checkers ''` to skip the
// type check of each mutant). Prints each module's mutation score and run
// time; fails when a module scores under the break threshold (85%) or
// Stryker fails.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { MODULES } from '../stryker.config.mjs';

const args = process.argv.slice(2);
const firstOption = args.findIndex((a) => a.startsWith('-'));
const asked = firstOption === -1 ? args : args.slice(0, firstOption);
const options = firstOption === -1 ? [] : args.slice(firstOption);
const unknown = asked.filter((m) => !(m in MODULES));
if (unknown.length > 0) {
  console.error(`Unknown module(s): ${unknown.join(', ')}. The modules: ${Object.keys(MODULES).join(', ')}.`);
  process.exit(2);
}

/** Mutation score as Stryker reports it: detected of the valid mutants (ignored and compile errors left out). */
function score(module) {
  const report = JSON.parse(readFileSync(`reports/mutation/${module}.json`, 'utf8'));
  const count = { Killed: 0, Timeout: 0, Survived: 0, NoCoverage: 0, Ignored: 0, CompileError: 0, RuntimeError: 0 };
  for (const file of Object.values(report.files)) for (const mutant of file.mutants) count[mutant.status] = (count[mutant.status] ?? 0) + 1;
  const detected = count.Killed + count.Timeout;
  const valid = detected + count.Survived + count.NoCoverage;
  return { ...count, score: valid === 0 ? 100 : (100 * detected) / valid };
}

const rows = [];
let failed = false;
for (const module of asked.length > 0 ? asked : Object.keys(MODULES)) {
  console.log(`\n=== mutation testing: ${module} (${MODULES[module].join(' ')})`);
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', ...options], { stdio: 'inherit', env: { ...process.env, CDMS_MUTATION_MODULE: module } });
  const seconds = Math.round((Date.now() - started) / 1000);
  if (run.status !== 0) failed = true;
  try {
    rows.push({ module, seconds, ...score(module) });
  } catch {
    rows.push({ module, seconds, score: Number.NaN });
  }
}

console.log('\nmodule          score   killed  timeout  survived  no-coverage  ignored  time');
for (const r of rows) {
  const cells = [r.module.padEnd(14), `${r.score.toFixed(1)}%`.padStart(6), String(r.Killed ?? '-').padStart(7), String(r.Timeout ?? '-').padStart(8), String(r.Survived ?? '-').padStart(9), String(r.NoCoverage ?? '-').padStart(12), String(r.Ignored ?? '-').padStart(8), `${r.seconds} s`.padStart(7)];
  console.log(cells.join('  '));
}
process.exit(failed ? 1 : 0);
