// A floor's rule names floors by folder (`../store/`), so no folder deeper in
// the tree may bear a floor's name: the import would then mean another folder.
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The folders below `top` (not `top`'s own children) named like one of `floors`, as paths from `root`. */
export function folderClashes(top: string, floors: ReadonlySet<string>, root: string): string[] {
  const clashes: string[] = [];
  const walk = (dir: string, depth: number): void => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (!statSync(path).isDirectory()) continue;
      if (depth > 0 && floors.has(name)) clashes.push(path.slice(root.length));
      walk(path, depth + 1);
    }
  };
  walk(top, 0);
  return clashes;
}
