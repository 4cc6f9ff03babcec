// Multi-select summary: up to 2 names, then +N.
export function selectionSummary(labels: string[], max = 2): string {
  if (labels.length <= max) return labels.join(', ');
  return `${labels.slice(0, max).join(', ')} +${labels.length - max}`;
}

/** Case-insensitive label search. */
export function searchOptions<T extends { label: string }>(options: T[], query: string): T[] {
  const q = query.trim().toLowerCase();
  return q ? options.filter((o) => o.label.toLowerCase().includes(q)) : options;
}
