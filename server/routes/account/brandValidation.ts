import { badRequest } from '../../http/errors';
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

/** http or https followed by a host containing a dot. */
export function isWebsiteUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+\.[^\s/?#]+/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

/** The example in the message is built from what the user typed when it looks like a host. */
function exampleUrl(typed: string): string {
  const host = typed.replace(/^[a-z]+:\/*/i, '').split(/[/?#\s]/)[0];
  return /^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(host) ? `https://${host.toLowerCase()}` : 'https://www.example.com';
}
