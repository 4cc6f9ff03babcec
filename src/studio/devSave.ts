import { STUDIO_SAVE_PATH } from './studioPaths';

// Saving straight to pages/ exists in development only (`npm run studio`: the Vite dev server's
// middleware writes the file and the app reloads with it). A production build has no such path
// and compiles this out: there the studio downloads or copies the result for a commit.
export const SAVES_TO_PAGES = import.meta.env.DEV;

export async function saveToPages(file: string, text: string): Promise<string> {
  if (!import.meta.env.DEV) throw new Error('Saving to pages/ works in development only (npm run studio).');
  let res: Response;
  try {
    res = await fetch(STUDIO_SAVE_PATH + encodeURIComponent(file), { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: text });
  } catch {
    throw new Error('Not saved: the studio dev server did not answer (is npm run studio still running?).');
  }
  const body = (await res.json().catch(() => ({}))) as { message?: string };
  if (!res.ok) throw new Error(body.message ?? `Not saved (HTTP ${res.status}).`);
  return body.message ?? `saved pages/${file}`;
}
