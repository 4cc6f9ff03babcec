import { compile } from 'json-schema-to-typescript';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { composePageSchema, type ComposeOptions } from '../schema/compose';
import { bundle, toTypesView } from '../schema/bundle';

// Generates engine/types/page.generated.ts from the composed page schema (all widget kinds in
// schemas/widgets/). `npm run gen:types` writes it; page.generated.test.ts fails when it is stale.

export const GENERATED_TYPES_PATH = resolve(dirname(fileURLToPath(import.meta.url)), 'page.generated.ts');

const BANNER = `/* eslint-disable */
// Generated from schemas/ by \`npm run gen:types\` (engine/types/generate.ts). Do not edit by hand:
// change the schemas and regenerate; engine/types/page.generated.test.ts fails when this is stale.`;

export async function generatePageTypes(options: ComposeOptions = {}): Promise<string> {
  const composed = composePageSchema(options);
  const schema = toTypesView(bundle(composed)) as Parameters<typeof compile>[0];
  return compile(schema, 'Page', {
    bannerComment: BANNER,
    additionalProperties: false,
    declareExternallyReferenced: true,
    unreachableDefinitions: false,
    strictIndexSignatures: false,
    format: true,
    style: { singleQuote: true, printWidth: 120 },
  });
}
