// `npm run build`: tsup, refusing its own warnings. A bundler warning (an
// import left unused after tree-shaking, a circular import) is printed on
// every install from git and hides the next one; failing the build keeps the
// output clean.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const WARNING = /is imported from external module .* but never used|Circular dependency|\(!\)/;
const require = createRequire(import.meta.url);
const tsup = join(dirname(require.resolve('tsup/package.json')), 'dist', 'cli-default.js');
const child = spawn(process.execPath, [tsup], { stdio: ['inherit', 'pipe', 'pipe'] });
const warnings = [];
for (const stream of [child.stdout, child.stderr]) {
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const target = stream === child.stdout ? process.stdout : process.stderr;
    target.write(chunk);
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    warnings.push(...lines.filter((line) => WARNING.test(line)));
  });
}
child.on('close', (code) => {
  if (code !== 0) process.exit(code ?? 1);
  if (warnings.length > 0) {
    console.error(`\nThe build printed ${warnings.length} warning(s); fix them (see above).`);
    process.exit(1);
  }
});
