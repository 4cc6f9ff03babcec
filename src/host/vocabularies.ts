import { vocabularyOf, type Vocabulary } from '../../engine';
import { countryOptions } from './countries';
import { ALL_PROVIDERS, OTHER_PROVIDER_NAMES, PROVIDER_OPTIONS } from './providers';

export const GLOBAL_LOCATION = { value: 'global', label: 'Global' };

// Named value lists that pages refer to (`"labels": "providers"`, form options, list filters).
// Country codes are stored upper- or lower-case; lookups ignore case.
export const vocabularies: Record<'providers' | 'countries', Vocabulary> = {
  providers: vocabularyOf(PROVIDER_OPTIONS, { ...OTHER_PROVIDER_NAMES, [ALL_PROVIDERS.value]: ALL_PROVIDERS.label }),
  countries: vocabularyOf(countryOptions(), { [GLOBAL_LOCATION.value]: GLOBAL_LOCATION.label }),
};
