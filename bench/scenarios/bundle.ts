// bundle: the built ESM entry bundled with esbuild (minified) and gzipped
// (level 9): once with its dependencies, as a bundling user ships it, and
// once with every package external, which leaves the SDK's own code.
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';
import { toRow, type Row } from '../lib/table.js';
import type { BenchContext } from './context.js';

interface Bundle {
  gzipKb: number;
  minifiedKb: number;
  metafile: Metafile;
}

async function bundle(entry: string, external: boolean): Promise<Bundle> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'error',
    ...(external ? { packages: 'external' as const } : {}),
  });
  const code = result.outputFiles[0]!.contents;
  return { gzipKb: gzipSync(code, { level: 9 }).length / 1000, minifiedKb: code.length / 1000, metafile: result.metafile };
}

/** Minified bytes in the output by package (node_modules/<name>), the rest as "cdms-sdk". */
function shareByPackage(metafile: Metafile): string {
  const totals = new Map<string, number>();
  for (const output of Object.values(metafile.outputs)) {
    for (const [file, { bytesInOutput }] of Object.entries(output.inputs)) {
      const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ?? 'cdms-sdk';
      totals.set(pkg, (totals.get(pkg) ?? 0) + bytesInOutput);
    }
  }
  return [...totals]
    .sort((a, b) => b[1] - a[1])
    .map(([pkg, bytes]) => `${pkg} ${(bytes / 1000).toFixed(1)} kB`)
    .join(', ');
}

export async function bundleScenario({ indexFile, log }: BenchContext): Promise<Row[]> {
  log('bundle: esbuild --bundle --minify, gzip -9');
  const whole = await bundle(indexFile, false);
  const own = await bundle(indexFile, true);
  return [
    toRow({
      scenario: 'bundle',
      metric: 'ESM with dependencies, gzip',
      unit: 'kB',
      target: { kind: 'report' },
      sdkSamples: [whole.gzipKb],
      note: `minified ${whole.minifiedKb.toFixed(1)} kB before gzip: ${shareByPackage(whole.metafile)}`,
    }),
    toRow({
      scenario: 'bundle',
      metric: "SDK's own code, gzip",
      unit: 'kB',
      target: { kind: 'max', limit: 20, unit: 'kB' },
      sdkSamples: [own.gzipKb],
      note: `minified ${own.minifiedKb.toFixed(1)} kB before gzip; ky, zod, uuid and node: built-ins external`,
    }),
  ];
}
