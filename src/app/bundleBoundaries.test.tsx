import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

// The first screen must stay small: heavy libraries may only be reached through dynamic
// import(), never a static import from the shell's own code.
const SRC = join(__dirname, '..');
const HEAVY = /^(vega|vega-lite|vega-embed|react-vega|xlsx|html-to-image|@rjsf\/|@sentry\/)/;
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\b)[^'";]*?from\s+['"]([^'"]+)['"]|^\s*import\s+['"]([^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('bundle boundaries', () => {
  it('has no static imports of vega, xlsx, html-to-image, @rjsf or @sentry in src/', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(STATIC_IMPORT)) {
        const spec = match[1] ?? match[2];
        if (HEAVY.test(spec)) offenders.push(`${relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('loads the shell, login and engine pages lazily', () => {
    const routes = readFileSync(join(SRC, 'app/buildRoutes.tsx'), 'utf8');
    expect(routes).not.toMatch(/^import [^\n]*LoginPage/m);
    expect(routes).not.toMatch(/^import [^\n]*from '\.\/AppSection'/m);
    expect(routes).toMatch(/lazy\(\(\) => import\('\.\/LoginPage'\)/);
    // the onboarding screens (and the engine pages they draw) load only when one is opened
    expect(routes).not.toMatch(/^import [^\n]*OnboardingSection/m);
    expect(routes).toMatch(/lazy\(\(\) => import\('\.\.\/onboarding\/OnboardingSection'\)/);
    const preload = readFileSync(join(SRC, 'app/preload.ts'), 'utf8');
    expect(preload).toMatch(/import\('\.\/AppSection'\)/);
    const engine = readFileSync(join(SRC, 'app/enginePages.ts'), 'utf8');
    expect(engine).toMatch(/import\('\.\.\/host\/pageRoutes'\)/);
    expect(engine).not.toMatch(/^import [^\n]*(engine|widgets|host)/m);
  });

  it('loads the page studio (editor, lint, Vega-Lite compiler) only when staff open it', () => {
    const routes = readFileSync(join(SRC, 'app/buildRoutes.tsx'), 'utf8');
    expect(routes).toMatch(/lazy\(\(\) => import\('\.\.\/studio\/StudioSection'\)\)/);
    expect(routes).toMatch(/element: <RequireStaff \/>, children: \[\{ path: `\$\{ROUTES\.studio\}\/\*`/);
    // nothing outside src/studio imports it statically (vite.config.ts reads its build plugins)
    const offenders: string[] = [];
    for (const file of sourceFiles(SRC)) {
      if (relative(SRC, file).startsWith('studio/')) continue;
      for (const match of readFileSync(file, 'utf8').matchAll(STATIC_IMPORT)) {
        const spec = match[1] ?? match[2];
        if (/(^|\/)studio\//.test(spec) || spec.endsWith('engine/studio')) offenders.push(`${relative(SRC, file)} imports ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
    // the engine's runtime entry does not carry the lint
    const engine = readFileSync(join(SRC, '../engine/index.ts'), 'utf8');
    expect(engine).not.toMatch(/lint|studio/);
  });
});
