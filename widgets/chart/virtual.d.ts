// Vega specs of the pages' charts, compiled from Vega-Lite at build time (precompile.ts), by specKey().
declare module 'virtual:chart-vega-specs' {
  const specs: Record<string, import('vega').Spec>;
  export default specs;
}
