import type { ProjectRule, PageContext } from '../context';

/**
 * Pages grouped by a key taken from one or more of their props (a route and a standalone route
 * share one namespace); reports every place of a group with more than one member.
 */
export function reportShared(pages: readonly PageContext[], rule: string, props: readonly string[], keyOf: (v: string) => string, what: string): void {
  const groups = new Map<string, Array<{ page: PageContext; prop: string; value: string }>>();
  for (const p of pages) {
    for (const prop of props) {
      const value = p.page?.[prop];
      if (typeof value !== 'string') continue;
      const k = keyOf(value);
      groups.set(k, [...(groups.get(k) ?? []), { page: p, prop, value }]);
    }
  }
  for (const group of groups.values()) {
    if (group.length < 2) continue;
    for (const place of group) {
      const others = group.filter((o) => o !== place).map((o) => o.page.src.file);
      place.page.report(rule, { path: [place.prop], message: `${what} '${place.value}' is also used by ${others.join(', ')}` });
    }
  }
}

export const duplicatePageId: ProjectRule = {
  id: 'duplicate-page-id',
  description: 'Two page files have the same id.',
  scope: 'project',
  check(pages) {
    reportShared(pages, this.id, ['id'], (v) => v, 'page id');
  },
};
