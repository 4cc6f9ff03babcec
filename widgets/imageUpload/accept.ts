/**
 * Whether a file matches an input's accept list ("image/*", "image/png", ".png", comma separated),
 * as the browser's picker would filter it; a drop or "All files" in the picker can bypass that,
 * so the widget checks again before sending anything.
 */
export function acceptsFile(accept: string | undefined, file: { name: string; type: string }): boolean {
  const rules = (accept ?? '').split(',').map((r) => r.trim().toLowerCase()).filter(Boolean);
  if (rules.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return rules.some((rule) => {
    if (rule.startsWith('.')) return name.endsWith(rule);
    if (rule.endsWith('/*')) return type.startsWith(rule.slice(0, -1));
    return type === rule;
  });
}
