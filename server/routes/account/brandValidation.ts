import { badRequest } from '../../http/errors';
import { exampleUrl, isWebsiteUrl } from '../../../engine/validation/websiteUrl';
import { countryName } from './brandSuggestions';

/** Brand name (2+ characters), website (http(s) URL) and country are required, each refused with the message the form shows; returns the cleaned values. */
export function validateBrandInput(input: { name?: unknown; website?: unknown; location?: unknown }): {
  name: string;
  website: string;
  location: string;
} {
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) throw badRequest('Brand name is required', { field: 'name' });
  if (name.length < 2) throw badRequest('Brand name must be at least 2 characters', { field: 'name' });

  const website = typeof input.website === 'string' ? input.website.trim() : '';
  if (!website) throw badRequest('Brand website is required', { field: 'website' });
  if (!isWebsiteUrl(website)) {
    throw badRequest(`Please enter a valid website URL (e.g., ${exampleUrl(website)})`, { field: 'website' });
  }

  const location = typeof input.location === 'string' ? input.location.trim().toUpperCase() : '';
  if (!location) throw badRequest('Country selection is required', { field: 'location' });
  if (!/^[A-Z]{2}$/.test(location) || !countryName(location)) {
    throw badRequest('Country selection is required', { field: 'location', value: location });
  }
  return { name, website, location };
}
