// TypeDoc plugin for the API reference site: puts every export in a category
// by the source file that declares it, titles each guide by its first
// heading, nests the published decision areas under the decisions' index, and
// points the front page's links at the site's own guides.
//
// Categories come from one table here rather than a `@category` tag on each
// of some two hundred exports: a new export in a known place lands in the
// right category by itself, and one in a new place fails the docs build
// (`npm run docs`) until the table says where it belongs. An explicit
// `@category` tag in the source still wins.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { Application, Comment, CommentTag, Converter, ReflectionKind } from 'typedoc';

/** The order categories appear in, as a reader meets them. */
export const CATEGORY_ORDER = [
  'Client and resources',
  'Messages and types',
  'Errors',
  'Validation',
  'Attachments',
  'Polling',
  'Sandbox',
  'Widget',
  'Tracker',
  'Worklist',
  'Conformance',
  'Guides',
  'API reference',
];

/** [module, path prefix of the declaring file, category]: the first match wins. */
const RULES = [
  ['cdms-sdk/sandbox', '', 'Sandbox'],
  ['cdms-sdk/widget', '', 'Widget'],
  ['cdms-sdk/tracker', '', 'Tracker'],
  ['cdms-sdk/worklist', '', 'Worklist'],
  ['cdms-sdk/conformance', '', 'Conformance'],
  ['cdms-sdk', 'src/core/errors/', 'Errors'],
  ['cdms-sdk', 'src/schemas/', 'Messages and types'],
  ['cdms-sdk', 'src/validation/', 'Validation'],
  ['cdms-sdk', 'src/attachments.ts', 'Attachments'],
  ['cdms-sdk', 'src/rejected-content/', 'Attachments'],
  ['cdms-sdk', 'src/polling/', 'Polling'],
  ['cdms-sdk', 'src/client.ts', 'Client and resources'],
  ['cdms-sdk', 'src/resources/', 'Client and resources'],
  ['cdms-sdk', 'src/core/', 'Client and resources'],
  ['cdms-sdk', 'src/telemetry/', 'Client and resources'],
  ['cdms-sdk', 'src/limits.ts', 'Client and resources'],
  ['cdms-sdk', 'src/version.ts', 'Client and resources'],
];

/**
 * The category of an export of `moduleName` declared in `sourcePath`
 * (relative to the package), or undefined when no rule covers it.
 * @param {string} moduleName
 * @param {string} sourcePath
 * @returns {string | undefined}
 */
export function categoryOf(moduleName, sourcePath) {
  return RULES.find(([module, prefix]) => module === moduleName && sourcePath.startsWith(prefix))?.[2];
}

/** @param {import('typedoc').Comment | undefined} comment */
const tagsCategory = (comment) => comment?.blockTags.some((tag) => tag.tag === '@category') ?? false;

/**
 * Whether the source tags the export's category itself; a function's tag is on its signatures.
 * @param {import('typedoc').DeclarationReflection} reflection
 */
function hasCategoryTag(reflection) {
  return tagsCategory(reflection.comment) || (reflection.signatures ?? []).some((signature) => tagsCategory(signature.comment));
}

/**
 * @param {import('typedoc').Reflection} reflection
 * @param {string} category
 */
function tagCategory(reflection, category) {
  // A function's comment lives on its signatures, so its reflection may have none of its own.
  reflection.comment ??= new Comment();
  reflection.comment.blockTags.push(new CommentTag('@category', [{ kind: 'text', text: category }]));
}

/**
 * Every export of every module gets a category; modules and guides get theirs
 * so the front page lists guides apart from the reference.
 * @param {import('typedoc').Context} context
 * @param {import('typedoc').Logger} logger
 */
function categorise(context, logger) {
  const project = context.project;
  for (const child of project.childrenIncludingDocuments ?? []) {
    if (child.kindOf(ReflectionKind.Document)) child.frontmatter.category ??= 'Guides';
  }
  for (const module of project.getReflectionsByKind(ReflectionKind.Module)) {
    if (!hasCategoryTag(module)) tagCategory(module, 'API reference');
    for (const child of module.children ?? []) {
      if (hasCategoryTag(child)) continue;
      const source = project.getSymbolIdFromReflection(child)?.packagePath ?? '';
      const category = categoryOf(module.name, source);
      if (category === undefined) {
        logger.error(`${module.name}: ${child.name} (${source}) is in no category: add a rule to scripts/typedoc-site.mjs or a @category tag.`);
      } else {
        tagCategory(child, category);
      }
    }
  }
}

