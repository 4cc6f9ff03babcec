import type { ProjectRule } from '../context.js';
import { reportShared } from './duplicate-page-id.js';

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
