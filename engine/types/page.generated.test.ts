import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { generatePageTypes, GENERATED_TYPES_PATH } from './generate';

// The committed types must be what the schemas generate today: after changing anything under
// schemas/ (a new widget kind included), run `npm run gen:types` and commit the result.
const FIXTURE_WIDGETS = join(dirname(fileURLToPath(import.meta.url)), '../lint/fixtures/widgets');

describe('engine/types/page.generated.ts', () => {
  it('is up to date with schemas/ (run `npm run gen:types` if this fails)', async () => {
    const fresh = await generatePageTypes();
    expect(readFileSync(GENERATED_TYPES_PATH, 'utf8')).toBe(fresh);
  });

  it('turns widget kinds and discriminated steps into unions of their own interfaces', async () => {
    const source = await generatePageTypes({ widgetsDir: FIXTURE_WIDGETS });
    expect(source).toMatch(/export type Widget = ChartWidget \| MetricWidget \| TableWidget;/);
    expect(source).toMatch(/export interface MetricWidget \{\n(?:.*\n)*?\s+type: 'metric';/);
    expect(source).toMatch(/export type TransformStep =\s+\| GetStep\s+\| FirstValueStep/);
    expect(source).toMatch(/export type Binding =\s+FilterBinding \| WindowBinding \| ParamBinding \| BrandBinding \| UserBinding \| RowBinding \| RecordBinding;/);
  });
});
