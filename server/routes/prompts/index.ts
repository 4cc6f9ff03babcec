import type { CallRoute } from '../../http/call.js';
import { detailRoutes } from './detail/routes.js';
import { manageRoutes } from './manage/routes.js';
import { monitorRoutes } from './monitor/routes.js';

/** Every /api/prompts call: the monitor page, create/edit, and the prompt detail page. */
export const promptRoutes: CallRoute[] = [...monitorRoutes, ...manageRoutes, ...detailRoutes];
