// Which built chunks belong to the page studio alone, from Vite's build manifest
// (`vite build --manifest`): everything the studio's lazy entry reaches that no other entry or lazy
// import of the app reaches. bench:web checks that subscriber routes load none of them, nor the
// Vega-Lite compiler (pages' charts are compiled at build time; only the studio compiles edits).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export const STUDIO_ENTRY = 'src/studio/StudioSection.tsx';

function reach(manifest: Manifest, roots: string[], skip: Set<string>): Set<string> {
  const seen = new Set<string>();
  const queue = roots.filter((r) => !skip.has(r));
  while (queue.length) {
    const key = queue.pop()!;
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) if (!skip.has(next)) queue.push(next);
  }
  return seen;
}

export interface StudioChunks {
  /** '/assets/…' paths of the chunks only the studio loads */
  studioOnly: Set<string>;
  /** '/assets/…' paths of the Vega-Lite compiler's chunk(s) */
  vegaLite: Set<string>;
}

export function studioChunks(webDir: string): StudioChunks {
  const manifest = JSON.parse(readFileSync(join(webDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  if (!manifest[STUDIO_ENTRY]) throw new Error(`${STUDIO_ENTRY} is not a chunk of this build: the studio must stay a lazy import`);
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const app = reach(manifest, entries, new Set([STUDIO_ENTRY]));
  const studio = reach(manifest, [STUDIO_ENTRY], new Set());
  const path = (k: string) => `/${manifest[k].file}`;
  return {
    studioOnly: new Set([...studio].filter((k) => !app.has(k)).map(path)),
    vegaLite: new Set(Object.keys(manifest).filter((k) => k.startsWith('node_modules/vega-lite/')).map(path)),
  };
}
