/**
 * A logger for vega-lite's compile() that collects its warnings and errors as text, so callers
 * (the lint, tests) can see what vega-lite left out. Free of vega-lite itself: the browser's chart
 * code imports this module without loading the compiler.
 */
export function collectingLogger(): { logger: unknown; warnings: string[] } {
  const warnings: string[] = [];
  const add = (...args: unknown[]) => (warnings.push(args.map(String).join(' ')), logger);
  const logger = { level: () => logger, warn: add, error: add, info: () => logger, debug: () => logger };
  return { logger, warnings };
}
