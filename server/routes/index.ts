import type { CallRoute } from '../http/call';
import { promptRoutes } from './prompts/index';
import { insightRoutes } from './insights/index';
import { accountRoutes } from './account/index';
import { studioRoutes } from './studio/index';
import { operationsRoutes } from './operations/index';
import { alertRoutes } from '../alerts/routes';

// Every route module of the API. Add one import and one spread per module; keep this a plain list
// so merges stay trivial. Calls in schemas/api/calls without a route here answer 404 until added.

export const routes: CallRoute[] = [
  ...promptRoutes,
  ...insightRoutes,
  ...accountRoutes,
  ...studioRoutes,
  ...operationsRoutes,
  ...alertRoutes,
];
