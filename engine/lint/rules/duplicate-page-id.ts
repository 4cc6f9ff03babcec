import type { ProjectRule, PageContext } from '../context.js';

/** Pages grouped by a key; reports every page of a group with more than one member. */
export function reportShared(pages: readonly PageContext[], rule: string, prop: 'id' | 'route', keyOf: (v: string) => string, what: string): void {
  const groups = new Map<string, PageContext[]>();
  for (const p of pages) {
    const v = p.page?.[prop];
    if (typeof v !== 'string') continue;
    const k = keyOf(v);
    groups.set(k, [...(groups.get(k) ?? []), p]);
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const p of group) {
      const others = group.filter((o) => o !== p).map((o) => o.src.file);
      p.report(rule, { path: [prop], message: `${what} '${String(p.page?.[prop])}' is also used by ${others.join(', ')}` });
    }
  }
}

export const duplicatePageId: ProjectRule = {
  id: 'duplicate-page-id',
  description: 'Two page files have the same id.',
  scope: 'project',
  check(pages) {
    reportShared(pages, this.id, 'id', (v) => v, 'page id');
  },
};
