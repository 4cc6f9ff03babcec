import type { ListFilterKind } from '../host/types';
import type { FilterControl } from '../runtime/types';

// A page's filter controls with the host's list kinds attached: the engine knows `timeRange` and
// `choice` itself; any other control type is a list kind the host declares (its options, its
// catch-all value). Controls of a type the host does not know stay as they are.
export function withFilterKinds(controls: FilterControl[], kinds: Record<string, ListFilterKind>): FilterControl[] {
  return controls.map((c) => (Object.prototype.hasOwnProperty.call(kinds, c.type) ? { ...c, list: kinds[c.type] } : c));
}
