// @vitest-environment happy-dom
import { afterAll, describe, expect, it } from 'vitest';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { screen } from '@testing-library/react';
import { createWidgetRegistry, type PageDefinition, type WidgetKindDefinition } from '../../engine';
import { createPageValidator, fakeFetcher, renderPage, setTestHostDefaults, validateWidgetConfig } from '../../engine/testing';
import { lintPages } from '../../engine/lint/lint';
import { formatText } from '../../engine/lint/format/text';
import { configFileOf, configTypeOf, generateConfigTypes } from '../../engine/types/generate';
import { generateReference } from '../../scripts/genDocs';
import ts from 'typescript';
import { productHost } from '../../src/host/services';
import { widgetKinds } from '../../widgets';

// docs/widgets.md builds a widget kind step by step; this test builds it from the guide itself.
// Every fenced block marked `<!-- file: <path> -->` is written to a scratch copy of the repository
// layout under .tmp/ (git-ignored, outside every lint and test glob, so a copy left behind by a
// killed run cannot break other suites); there `engine` is a link to the real engine, so the
// example's relative imports resolve to the same modules the test uses. The kind is then checked
// as the guide says it works: its schema composes into the page schema, its fixtures pass and fail,
// its generated config type and code type-check, its own component test passes, a page using it
// (the guide's page excerpt) validates and lints clean, and the engine renders it from fake data.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const GUIDE = readFileSync(join(ROOT, 'docs/widgets.md'), 'utf8');
const KIND = 'progressBar';

/** The fenced block right after each `<!-- <marker> -->` comment, by marker. */
function markedBlocks(markdown: string): Map<string, string> {
  const blocks = new Map<string, string>();
  for (const m of markdown.matchAll(/<!-- (.+?) -->\n```[a-z]*\n([\s\S]*?)\n```/g)) {
    if (blocks.has(m[1])) throw new Error(`docs/widgets.md marks two blocks '${m[1]}'`);
    blocks.set(m[1], `${m[2]}\n`);
  }
  return blocks;
}

const blocks = markedBlocks(GUIDE);
const files = new Map([...blocks].filter(([marker]) => marker.startsWith('file: ')).map(([marker, text]) => [marker.slice('file: '.length), text]));
const pageExcerpt = JSON.parse(blocks.get('page excerpt') ?? 'null') as Pick<PageDefinition, 'widgets' | 'layout'> | null;

// Scratch folders are named for the process that made them; those of processes that have ended
// are leftovers of killed runs.
const SCRATCH = join(ROOT, '.tmp');
mkdirSync(SCRATCH, { recursive: true });
for (const name of readdirSync(SCRATCH)) {
  const pid = /^widgets-guide-(\d+)-/.exec(name)?.[1];
  if (!pid || Number(pid) === process.pid) continue;
  try {
    process.kill(Number(pid), 0);
  } catch {
    rmSync(join(SCRATCH, name), { recursive: true, force: true });
  }
}
const work = mkdtempSync(join(SCRATCH, `widgets-guide-${process.pid}-`));
const removeWork = () => rmSync(work, { recursive: true, force: true }); // removes the link, not the engine
process.once('exit', removeWork);
afterAll(removeWork);

symlinkSync(join(ROOT, 'engine'), join(work, 'engine'), 'dir');
// every real kind schema, plus the example's: the page schema composed from here has them all
const schemasWidgets = join(work, 'schemas/widgets');
mkdirSync(schemasWidgets, { recursive: true });
for (const f of readdirSync(join(ROOT, 'schemas/widgets'))) if (f.endsWith('.schema.json')) copyFileSync(join(ROOT, 'schemas/widgets', f), join(schemasWidgets, f));
for (const [path, text] of files) {
  mkdirSync(dirname(join(work, path)), { recursive: true });
  writeFileSync(join(work, path), text);
}

const kindFile = join(work, `widgets/${KIND}/kind.ts`);
const exampleKind = existsSync(kindFile) ? ((await import(/* @vite-ignore */ kindFile)) as { default: WidgetKindDefinition }).default : null;
const registry = createWidgetRegistry([...widgetKinds, ...(exampleKind ? [exampleKind] : [])]);
// Tests render with the product's host parts (as the dom project's setup file does), here with the
// example among the widget kinds.
setTestHostDefaults({ ...productHost, widgets: registry });

