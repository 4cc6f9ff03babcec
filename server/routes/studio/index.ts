import { readdir, readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineCall, type CallRoute } from '../../http/call';
import { requireStaff } from './staff';

// The page studio's calls. They only read: the studio edits drafts in the browser, and a page
// changes for subscribers only when its file is committed and deployed.

/** pages/ of this checkout: the configs the built front end was made from. */
export const PAGES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../pages');

export async function readPageFiles(dir = PAGES_DIR): Promise<{ file: string; text: string }[]> {
  const names = (await readdir(dir)).filter((n) => n.endsWith('.json')).sort();
  return Promise.all(names.map(async (file) => ({ file, text: await readFile(join(dir, file), 'utf8') })));
}

export const studioPages = defineCall('studio.pages', async ({ user, ctx }) => {
  await requireStaff(ctx, user);
  return { pages: await readPageFiles() };
});

export const studioRoutes: CallRoute[] = [studioPages];
