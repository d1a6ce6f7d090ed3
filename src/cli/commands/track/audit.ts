// `cdms track audit --verify`: walks the audit's hash chain in the tracker's
// ledger and says plainly whether every entry still links to the one before
// it, or where the first broken link is (exit 1), so a scheduled job or an
// auditor finds an entry changed, deleted or back-dated in the database
// (D-TRACKER-38). Read-only: an embedded ledger is read beside the app.
import type { Command } from 'commander';
import type { AuditVerification } from '../../../tracker/internal.js';
import type { CliContext, GlobalOptions } from '../../config.js';
import { EXIT, UsageError } from '../../errors.js';
import { withExamples } from '../../help.js';
import { count } from '../../track-format.js';
import { withReadOnlyTracker, type TrackerDatabaseFlags } from '../../tracker-database.js';

interface AuditOptions extends GlobalOptions, TrackerDatabaseFlags {
  verify?: boolean | undefined;
}

const entries = (n: number): string => count(n, 'entry', 'entries');

/** What `--verify` prints without `--json`. */
export function verificationLines(v: AuditVerification): string[] {
  const lines = v.broken
    ? [`Audit chain: BROKEN at entry ${v.broken.seq} (${v.broken.kind})`, `  ${v.broken.message}`, `  ${entries(v.checked)} before it ${v.checked === 1 ? 'links' : 'link'} as written.`]
    : [`Audit chain: OK, ${entries(v.checked)} each linked to the one before, up to the head.`];
  if (v.unchained > 0) lines.push(`  ${entries(v.unchained)} written before the ledger chained its audit ${v.unchained === 1 ? 'is' : 'are'} not checked.`);
  lines.push(`head  entry ${v.head.seq}, sha256 ${v.head.hash}`);
  return lines;
}

/** Registers `cdms track audit`. */
export function registerTrackAudit(track: Command, ctx: CliContext): void {
  const command = track
    .command('audit')
    .description("check the audit of people's actions: --verify walks its hash chain; exits 1 when an entry was changed, deleted or back-dated")
    .option('--verify', "walk the audit's hash chain from the first entry to the head and report the first broken link")
    .action(async (...received: unknown[]) => {
      const cmd = received.at(-1) as Command;
      const options = cmd.optsWithGlobals<AuditOptions>();
      if (options.verify !== true) throw new UsageError("cdms track audit needs --verify (the entries themselves are on the worklist's audit page, or tracker.audit()).");
      await withReadOnlyTracker(ctx, options, async (tracker) => {
        const verification = await tracker.verifyAudit();
        ctx.out.result(verification, verificationLines(verification));
        ctx.exitCode = verification.ok ? EXIT.ok : EXIT.api;
      }, { writes: false });
    });
  withExamples(command, ['cdms track audit --verify', 'cdms track audit --verify --json || alert-the-team']);
}
