import { badRequest } from '../../../http/errors';
import { normalizeLocations } from '../sql';

/** Prompt text is at most 500 characters. */
export const MAX_PROMPT_LENGTH = 500;

/** The trimmed prompt text; 400 when empty after trimming or longer than 500 characters. */
export function cleanPromptText(raw: string): string {
  const text = raw.trim();
  if (text === '') throw badRequest('Prompt text is required', { field: 'prompt' });
  if (text.length > MAX_PROMPT_LENGTH) {
    throw badRequest(`Prompt text must be at most ${MAX_PROMPT_LENGTH} characters`, { field: 'prompt' });
  }
  return text;
}

/** At least one provider (the schema enforces the ids); duplicates dropped, order kept. */
export function cleanProviders(list: readonly string[]): string[] {
  const providers = [...new Set(list)];
  if (providers.length === 0) throw badRequest('At least one provider is required', { field: 'providers' });
  return providers;
}

/** At least one country, stored upper-case without duplicates. */
export function cleanLocations(list: readonly string[]): string[] {
  const locations = normalizeLocations(list);
  if (!locations) throw badRequest('At least one country is required', { field: 'location' });
  return locations;
}
