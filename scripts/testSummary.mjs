// Adds up the vitest JSON reports into the one closing line CI reads: "N passed, N failed".
// Failed tests are named above that line (file, test, first line of the error), because a CI log
// is often read only from its end, far below where the reporter printed the failure.
import { existsSync, readFileSync } from 'node:fs';
import { relative } from 'node:path';

let passed = 0, failed = 0, skipped = 0, missing = 0, brokenFiles = 0;
const failures = [];
for (const file of process.argv.slice(2)) {
  if (!existsSync(file)) { missing++; console.log(`no report: ${file}`); continue; }
  const r = JSON.parse(readFileSync(file, 'utf8'));
  passed += r.numPassedTests; failed += r.numFailedTests; skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  for (const suite of r.testResults ?? []) {
    const where = relative(process.cwd(), suite.name);
    const failedTests = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const t of failedTests) failures.push(`${where} > ${t.fullName}: ${firstLine(t.failureMessages)}`);
    // A file that fails before its tests run (import error, hook timeout) has no failed test.
    if (suite.status === 'failed' && failedTests.length === 0) {
      brokenFiles++;
      failures.push(`${where}: ${firstLine([suite.message])}`);
    }
  }
}
if (failures.length) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
const notPassed = failed + missing + brokenFiles;
console.log(`${passed} passed, ${notPassed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(notPassed > 0 ? 1 : 0);

function firstLine(messages) {
  const text = (messages ?? []).find((m) => m) ?? '';
  return text.split('\n').find((line) => line.trim())?.trim().slice(0, 300) ?? '(no message)';
}
