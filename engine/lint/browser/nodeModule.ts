import vegaLiteSchema from 'vega-lite/vega-lite-schema.json';

// What lint rules may `require` when they run in the browser (the page studio): a bundler maps
// `node:module` to this file for engine/lint, so a rule that reads a package's JSON through
// createRequire gets it from the bundle. Anything else is refused by name.

const MODULES: Record<string, unknown> = {
  'vega-lite/vega-lite-schema.json': vegaLiteSchema,
};

export function createRequire(_from?: string | URL): (id: string) => unknown {
  return (id) => {
    if (id in MODULES) return MODULES[id];
    throw new Error(`'${id}' cannot be required in the browser (engine/lint/browser/nodeModule.ts lists what can)`);
  };
}
