// Starts another child and passes its output and exit code through. On
// Linux a process's maxRSS starts at the RSS of the process that spawned it
// (the kernel keeps the old address space's high-water mark across exec), so
// a child spawned straight from the bench, which holds the 67 MB message and
// more, would report the bench's RSS as its own peak. Spawned from this small
// process instead, it reports its own. argv: node flags and script as for node.
import { spawn } from 'node:child_process';

const child = spawn(process.execPath, process.argv.slice(2), { stdio: 'inherit' });
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
