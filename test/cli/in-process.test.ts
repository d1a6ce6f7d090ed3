// The CLI's helpers and `runCli` in-process, with injected streams: what a
// child process cannot easily show (a terminal's spinner, the masking
// backstop), and the small parsers.
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expiryFromDuration, parseDuration } from '../../src/cli/duration.js';
import { InterruptedError, UsageError } from '../../src/cli/errors.js';
import { maskNhsNumber, maskToken } from '../../src/cli/mask.js';
import { MASK, Output, type CliIo } from '../../src/cli/output.js';
import { runCli } from '../../src/cli/program.js';
import { NHS_NUMBER, fixtures } from './support.js';

/** Streams that keep what is written; `tty` makes stderr a terminal. */
function memoryIo(env: Record<string, string> = {}, tty = false): CliIo & { text(): { stdout: string; stderr: string } } {
  const text = { stdout: '', stderr: '' };
  return {
    stdout: { write: (chunk: string) => (text.stdout += chunk) },
    stderr: { write: (chunk: string) => (text.stderr += chunk), isTTY: tty, columns: 200 },
    env,
    text: () => ({ ...text }),
  };
}

const run = (argv: string[], io: CliIo, signal = new AbortController().signal) => runCli(argv, io, signal);

let sandbox: Sandbox;
let files: ReturnType<typeof fixtures>;

beforeAll(async () => {
  sandbox = await startSandbox();
  files = fixtures();
});

afterAll(async () => {
  // beforeAll may have failed (dist/ missing): report that, not a TypeError here.
  if (sandbox === undefined) return;
  files.cleanup();
  await sandbox.close();
});

describe('cli helpers', () => {
  it('parseDuration: units s, m, h, d, w, chained', () => {
    expect(parseDuration('30m', '--x')).toBe(1_800_000);
    expect(parseDuration('2h', '--x')).toBe(7_200_000);
    expect(parseDuration('7d', '--x')).toBe(604_800_000);
    expect(parseDuration('1d12h', '--x')).toBe(129_600_000);
    expect(parseDuration('1W', '--x')).toBe(604_800_000);
    for (const bad of ['', '2', 'h', '2 h', '-1h', '0m', '1.5h', '2y']) expect(() => parseDuration(bad, '--x'), bad).toThrow(UsageError);
  });

  it('expiryFromDuration: RFC 3339 UTC in whole seconds', () => {
    expect(expiryFromDuration('2h', new Date('2026-01-01T10:00:00.123Z'))).toBe('2026-01-01T12:00:00Z');
  });

  it('masks: a token to its last four characters, an NHS number to 3-3-4 with six hidden', () => {
    expect(maskToken('0b6f5f0e-3c1d-4c8e-9a57-1f6f3f0b8d21')).toBe('…8d21');
    expect(maskToken('short')).toBe('…');
    expect(maskNhsNumber('943 476 5919')).toBe('*** *** 5919');
  });

  it('Output masks every registered secret in every stream, JSON included', () => {
    const io = memoryIo();
    const out = new Output(io, { json: false, secrets: ['sekret-api-key-123', undefined, 'ab'] });
    out.text('key sekret-api-key-123 here');
    out.rawErr('commander: sekret-api-key-123\n');
    out.jsonDocument({ echo: 'sekret-api-key-123', short: 'ab' });
    expect(io.text().stdout).toBe(`key ${MASK} here\n{"echo":"${MASK}","short":"ab"}\n`);
    expect(io.text().stderr).toBe(`commander: ${MASK}\n`);
  });
});

describe('runCli in-process', () => {
  it('a key given on the command line is masked even where commander echoes an argument', async () => {
    const io = memoryIo();
    const code = await run(['very-secret-key-42', '--api-key', 'very-secret-key-42'], io);
    expect(code).toBe(2);
    expect(io.text().stderr).toContain(`unknown command '${MASK}'`);
    expect(JSON.stringify(io.text())).not.toContain('very-secret-key-42');
  });

  it('status --wait on a terminal draws a spinner line and clears it; the result goes to stdout', async () => {
    const env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
    const sendIo = memoryIo(env);
    const sendArgs = ['send', '--json', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')];
    expect(await run(sendArgs, sendIo)).toBe(0);
    const { messageId } = JSON.parse(sendIo.text().stdout) as { messageId: string };
    const io = memoryIo(env, true);
    const waiting = run(['status', messageId, '--wait', '--interval', '100'], io);
    await new Promise((resolve) => setTimeout(resolve, 350));
    sandbox.toolbar.import(messageId);
    expect(await waiting).toBe(0);
    const { stdout, stderr } = io.text();
    const ERASE = '\r\x1b[2K';
    const frames = stderr.split(ERASE).filter(Boolean);
    expect(frames.some((f) => /^. waiting for [0-9a-f-]{36}: PENDING · \d+\.\d s · poll \d+ · Ctrl-C to stop$/.test(f))).toBe(true);
    expect(stderr.endsWith(ERASE)).toBe(true);
    expect(stderr).not.toMatch(/^status: /m);
    expect(stdout).toContain('status     COMPLETED (terminal)');
  });

  it('an abort (Ctrl-C) during --wait ends with 130; SIGTERM with 143', async () => {
    const env = { CDMS_BASE_URL: sandbox.url, CDMS_API_KEY: sandbox.apiKey };
    const sendIo = memoryIo(env);
    await run(['send', '--json', '--topic', 'Discharge Summary', '--recipient', 'A81001', '--nhs-number', NHS_NUMBER, '--file', files.path('summary.pdf')], sendIo);
    const { messageId } = JSON.parse(sendIo.text().stdout) as { messageId: string };
    for (const [signal, expected] of [['SIGINT', 130], ['SIGTERM', 143]] as const) {
      const controller = new AbortController();
      const io = memoryIo(env);
      const waiting = run(['status', messageId, '--wait', '--interval', '100', '--json'], io, controller.signal);
      setTimeout(() => controller.abort(new InterruptedError(signal)), 150);
      expect(await waiting).toBe(expected);
      expect(JSON.parse(io.text().stdout)).toMatchObject({ error: { name: 'Interrupted', exitCode: expected } });
    }
  });
});
