#!/usr/bin/env bash
# The one test command (README quick start, .ci/run): installs what the tests need on a clean
# machine, then runs every suite: page lint, code lint (oxlint and the import rules),
# unit/component/ingestion/contract tests (DuckDB and, when reachable, PostgreSQL), and the
# browser tests against a production build.
set -uo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s\n' "$*"; }
fail=0

step "install"
# npm install (with the committed lock) rather than npm ci: the lock holds only the platform
# binaries the registry serves here (DuckDB's optional per-platform packages), which npm ci rejects.
npm install --no-audit --no-fund --loglevel=error || exit 1
bash scripts/ensure-chromium.sh || exit 1

mkdir -p .tmp
step "lint pages"
npm run -s lint:pages || fail=1

step "code lint"
npm run -s lint || fail=1

step "type check"
npx tsc --noEmit -p tsconfig.json || fail=1

step "unit, component and contract tests"
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/vitest-unit.json || fail=1

step "build"
npx vite build --logLevel warn || fail=1

step "browser tests"
npx vitest run -c tests/e2e/vitest.config.ts --reporter=default --reporter=json --outputFile=.tmp/vitest-e2e.json || fail=1

step "summary"
node scripts/testSummary.mjs .tmp/vitest-unit.json .tmp/vitest-e2e.json || fail=1
exit $fail
