import { NEOBANK } from './neobank.js';
import { PROJECT_MANAGEMENT } from './projectManagement.js';
import { RUNNING_SHOES } from './runningShoes.js';
import type { IndustryCatalog } from './types.js';

export type { IndustryCatalog, CatalogBrand, PhraseBank, SourceSite } from './types.js';
export { GENERAL_SOURCES } from './sharedSources.js';

/** The three demo brands, in a fixed order (the order is part of the deterministic output). */
export const DEMO_CATALOGS: readonly IndustryCatalog[] = [PROJECT_MANAGEMENT, RUNNING_SHOES, NEOBANK];
