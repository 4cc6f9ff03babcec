// The embedded spec is built by the engine (engine/charts.ts), so the build-time precompile and
// the page lint compile exactly what this widget draws.
export * from '../../engine/charts.ts';
