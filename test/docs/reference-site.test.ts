// The API reference site as a user meets it: TypeDoc run with the
// repository's own configuration (typedoc.json and its plugin) into a
// temporary folder, then the model and the pages read back.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Application,
  PackageJsonReader,
  TSConfigReader,
  TypeDocReader,
  type ContainerReflection, type DeclarationReflection, type ProjectReflection, type SomeType } from 'typedoc';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

let out: string;
let project: ProjectReflection;
let problems: { errors: boolean; warnings: boolean };

beforeAll(async () => {
  out = mkdtempSync(join(tmpdir(), 'cdms-site-'));
  // The readers `typedoc` itself uses, less the command line (this process's argv is vitest's).
  const readers = [new TypeDocReader(), new PackageJsonReader(), new TSConfigReader()];
  const app = await Application.bootstrapWithPlugins({ options: join(root, 'typedoc.json'), out }, readers);
  const converted = await app.convert();
  if (!converted) throw new Error('TypeDoc could not convert the project');
  project = converted;
  await app.generateOutputs(project);
  problems = { errors: app.logger.hasErrors(), warnings: app.logger.hasWarnings() };
}, 240_000);

afterAll(() => rmSync(out, { recursive: true, force: true }));

const page = (path: string): string => readFileSync(join(out, path), 'utf8');
const moduleNamed = (name: string): DeclarationReflection => {
  const found = project.children?.find((child) => child.name === name);
  if (!found) throw new Error(`no module ${name}`);
  return found;
};
const categoriesOf = (container: ContainerReflection) =>
  (container.categories ?? []).map((category) => ({ title: category.title, names: category.children.map((c) => c.name) }));

