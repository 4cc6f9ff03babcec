import { createPageLinter, type PageLinter, type SchemaDocuments } from '../../engine/studio';

// The page lint in the studio's chunk: every schema document of schemas/ (page envelope, shared
// definitions, widget kinds, API calls and entities), keyed by its path under schemas/, as the
// engine's in-memory lint expects. Built once, on first use.

const modules = import.meta.glob<unknown>('../../schemas/**/*.json', { eager: true, import: 'default' });

let linter: PageLinter | null = null;

export function studioLinter(): PageLinter {
  if (!linter) {
    const docs: SchemaDocuments = {};
    for (const [path, doc] of Object.entries(modules)) docs[path.replace(/^\.\.\/\.\.\/schemas\//, '')] = doc;
    linter = createPageLinter(docs);
  }
  return linter;
}