/**
 * A guide's title is its first `# ` heading (the file name otherwise), so
 * the markdown needs no front matter that GitHub would show as a table.
 * @param {import('typedoc').DocumentReflection} document
 */
function titleFromHeading(document) {
  if (typeof document.frontmatter.title === 'string') return;
  const text = document.content.map((part) => part.text).join('');
  const heading = /^# (.+)$/m.exec(text);
  if (heading) document.name = heading[1].replace(/`/g, '').trim();
}

/** The decisions' index; the other files of its folder are the decision areas. */
const DECISIONS_INDEX = '/docs/decisions/README.md';

/**
 * A published decision area (typedoc.json lists it) becomes a page beneath
 * the decisions' index, titled without the "Decisions: " of its heading, so
 * the site's guides show one "Decisions" entry rather than one per area.
 * typedoc.json lists the index before the areas.
 * @param {import('typedoc').DocumentReflection} document
 * @param {import('typedoc').Logger} logger
 */
function nestDecisionArea(document, logger) {
  const project = document.project;
  const path = project.files.getReflectionPath(document) ?? '';
  if (!path.includes('/docs/decisions/') || path.endsWith(DECISIONS_INDEX)) return;
  const index = project.documents?.find((d) => project.files.getReflectionPath(d)?.endsWith(DECISIONS_INDEX));
  if (index === undefined) {
    logger.error(`${path}: typedoc.json must list docs/decisions/README.md before the decision areas.`);
    return;
  }
  project.removeChild(document);
  index.addChild(document);
  document.parent = index;
  // Beneath "Decisions", the heading's "Decisions: " would only repeat it.
  document.name = document.name.replace(/^Decisions: (.)/, (_, first) => first.toUpperCase());
}

/**
 * README links the guides by absolute address (a package user has no
 * `docs/` folder). On the site those links should open the site's own
 * rendering, so the front page is a copy of README whose links to a guide
 * (or an image under docs/) are made relative again.
 * @param {string} readme README's text
 * @param {string} repository the repository's address, e.g. https://github.com/owner/name
 * @param {ReadonlySet<string>} documents the guides in the site, relative to the root (docs/x.md)
 * @param {string} fromDir where the copy is written, relative to the root
 * @returns {string}
 */
export function linkGuidesLocally(readme, repository, documents, fromDir) {
  const escaped = repository.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const link = new RegExp(`\\]\\(${escaped}/(?:blob|raw)/main/([^)#\\s]+)(#[^)\\s]*)?\\)`, 'g');
  return readme.replace(link, (whole, path, anchor = '') =>
    documents.has(path) || path.startsWith('docs/images/') ? `](${relative(fromDir, path)}${anchor})` : whole,
  );
}

/** @param {Application} app */
function useSiteReadme(app) {
  const readme = app.options.getValue('readme');
  if (!readme.endsWith('README.md')) return;
  const root = dirname(readme);
  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const repository = String(pkg.homepage).replace(/#.*$/, '');
  const documents = new Set(app.options.getValue('projectDocuments').map((file) => relative(root, file)));
  const site = join(root, '.tmp', 'site');
  mkdirSync(site, { recursive: true });
  const copy = join(site, 'README.md');
  writeFileSync(copy, linkGuidesLocally(readFileSync(readme, 'utf8'), repository, documents, relative(root, site)));
  app.options.setValue('readme', copy);
}

/** @param {Application} app */
export function load(app) {
  app.on(Application.EVENT_BOOTSTRAP_END, () => useSiteReadme(app));
  app.converter.on(Converter.EVENT_CREATE_DOCUMENT, (_context, document) => {
    titleFromHeading(document);
    nestDecisionArea(document, app.logger);
  });
  // Before TypeDoc's own category pass, which runs late in the resolve phase.
  app.converter.on(Converter.EVENT_RESOLVE_END, (context) => categorise(context, app.logger), 100);
}
