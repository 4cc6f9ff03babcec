import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { generatePageTypes, GENERATED_TYPES_PATH } from '../engine/types/generate.js';

// `npm run gen:types`: regenerate the page types after changing anything under schemas/.
const source = await generatePageTypes();
writeFileSync(GENERATED_TYPES_PATH, source);
console.log(`wrote ${relative(process.cwd(), GENERATED_TYPES_PATH)}`);
