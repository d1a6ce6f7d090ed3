import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

describe('clean exit', () => {
  it('after successes, errors, timeouts, aborts and backoffs the process exits by itself, with no unhandled rejection', async () => {
    const script = fileURLToPath(new URL('./fixtures/clean-exit.mjs', import.meta.url));
    // The kill timeout is a safety net: a lingering SDK timer would keep the child alive and fail the test.
    const { stdout } = await run(process.execPath, [script], { cwd: fileURLToPath(new URL('../../', import.meta.url)), timeout: 15_000 });
    expect(JSON.parse(stdout)).toEqual([
      'ok',
      'ConnectionError',
      'RequestAbortedError',
      'ServiceUnavailableError',
      'BadRequestError',
      'TimeoutError',
      'LocalValidationError',
    ]);
  });
});
