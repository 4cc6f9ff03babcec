import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { generateConfigTypes, generatedFilesOnDisk, REPO_ROOT } from '../engine/types/generate';

// `npm run gen:types`: regenerate the widget kinds' config types after changing anything under
// schemas/ (engine/types/generate.ts says what is written where); generated files no schema asks
// for any more (a removed kind's) are deleted.
const files = await generateConfigTypes();
const wanted = new Set(files.map((f) => f.path));
let changed = 0;
for (const { path, source } of files) {
  const target = join(REPO_ROOT, path);
  if (existsSync(target) && readFileSync(target, 'utf8') === source) continue;
  mkdirSync(dirname(target), { recursive: true });
  writeFileSync(target, source);
  console.log(`wrote ${path}`);
  changed++;
}
for (const path of generatedFilesOnDisk()) {
  if (wanted.has(path)) continue;
  rmSync(join(REPO_ROOT, path));
  console.log(`removed ${path}`);
  changed++;
}
console.log(changed ? `${files.length} generated files, ${changed} changed` : `${files.length} generated files, all up to date`);