describe('the API reference site', () => {
  it('builds with no error or warning', () => {
    expect(problems).toEqual({ errors: false, warnings: false });
  });

  it('names its modules as users import them: cdms-sdk, cdms-sdk/conformance, cdms-sdk/sandbox, cdms-sdk/widget, cdms-sdk/tracker, cdms-sdk/worklist (never "index")', () => {
    expect(project.children?.map((child) => child.name)).toEqual(['cdms-sdk', 'cdms-sdk/conformance', 'cdms-sdk/sandbox', 'cdms-sdk/tracker', 'cdms-sdk/widget', 'cdms-sdk/worklist']);
    expect(readdirSync(join(out, 'modules')).sort()).toEqual([
      'cdms-sdk.html',
      'cdms-sdk_conformance.html',
      'cdms-sdk_sandbox.html',
      'cdms-sdk_tracker.html',
      'cdms-sdk_widget.html',
      'cdms-sdk_worklist.html',
    ]);
  });

  it('groups the client\'s exports by category, every one of them, in a reader\'s order', () => {
    const main = moduleNamed('cdms-sdk');
    const categories = categoriesOf(main);
    expect(categories.map((c) => c.title)).toEqual(['Client and resources', 'Messages and types', 'Errors', 'Validation', 'Attachments', 'Polling']);
    expect(categories.flatMap((c) => c.names).sort()).toEqual((main.children ?? []).map((c) => c.name).sort());
    const where = (name: string) => categories.find((c) => c.names.includes(name))?.title;
    expect([where('CdmsClient'), where('StandardMessageParams'), where('BadRequestError'), where('validateMessage')]).toEqual([
      'Client and resources',
      'Messages and types',
      'Errors',
      'Validation',
    ]);
    expect([where('attachmentFromFile'), where('FileRejectedContentStore'), where('planStatusPolls')]).toEqual(['Attachments', 'Attachments', 'Polling']);
  });

  it('puts the sandbox\'s and the widget\'s exports under their own category', () => {
    for (const [name, title, probe] of [['cdms-sdk/sandbox', 'Sandbox', 'startSandbox'], ['cdms-sdk/widget', 'Widget', 'readLaunchTokens'], ['cdms-sdk/tracker', 'Tracker', 'createTracker'], ['cdms-sdk/worklist', 'Worklist', 'createWorklist']] as const) {
      const module = moduleNamed(name);
      const categories = categoriesOf(module);
      expect(categories.map((c) => c.title)).toEqual([title]);
      expect(categories[0]?.names).toContain(probe);
      expect(categories[0]?.names).toHaveLength(module.children?.length ?? -1);
    }
  });

  it('renders every guide of docs/ as a page of the site, titled by its heading, with no second title', () => {
    const guides = readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md'));
    const documents = project.documents ?? [];
    const titleOf = (file: string) => /^# (.+)$/m.exec(readFileSync(join(root, file), 'utf8'))?.[1]?.replace(/`/g, '');
    expect(documents.map((d) => d.name).sort()).toEqual(
      [...guides.map((g) => `docs/${g}`), 'docs/decisions/README.md', 'CHANGELOG.md', 'SECURITY.md'].map(titleOf).sort(),
    );
    const html = page('documents/Sending_documents.html');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('<code class="ts">'); // highlighted, not raw markdown
    expect(html).not.toContain('```');
  });

  it('puts the senders\' decision areas beneath the Decisions page, titled by their headings, and no maintainers\' area', () => {
    const decisions = (project.documents ?? []).find((d) => d.name === 'Decisions');
    const config = JSON.parse(readFileSync(join(root, 'typedoc.json'), 'utf8')) as { projectDocuments: string[] };
    const areas = config.projectDocuments.filter((file) => file.startsWith('docs/decisions/') && !file.endsWith('/README.md'));
    const titleOf = (file: string) => /^# Decisions: (.+)$/m.exec(readFileSync(join(root, file), 'utf8'))?.[1]?.replace(/^./, (c) => c.toUpperCase());
    expect(areas.length).toBeGreaterThanOrEqual(10);
    expect(decisions?.children?.map((d) => d.name)).toEqual(areas.map(titleOf));
    expect(decisions?.children?.map((d) => d.name)).toContain('Where the spec is silent');
    expect(decisions?.children?.map((d) => d.name)).not.toContain('Benchmarks');
    const pages = readdirSync(join(out, 'documents')).filter((name) => name.startsWith('Decisions.') && name !== 'Decisions.html');
    expect(pages).toHaveLength(areas.length);
    expect(pages.filter((name) => page(`documents/${name}`).includes('id="d-spec-01-maximum-string-lengths"'))).toHaveLength(1);
  });

  it('lists the guides apart from the reference on its index', () => {
    expect(categoriesOf(project).map((c) => c.title)).toEqual(['Guides', 'API reference']);
  });

  it('opens on the user\'s README, one title, its guide links pointing into the site', () => {
    const html = page('index.html');
    expect(html.match(/<h1[ >]/g)).toHaveLength(1);
    expect(html).toContain('A first send');
    expect(html).toContain('href="documents/Getting_started.html"');
    expect(html).not.toContain('href="https://github.com/cdms-sdk/cdms-sdk/blob/main/docs/getting-started.md"');
    expect(html).not.toMatch(/The fast loop|npm run lint/); // the contributors' guide is not the front page
  });

  it('shows the request and status types by name in the resources\' signatures, not inlined', () => {
    const signature = (resource: string, method: string) => {
      const owner = moduleNamed('cdms-sdk').getChildByName(resource) as DeclarationReflection | undefined;
      const member = owner?.getChildByName(method) as DeclarationReflection | undefined;
      const sig = member?.signatures?.[0];
      return { parameter: typeName(sig?.parameters?.[0]?.type), returns: typeName(sig?.type) };
    };
    // The type arguments are the client's additional id types (none unless it lists some).
    expect(signature('Messages', 'send').parameter).toBe('StandardMessageParams<ExtraSubjectIdType, ExtraRecipientIdType>');
    expect(signature('Instant', 'send').parameter).toBe('InstantMessageParams<ExtraSubjectIdType, ExtraRecipientIdType>');
    expect(signature('GpConnect', 'send').parameter).toBe('GpConnectMessageParams<ExtraSubjectIdType>');
    expect(signature('Messages', 'status').returns).toBe('Promise<MessageStatus>');
    expect(signature('GpConnect', 'status').returns).toBe('Promise<GpConnectStatus>');
    expect(page('interfaces/cdms-sdk.Messages.html')).not.toMatch(/send\([^)]*attachments\s*:/);
  });
});

/** A reference type as written (`Promise<MessageStatus>`); anything else as its kind, so a failure shows what came instead. */
function typeName(type: SomeType | undefined): string {
  if (type?.type !== 'reference') return type ? `(${type.type})` : '(none)';
  const args = type.typeArguments?.map(typeName);
  return args && args.length > 0 ? `${type.name}<${args.join(', ')}>` : type.name;
}
