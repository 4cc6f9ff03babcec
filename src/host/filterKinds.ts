import type { ListFilterKind } from '../../engine';
import { ALL_PROVIDERS } from './providers';
import { GLOBAL_LOCATION } from './vocabularies';

// The product's list filters: AI providers (All, Chat GPT, Perplexity) and locations (Global or
// the countries the brand's prompts use, searchable). Their catch-all is sent as null: the whole set.
export const filterKinds: Record<string, ListFilterKind> = {
  providers: { label: 'AI providers', vocabulary: 'providers', catchAll: ALL_PROVIDERS },
  // offers the countries the brand's prompts run in (its promptLocations), not every country
  locations: {
    label: 'Locations',
    vocabulary: 'countries',
    catchAll: GLOBAL_LOCATION,
    searchable: true,
    noMatches: 'No countries found',
    available: (scope) => (Array.isArray(scope.brand?.promptLocations) ? (scope.brand.promptLocations as string[]) : null),
  },
};
