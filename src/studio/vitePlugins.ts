import { readFileSync, writeFileSync, renameSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import type { Connect, Plugin } from 'vite';

// Build and dev-server parts of the page studio.
//  - studioBrowserLint: the page lint runs in the studio's browser chunk; a lint rule that reads a
//    package's JSON through node's createRequire gets engine/lint/browser/nodeModule.ts instead.
//  - studioDevSave: `npm run studio` only (the Vite dev server, never a build or the product server):
//    POST /__studio/pages/<file>.json writes the text to pages/, and Vite's reload shows the app
//    with it. Nothing else can write page files, so nothing in the studio changes what
//    subscribers see until a changed file is committed and deployed.

import { STUDIO_SAVE_PATH } from './studioPaths.ts';

export { STUDIO_SAVE_PATH };

export function studioBrowserLint(): Plugin {
  const shim = resolve('engine/lint/browser/nodeModule.ts');
  return {
    name: 'answerscope:studio-browser-lint',
    enforce: 'pre',
    resolveId(id, importer) {
      if ((id === 'node:module' || id === 'module') && importer && /[\\/]engine[\\/]lint[\\/]/.test(importer)) return shim;
      return undefined;
    },
  };
}

/** A page file name under pages/: letters, digits, '-', '_' and '.json', nothing that leaves the folder. */
export function pageFileName(name: string): string | null {
  return /^[A-Za-z0-9_-]+\.json$/.test(name) && basename(name) === name ? name : null;
}

/** Checks and writes one page; returns the HTTP status and message. */
export function savePage(pagesDir: string, name: string, text: string): { status: number; message: string } {
  const file = pageFileName(name);
  if (!file) return { status: 400, message: `'${name}' is not a page file name (letters, digits, - and _, ending in .json)` };
  try {
    JSON.parse(text);
  } catch (e) {
    return { status: 400, message: `not saved: the text is not valid JSON (${(e as Error).message})` };
  }
  const path = join(pagesDir, file);
  let before: string | null = null;
  try {
    before = readFileSync(path, 'utf8');
  } catch {
    // a new page
  }
  if (before === text) return { status: 200, message: `pages/${file} is unchanged` };
  // write beside it and rename, so the watcher never reads half a file
  const temp = `${path}.studio-${process.pid}.tmp`;
  writeFileSync(temp, text.endsWith('\n') ? text : `${text}\n`);
  renameSync(temp, path);
  return { status: 200, message: `saved pages/${file}` };
}

function readBody(req: Connect.IncomingMessage): Promise<string> {
  return new Promise((done, fail) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > 2_000_000) fail(new Error('page too large'));
      else chunks.push(c);
    });
    req.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    req.on('error', fail);
  });
}

export function studioDevSave(pagesDir = resolve('pages')): Plugin {
  return {
    name: 'answerscope:studio-dev-save',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use(async (req, res, next) => {
        if (!req.url?.startsWith(STUDIO_SAVE_PATH)) return next();
        const reply = (status: number, message: string) => {
          res.statusCode = status;
          res.setHeader('Content-Type', 'application/json');
          res.end(JSON.stringify({ message }));
        };
        if (req.method !== 'POST') return reply(405, 'POST a page text to save it');
        // same-origin only: another site's page must not write files on a developer's machine
        const origin = req.headers.origin;
        if (origin && origin !== `http://${req.headers.host}` && origin !== `https://${req.headers.host}`) return reply(403, 'cross-site save refused');
        try {
          const { status, message } = savePage(pagesDir, decodeURIComponent(req.url.slice(STUDIO_SAVE_PATH.length)), await readBody(req));
          reply(status, message);
        } catch (e) {
          reply(500, `not saved: ${(e as Error).message}`);
        }
      });
    },
  };
}
