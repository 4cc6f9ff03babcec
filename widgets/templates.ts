// A starting config per widget kind for the page studio's "add widget": the kind's template.json
// when it has one (a config that needs nothing of the page it lands in but the usual filters),
// otherwise its fixtures/valid.json, the config the kind's own tests prove valid.
const templates = import.meta.glob<Record<string, unknown>>('./*/template.json', { eager: true, import: 'default' });
const fixtures = import.meta.glob<Record<string, unknown>>('./*/fixtures/valid.json', { eager: true, import: 'default' });

const byKind = (configs: Record<string, Record<string, unknown>>): [string, Record<string, unknown>][] =>
  Object.keys(configs)
    .sort()
    .map((path) => configs[path])
    .filter((config) => typeof config.type === 'string')
    .map((config) => [config.type as string, config]);

export const widgetTemplates: Record<string, Record<string, unknown>> = Object.fromEntries([...byKind(fixtures), ...byKind(templates)]);
