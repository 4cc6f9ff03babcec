import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePageSchema } from '../../engine/schema/compose';
import { generateReference, referenceFilesIn, REFERENCE_DIR } from '../../scripts/genDocs';

// The page-format reference (docs/reference/) is generated from the schemas by `npm run gen:docs`:
// the committed files must be exactly what the generator writes now, every kind has its page
// listing each of its fields, and every link in it leads somewhere.

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const generated = generateReference();

describe('page-format reference (docs/reference)', () => {
  it('is what `npm run gen:docs` writes from the current schemas', () => {
    const stale = [...generated].filter(([rel, text]) => !existsSync(join(REFERENCE_DIR, rel)) || readFileSync(join(REFERENCE_DIR, rel), 'utf8') !== text).map(([rel]) => rel);
    const extra = referenceFilesIn(REFERENCE_DIR).filter((rel) => !generated.has(rel));
    expect({ stale, extra }, 'docs/reference is stale: run `npm run gen:docs` and commit the result').toEqual({ stale: [], extra: [] });
  });

  it('has one page per widget kind, with a row for each field of its schema', () => {
    const { kinds } = composePageSchema();
    expect(kinds.length).toBeGreaterThan(0);
    for (const { kind, schema } of kinds) {
      const page = generated.get(`widgets/${kind}.md`);
      expect(page, kind).toBeDefined();
      for (const field of Object.keys(schema.properties as object)) expect(page, `${kind}.${field}`).toContain(`| \`${field}\` |`);
      expect(generated.get('README.md')).toContain(`[${kind}](widgets/${kind}.md)`);
    }
  });

  it('lists the page envelope and every shared definition', () => {
    const { files } = composePageSchema();
    const page = files.find((f) => f.rel === 'page.schema.json')!;
    for (const field of Object.keys(page.schema.properties as object)) expect(generated.get('page.md'), field).toContain(`| \`${field}\` |`);
    for (const f of files.filter((x) => x.rel.startsWith('defs/'))) {
      const base = posix.basename(f.rel, '.schema.json');
      for (const def of Object.keys(f.schema.definitions as object)) expect(generated.get('defs.md'), `${base}.${def}`).toContain(`<a id="${`${base}-${def}`.toLowerCase()}"></a>`);
    }
  });

  it('links only to files and anchors that exist', () => {
    const broken: string[] = [];
    for (const [rel, text] of generated) {
      for (const [, target] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        if (/^[a-z]+:/.test(target)) continue;
        const [path, hash] = target.split('#');
        const file = path ? posix.normalize(posix.join(posix.dirname(rel), path)) : rel;
        const inReference = generated.get(file);
        const onDisk = existsSync(join(REFERENCE_DIR, file));
        if (inReference === undefined && !onDisk) {
          broken.push(`${rel}: ${target}`);
          continue;
        }
        if (!hash) continue;
        const body = inReference ?? readFileSync(join(REFERENCE_DIR, file), 'utf8');
        const headings = [...body.matchAll(/^#+ (.*)$/gm)].map(([, h]) => h.toLowerCase().replace(/[^\w\s-]/g, '').replace(/\s/g, '-'));
        if (!body.includes(`<a id="${hash}"></a>`) && !headings.includes(hash)) broken.push(`${rel}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
    expect(existsSync(join(ROOT, 'schemas/page.schema.json'))).toBe(true);
  });
});
