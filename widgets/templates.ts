// Every kind's fixtures/valid.json, by kind: the config the kind's own tests prove valid.
const fixtures = import.meta.glob<Record<string, unknown>>('./*/fixtures/valid.json', { eager: true, import: 'default' });

export const widgetTemplates: Record<string, Record<string, unknown>> = Object.fromEntries(
  Object.keys(fixtures)
    .sort()
    .map((path) => fixtures[path])
    .filter((config) => typeof config.type === 'string')
    .map((config) => [config.type as string, config]),
);
