// Public entry for the page studio (an editor of page configs in the browser): the page lint over
// documents in memory, and what an editor needs to know about a page's format. Never imported by
// the page runtime, so the subscriber's bundle does not carry the lint.
export { createPageLinter, type PageLinter, type SchemaDocuments } from './lint/browser/pageLinter';
export type { Diagnostic, Severity } from './lint/diagnostic';
export { CURRENT_PAGE_VERSION } from './migrations/index';
