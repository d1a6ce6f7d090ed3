// The whole conformance suite against a sandbox at a base URL (found through
// its control API, as `--base-url` finds one): every scenario passes, the
// evidence is written, its manifest verifies with sha256sum, and nothing of
// the API key or an access token is anywhere in it. It runs as on a machine
// without Chromium (a path where there is none): the worklist's pages are
// kept as their HTML and the PDFs as their text, and the evidence says so.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFORMANCE_REQUIREMENTS, EVIDENCE_FILES, MANIFEST_FILE, runConformance, selectScenarios, type ConformanceReport } from 'cdms-sdk/conformance';
import { GP_ROUTE_CODES } from 'cdms-sdk';
import { startSandbox, type Sandbox } from 'cdms-sdk/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evidenceDir, filesUnder, issuedSecrets } from './support.js';

/** A Chromium that is not there: the run must notice, and fall back. */
const NO_CHROMIUM = '/nonexistent/chromium';
let sandbox: Sandbox;
let report: ConformanceReport;
const out = evidenceDir();
const progress: string[] = [];

beforeAll(async () => {
  sandbox = await startSandbox({ scenarioStepMs: 40, instantImportDelayMs: 10 });
  report = await runConformance({ baseUrl: sandbox.url, out: out.dir, scenarioStepMs: 40, chromiumPath: NO_CHROMIUM, onProgress: (p) => progress.push(`${p.index}/${p.total} ${p.id}`) });
}, 240_000);

afterAll(async () => {
  await sandbox?.close();
  out.cleanup();
});

