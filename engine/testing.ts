// The engine's public test entry: a harness that renders pages and widgets with a test host, and
// the page validator. For test files only (it imports the test runner and Node modules).
export {
  TEST_BRAND,
  fakeFetcher,
  fakeScope,
  renderInPageContext,
  renderPage,
  renderWidget,
  setTestHostDefaults,
  testHost,
  testPageContext,
  type Calls,
} from './runtime/testing';
export { createPageValidator, validateWidgetConfig } from './schema/validator';
// Internals that page tests check directly.
export { initialWidgets, pageWindow, PRIMED_WINDOW_TTL_MS } from './runtime/prefetch';
export { responsiveSpans } from './runtime/Layout';
export { splitHeaderRows } from './runtime/PageView';
