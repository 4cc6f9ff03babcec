import type { PageJson } from './index';

// Helpers for writing migrations. lint:pages --fix writes keys in the order a migration returns
// them, so a renamed key keeps its place instead of moving to the end of the file.

/** A copy of obj with key `from` renamed to `to` in the same position (obj itself if it has no `from`). */
export function renameKey(obj: PageJson, from: string, to: string): PageJson {
  if (!Object.hasOwn(obj, from)) return obj;
  return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k === from ? to : k, v]));
}
