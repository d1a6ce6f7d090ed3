// Lints docs/openapi.json with Spectral (spectral:oas, .spectral.yaml) and
// Redocly (recommended-strict, redocly.yaml). Any result fails: a warning
// today is a broken generator tomorrow. Neither tool may call home.
import { execFileSync } from 'node:child_process';

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const env = { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' };
const run = (...args) => execFileSync(npm, ['exec', '--', ...args], { stdio: 'inherit', env });

run('spectral', 'lint', 'docs/openapi.json', '--fail-severity=hint');
run('redocly', 'lint', 'docs/openapi.json', '--max-problems=100');
