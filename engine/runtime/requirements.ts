import type { EngineHost, PageRequirement } from '../host/types';
import type { PageDefinition } from './types';

/** The first of the page's `requires` the host's scope does not meet (its copy is shown instead of
 * the page, and no request is sent); null when the page may render. A requirement the host does
 * not declare cannot be met. */
export function unmetRequirement(page: PageDefinition, host: Pick<EngineHost, 'requirements' | 'scope'>): PageRequirement | null {
  for (const [name, required] of Object.entries(page.requires ?? {})) {
    if (!required) continue;
    const requirement = Object.prototype.hasOwnProperty.call(host.requirements, name) ? host.requirements[name] : undefined;
    if (!requirement) return { met: () => false, title: 'Unavailable', message: `This page requires "${name}", which the application does not provide.` };
    if (!requirement.met(host.scope)) return requirement;
  }
  return null;
}
