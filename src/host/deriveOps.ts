import type { DeriveOp } from '../../engine';
import { countryName } from './countries';

// Derive operations the product adds to transforms: locations are stored as country codes, and
// charts and lists show the country's name.
export const deriveOps: Record<string, DeriveOp> = {
  countryName: ([code]) => (code === null || code === undefined || code === '' ? null : countryName(String(code))),
};
