// npm runs `prepare` after `npm install` in a clone (and when the package is
// installed from its git repository), so `npx cdms` and the examples work
// straight away. Packing and publishing build through `prepack` instead:
// building here too would build twice.
import { execSync } from 'node:child_process';

const command = process.env.npm_command;
if (command === 'pack' || command === 'publish') process.exit(0);
execSync('npm run build', { stdio: 'inherit' });
