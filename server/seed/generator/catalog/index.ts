import { NEOBANK } from './neobank';
import { PROJECT_MANAGEMENT } from './projectManagement';
import { RUNNING_SHOES } from './runningShoes';
import type { IndustryCatalog } from './types';

export type { IndustryCatalog, CatalogBrand, PhraseBank, SourceSite } from './types';
export { GENERAL_SOURCES } from './sharedSources';

/** The three demo brands, in a fixed order (the order is part of the deterministic output). */
export const DEMO_CATALOGS: readonly IndustryCatalog[] = [PROJECT_MANAGEMENT, RUNNING_SHOES, NEOBANK];
