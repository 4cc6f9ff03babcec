import type { CallRoute } from '../../http/call.js';
import { citationRoutes } from './citations/routes.js';
import { comparisonRoutes } from './comparison/routes.js';
import { competitorRoutes } from './competitors/routes.js';
import { performanceRoutes } from './performance/routes.js';
import { threatRoutes } from './threats/routes.js';

/** The insight calls: overview performance, competitors, emerging threats, comparison, citations. */
export const insightRoutes: CallRoute[] = [
  ...performanceRoutes,
  ...competitorRoutes,
  ...threatRoutes,
  ...comparisonRoutes,
  ...citationRoutes,
];