describe('runConformance against the sandbox', () => {
  it('runs every scenario, and every one passes with the tracker part run', () => {
    const failures = report.scenarios.filter((s) => s.result !== 'passed').map((s) => `${s.id}: ${s.result} ${s.reason ?? ''}`);
    expect(failures).toEqual([]);
    expect(report.passed).toBe(true);
    expect(report.target).toBe('sandbox');
    expect(report.trackerNote).toBeNull();
    expect(report.scenarios.map((s) => s.id)).toEqual(selectScenarios().map((s) => s.id));
    for (const s of report.scenarios) expect(s.checks.length, s.id).toBeGreaterThan(0);
    expect(progress[0]).toBe(`1/${report.scenarios.length} OPS-01`);
  });

  it('has one GP scenario per code of the catalogue the sandbox drives, with ids from the code', () => {
    const ids = report.scenarios.map((s) => s.id);
    for (const code of GP_ROUTE_CODES.filter((c) => c.source !== 'service')) {
      expect(ids).toContain(code.source === 'mesh' ? `GP-MESH-${code.code}` : `GP-ITK-${code.code}`);
    }
    for (const id of ['GP-NORESPONSE', 'GP-NOINFACK', 'GP-NOBUSACK', 'GP-REPLACE', 'STD-07', 'STD-08', 'STD-09', 'INS-02', 'TOK-02', 'WID-01']) expect(ids).toContain(id);
    expect(new Set(ids).size).toBe(ids.length);
    const known = new Set(CONFORMANCE_REQUIREMENTS.map((r) => r.id));
    for (const s of report.scenarios) for (const r of s.requirements) expect(known, `${s.id} ${r}`).toContain(r);
  });

  it('keeps what a sender must see: the tracker timeline and attention of a refused GP document, the 503 and its retry', () => {
    const refused = report.scenarios.find((s) => s.id === 'GP-ITK-30002')!;
    expect(refused.tracker).toEqual([expect.objectContaining({ stage: 'settled', attention: 'rejected' })]);
    expect(refused.timeline.at(-1)).toMatchObject({ status: 'REJECTED', subStatus: expect.stringMatching(/^30002/) });
    const retried = report.scenarios.find((s) => s.id === 'STD-08')!;
    expect(retried.exchanges.filter((e) => e.method === 'POST').map((e) => e.status)).toEqual([503, 200]);
    const unclear = report.scenarios.find((s) => s.id === 'STD-09')!;
    const send = unclear.exchanges.find((e) => e.method === 'POST')!;
    expect(send.status).toBeNull();
    expect(send.error).toBeTruthy();
  });

  it('shows attachments by name, type, size and SHA-256, never their content', () => {
    const sent = report.scenarios.find((s) => s.id === 'STD-01')!.exchanges.find((e) => e.method === 'POST')!;
    const [attachment] = (sent.requestBody as { attachments: Record<string, unknown>[] }).attachments;
    expect(Object.keys(attachment!).sort()).toEqual(['fileName', 'mimeType', 'sha256', 'size']);
    expect(attachment!.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('writes index.html, evidence.json, requirements.csv and a manifest that sha256sum -c verifies', () => {
    const files = filesUnder(out.dir);
    const captures = report.scenarios.flatMap((s) => s.captures.map((c) => c.file));
    expect(Object.keys(files).sort()).toEqual([...EVIDENCE_FILES, MANIFEST_FILE, ...captures].sort());
    expect(execFileSync('sha256sum', ['-c', MANIFEST_FILE], { cwd: out.dir, encoding: 'utf8' })).toMatch(/index\.html: OK/);
    for (const line of files[MANIFEST_FILE]!.trim().split('\n')) {
      const [hash, name] = line.split('  ');
      expect(createHash('sha256').update(readFileSync(join(out.dir, name!))).digest('hex')).toBe(hash);
    }
    expect(JSON.parse(files['evidence.json']!)).toMatchObject({ passed: true, baseUrl: sandbox.url });
    const csv = files['requirements.csv']!.split('\r\n');
    expect(csv[0]).toBe('requirement_id,requirement,scenarios,results,evidence,sender_commentary,assessor_commentary');
    expect(csv.find((l) => l.startsWith('ITK3-30002,'))).toContain('index.html#GP-ITK-30002');
  });

  it("without Chromium, keeps the worklist's page of each message that needs a person as its HTML, and each PDF's text, and says why", () => {
    expect(report.captureNote).toBe(`Chromium is not on this machine (${NO_CHROMIUM}): the worklist's pages are kept as their HTML and the PDFs as their text`);
    const page = readFileSync(join(out.dir, 'index.html'), 'utf8');
    expect(page).toContain(`Chromium is not on this machine (${NO_CHROMIUM})`);
    expect(page).not.toContain('<img');
    const manifest = readFileSync(join(out.dir, MANIFEST_FILE), 'utf8');
    for (const s of report.scenarios) {
      const needing = s.tracker.filter((t) => t.attention !== null);
      const worklist = s.captures.filter((c) => c.kind === 'worklist');
      expect(worklist.map((c) => c.subject), s.id).toEqual(needing.map((t) => t.messageId));
      for (const c of worklist) {
        const text = readFileSync(join(out.dir, c.file), 'utf8');
        expect(c, s.id).toMatchObject({ mediaType: 'text/html', note: expect.stringContaining(NO_CHROMIUM) });
        // The worklist's own page for the message, as its person would see it: its id and what needs doing.
        expect(text, c.file).toMatch(/^<!doctype html>/i);
        expect(text, c.file).toContain(c.subject);
        expect(text, c.file).toContain('Needs a person');
        expect(manifest).toContain(`${c.sha256}  ${c.file}\n`);
      }
      const sentPdf = s.exchanges.some((e) => JSON.stringify(e.requestBody ?? null).includes('"application/pdf"'));
      const document = s.captures.filter((c) => c.kind === 'document');
      expect(document.length, s.id).toBe(sentPdf ? 1 : 0);
      for (const c of document) {
        expect(c.mediaType).toBe('text/plain');
        expect(readFileSync(join(out.dir, c.file), 'utf8'), c.file).toMatch(new RegExp(`scenario ${s.id.replace('-', '\\-')}(-v2)?\\. Not a clinical record`));
        expect(manifest).toContain(`${c.sha256}  ${c.file}\n`);
      }
    }
    const all = report.scenarios.flatMap((s) => s.captures);
    // STD-02..04, the refusal codes, GP-NORESPONSE, GP-NOBUSACK and INS-02 need a person; most scenarios send a PDF.
    expect(all.filter((c) => c.kind === 'worklist').length).toBeGreaterThan(8);
    expect(all.filter((c) => c.kind === 'document').length).toBeGreaterThan(20);
  });

  it('the manifest catches a changed file', () => {
    const copy = evidenceDir();
    const dir = copy.dir;
    try {
      execFileSync('cp', ['-r', `${out.dir}/.`, dir]);
      execFileSync('sed', ['-i', 's/passed/PASSED/', join(dir, 'requirements.csv')]);
      expect(() => execFileSync('sha256sum', ['-c', MANIFEST_FILE], { cwd: dir, stdio: 'pipe' })).toThrow();
    } finally {
      copy.cleanup();
    }
  });

  it('puts nothing of the API key or an access token anywhere under out', async () => {
    const secrets = await issuedSecrets(sandbox);
    expect(secrets.length).toBeGreaterThan(3); // the two keys and the tokens of INS-01, INS-02, TOK-01, TOK-02
    for (const [name, text] of Object.entries(filesUnder(out.dir))) {
      for (const secret of secrets) expect(text.includes(secret), `${name} holds a secret`).toBe(false);
    }
  });
});
