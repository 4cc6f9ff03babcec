import type { CallRoute } from '../../http/call';
import { citationRoutes } from './citations/routes';
import { comparisonRoutes } from './comparison/routes';
import { competitorRoutes } from './competitors/routes';
import { performanceRoutes } from './performance/routes';
import { threatRoutes } from './threats/routes';

/** The insight calls: overview performance, competitors, emerging threats, comparison, citations. */
export const insightRoutes: CallRoute[] = [
  ...performanceRoutes,
  ...competitorRoutes,
  ...threatRoutes,
  ...comparisonRoutes,
  ...citationRoutes,
];
