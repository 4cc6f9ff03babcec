/** JSON text columns (lists, settings) are parsed leniently: a bad value reads as the fallback. */
export function parseJson<T>(text: unknown, fallback: T): T {
  if (typeof text !== 'string' || text === '') return fallback;
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
}

export function parseStringList(text: unknown): string[] {
  const value = parseJson<unknown>(text, []);
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}
