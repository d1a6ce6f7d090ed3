// `cdms conformance run`: the scripted conformance run of cdms-sdk/conformance
// from a terminal, with a progress line on stderr (scenario n of N, what it
// waits for) and exit 0 only when every scenario passed.
import type { Command } from 'commander';
import { CONFORMANCE_SUITES, runConformance, selectScenarios, type ConformanceProgress, type ConformanceReport, type ConformanceSuite } from '../../conformance/index.js';
import { envValue, type CliContext, type GlobalOptions } from '../config.js';
import { EXIT, UsageError } from '../errors.js';
import { withExamples } from '../help.js';

interface RunOptions {
  suite?: string | undefined;
  only?: string | undefined;
  out: string;
  list?: boolean | undefined;
  testMailbox?: boolean | undefined;
  recipient?: string | undefined;
  database?: string | undefined;
  chromium?: string | undefined;
}

const list = (value: string | undefined) => value?.split(',').map((v) => v.trim()).filter((v) => v !== '');

function suites(value: string | undefined): ConformanceSuite[] | undefined {
  const names = list(value);
  const unknown = names?.find((n) => !(CONFORMANCE_SUITES as readonly string[]).includes(n));
  if (unknown) throw new UsageError(`--suite: unknown suite '${unknown}'; use ${CONFORMANCE_SUITES.join(', ')}.`);
  return names as ConformanceSuite[] | undefined;
}

/** The progress line: rewritten in a terminal; elsewhere a line per scenario and per wait, at most every 10 s. */
function progressShower(ctx: CliContext): (p: ConformanceProgress) => void {
  let lastId = '';
  let lastLine = 0;
  return (p) => {
    const line = `[${p.index}/${p.total}] ${p.id} ${p.doing}`;
    if (ctx.out.interactive) return ctx.out.rewriteLine(line);
    if (p.id !== lastId || Date.now() - lastLine >= 10_000) {
      lastId = p.id;
      lastLine = Date.now();
      ctx.out.diagnostic(line);
    }
  };
}

function summary(report: ConformanceReport, out: string): string[] {
  const lines = report.scenarios.filter((s) => s.result !== 'passed').map((s) => `${s.result.toUpperCase()} ${s.id} ${s.title}: ${s.reason ?? ''}`);
  const counts = Object.entries(report.counts).map(([k, v]) => `${v} ${k}`).join(', ');
  return [
    ...lines,
    ...(report.trackerNote ? [`Note: ${report.trackerNote}.`] : []),
    ...(report.captureNote ? [`Note: ${report.captureNote}.`] : []),
    `${report.passed ? 'PASSED' : 'NOT PASSED'}: ${counts} (${report.scenarios.length} scenarios against ${report.baseUrl}).`,
    `Evidence: ${out}/index.html (check it with: cd ${out} && sha256sum -c manifest.sha256)`,
  ];
}

/** Registers `cdms conformance run`. */
export function registerConformance(program: Command, ctx: CliContext): void {
  const group = program.command('conformance').description('prove an integration: every outcome of the service, with the evidence assessors ask for');
  const run = group
    .command('run')
    .description('run the conformance scenarios (default: against a sandbox started in this process) and write the evidence')
    .option('--suite <names>', `comma-separated suites: ${CONFORMANCE_SUITES.join(', ')} (default: all)`)
    .option('--only <ids>', 'comma-separated scenario ids (see --list)')
    .option('--out <dir>', 'where the evidence is written', 'conformance-evidence')
    .option('--list', 'list the scenarios and what each proves; run nothing')
    .option('--test-mailbox', 'the --base-url is a test mailbox of the integration environment (never live): run there')
    .option('--recipient <ods>', "the test practice's ODS code (a test mailbox needs it)")
    .option('--database <db>', "the tracker's ledger for the run (default: in memory)")
    .option('--chromium <path>', "the Chromium the evidence's pictures are taken with (default: /usr/bin/chromium; without one, the pages' HTML)")
    .action(async (options: RunOptions, cmd: Command) => {
      const globals = cmd.optsWithGlobals<GlobalOptions>();
      const selection = { suites: suites(options.suite), only: list(options.only)?.map((id) => id.toUpperCase()) };
      if (options.list) {
        const scenarios = selectScenarios(selection);
        ctx.out.result(scenarios, scenarios.map((s) => `${s.id.padEnd(16)} ${s.title} [${s.requirements.join(', ')}]`));
        return;
      }
      const apiKey = globals.apiKey ?? envValue(ctx.io, 'CDMS_API_KEY');
      ctx.out.addSecret(apiKey);
      const report = await runConformance({
        ...selection,
        baseUrl: globals.baseUrl,
        apiKey,
        testMailbox: options.testMailbox === true,
        recipient: options.recipient,
        database: options.database,
        out: options.out,
        chromiumPath: options.chromium,
        signal: ctx.signal,
        onProgress: progressShower(ctx),
      });
      if (ctx.out.interactive) ctx.out.clearLine();
      ctx.out.result(report, summary(report, options.out));
      ctx.exitCode = report.passed ? EXIT.ok : EXIT.api;
    });
  withExamples(run, [
    'cdms conformance run                       # against a sandbox started here; evidence in ./conformance-evidence',
    'cdms conformance run --list',
    'cdms conformance run --suite standard,gp --out evidence',
    'cdms conformance run --only STD-07,GP-ITK-30002 --json',
    'cdms conformance run --base-url http://127.0.0.1:4010   # a running `cdms sandbox`',
    'CDMS_API_KEY=... cdms conformance run --base-url https://int.example.nhs.uk --test-mailbox --recipient A81001',
  ]);
}
