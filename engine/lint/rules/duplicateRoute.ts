import type { ProjectRule } from '../context';
import { reportShared } from './duplicatePageId';

// '/app/prompts/:id' and '/app/prompts/:promptId' match the same URLs, so parameter names are
// ignored when comparing routes.
export const duplicateRoute: ProjectRule = {
  id: 'duplicate-route',
  description: 'Two page files (or a page and its standalone view) claim the same route.',
  scope: 'project',
  check(pages) {
    reportShared(pages, this.id, ['route', 'standaloneRoute'], (r) => r.replace(/\/:[^/]+/g, '/:').replace(/\/+$/, ''), 'route');
  },
};
