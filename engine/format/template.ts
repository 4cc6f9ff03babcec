// The one formatter for display copy with {name} placeholders (docs/page-format.md): values come
// from a widget's resolved `values` map; unknown names stay visible so a typo is noticed.
export function fillTemplate(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{([A-Za-z_][\w.]*)\}/g, (whole, name: string) => {
    const v = name.split('.').reduce<unknown>((acc, part) => (acc && typeof acc === 'object' ? (acc as Record<string, unknown>)[part] : undefined), values);
    return v === undefined || v === null ? whole : String(v);
  });
}

/** Fills a route template such as /app/prompts/{promptId}, URL-encoding each value. */
export function fillPath(template: string, values: Record<string, unknown>): string | null {
  let ok = true;
  const path = template.replace(/\{([A-Za-z_][\w]*)\}/g, (_w, name: string) => {
    const v = values[name];
    if (v === undefined || v === null || v === '') {
      ok = false;
      return '';
    }
    return encodeURIComponent(String(v));
  });
  return ok ? path : null;
}