describe('docs/widgets.md worked example', () => {
  it('has the files the guide lists, for a kind not in the product', () => {
    expect([...files.keys()].sort()).toEqual(
      [
        `schemas/widgets/${KIND}.schema.json`,
        `widgets/${KIND}/ProgressBar.test.tsx`,
        `widgets/${KIND}/ProgressBar.tsx`,
        `widgets/${KIND}/fixtures/invalid.json`,
        `widgets/${KIND}/fixtures/response.json`,
        `widgets/${KIND}/fixtures/valid.json`,
        `widgets/${KIND}/kind.ts`,
      ].sort(),
    );
    expect(pageExcerpt).not.toBeNull();
    expect(existsSync(join(ROOT, 'widgets', KIND)), `widgets/${KIND} must not exist in the product`).toBe(false);
    expect(exampleKind).toMatchObject({ type: KIND, frame: 'card' });
  });

  it('its schema composes into the page schema', () => {
    const { composed } = createPageValidator({ widgetsDir: schemasWidgets });
    expect(composed.problems).toEqual([]);
    expect(composed.kinds.map((k) => k.kind)).toContain(KIND);
    expect(generateReference({ widgetsDir: schemasWidgets, widgetFoldersDir: join(work, 'widgets') }).get(`widgets/${KIND}.md`)).toContain('| `max` | number, > 0 |');
  });

  it('its valid fixture passes and its invalid fixture fails', () => {
    const fixture = (name: string) => JSON.parse(files.get(`widgets/${KIND}/fixtures/${name}.json`)!);
    expect(validateWidgetConfig(fixture('valid'), { widgetsDir: schemasWidgets })).toEqual({ valid: true, errors: [] });
    const invalid = validateWidgetConfig(fixture('invalid'), { widgetsDir: schemasWidgets });
    expect(invalid.valid).toBe(false);
    expect(invalid.errors.join('\n')).toContain('/max must be > 0');
  });

  it('gen:types writes its config type, and the example type-checks with it', { timeout: 180_000 }, async () => {
    const generated = await generateConfigTypes({ widgetsDir: schemasWidgets });
    const own = generated.find((f) => f.path === configFileOf(KIND));
    expect(own?.source).toContain(`export type ${configTypeOf(KIND)} = {`);
    // the kind's file and the shared ones it imports, as gen:types writes them into the repository
    for (const f of generated.filter((g) => g.path === configFileOf(KIND) || g.path.startsWith('widgets/shared/'))) {
      mkdirSync(dirname(join(work, f.path)), { recursive: true });
      writeFileSync(join(work, f.path), f.source);
    }
    const { config } = ts.readConfigFile(join(ROOT, 'tsconfig.json'), ts.sys.readFile);
    const { options } = ts.parseJsonConfigFileContent(config, ts.sys, ROOT);
    const roots = [...files.keys()].filter((path) => /\.tsx?$/.test(path)).map((path) => join(work, path));
    const program = ts.createProgram(roots, { ...options, noEmit: true });
    const errors = ts.getPreEmitDiagnostics(program).map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n') + (d.file ? ` (${d.file.fileName.replace(`${work}/`, '')})` : ''));
    expect(errors).toEqual([]);
  });

  describe('its own component test', async () => {
    await import(/* @vite-ignore */ join(work, `widgets/${KIND}/ProgressBar.test.tsx`));
  });

  describe('the page excerpt, added to pages/overview.json', () => {
    // the overview's envelope (filters, copy) with the excerpt's widgets and layout
    const overview = JSON.parse(readFileSync(join(ROOT, 'pages/overview.json'), 'utf8')) as PageDefinition;
    const page: PageDefinition = { ...overview, id: 'progressDemo', route: '/app/progress-demo', title: 'Progress', widgets: pageExcerpt!.widgets, layout: pageExcerpt!.layout };
    delete page.breadcrumb;

    it('validates and lints clean', async () => {
      const { validate } = createPageValidator({ widgetsDir: schemasWidgets });
      validate(page);
      expect(validate.errors ?? []).toEqual([]);
      const diagnostics = await lintPages([{ file: 'pages/progress-demo.json', text: JSON.stringify(page, null, 2) }], { widgetsDir: schemasWidgets });
      expect(formatText(diagnostics)).toBe('');
    });

    it('renders through the engine: a card with the value from the API and the label', async () => {
      const { fetcher, calls } = fakeFetcher({ 'brands.performance.metadata': { 'brand-1': { mentionRate: 42.1667 } } });
      renderPage(page, { fetcher });
      expect((await screen.findByTestId('progress-value')).textContent).toBe('42.17%');
      expect(screen.getByRole('heading', { name: 'Mention Rate' })).toBeTruthy();
      expect(screen.getByRole('progressbar', { name: 'Share of AI answers naming Acme' })).toBeTruthy();
      expect(calls.map((c) => c.callId)).toEqual(['brands.performance.metadata']);
    });
  });
});
