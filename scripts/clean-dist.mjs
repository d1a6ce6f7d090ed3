// tsup builds its ESM and CJS configs in parallel, so its own `clean` option
// would let one config wipe the other's output (toolchain.md, gotcha 2).
import { rmSync } from 'node:fs';
rmSync(new URL('../dist', import.meta.url), { recursive: true, force: true });
