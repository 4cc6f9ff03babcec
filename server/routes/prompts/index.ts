import type { CallRoute } from '../../http/call';
import { detailRoutes } from './detail/routes';
import { deletePrompt } from './manage/deletePrompt';
import { manageRoutes } from './manage/routes';
import { monitorRoutes } from './monitor/routes';

/** Every /api/prompts call: the monitor page, create/edit/delete, and the prompt detail page. */
export const promptRoutes: CallRoute[] = [...monitorRoutes, ...manageRoutes, deletePrompt, ...detailRoutes];
