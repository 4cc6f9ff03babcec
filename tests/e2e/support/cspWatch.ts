import type { Browser, BrowserContext, Page } from 'playwright-core';

// Content Security Policy violations seen by any page of any context the tests open: the app must
// work under its CSP, so every violation fails the test that was running (support/cspSetup.ts).

const violations: string[] = [];

/** What Chromium logs when it blocks something under a CSP (enforced or report-only). */
const CSP_CONSOLE_MESSAGE = /Content Security Policy|^Refused to /i;

/** The violations seen since the last call, emptying the list. */
export function takeCspViolations(): string[] {
  return violations.splice(0);
}

function watchPage(page: Page): void {
  page.on('console', (message) => {
    if (CSP_CONSOLE_MESSAGE.test(message.text())) violations.push(`${page.url()} — ${message.text()}`);
  });
}

async function watchContext(context: BrowserContext): Promise<void> {
  // The DOM event catches what the console may word differently (and report-only policies).
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(
        `[csp] Content Security Policy violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline code'} at ${e.sourceFile || '?'}:${e.lineNumber}`,
      );
    });
  });
  context.on('page', watchPage);
  for (const page of context.pages()) watchPage(page);
}

/** Every context made with browser.newContext() is watched from its first page on. */
export function watchBrowser(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = async (options) => {
    const context = await newContext(options);
    await watchContext(context);
    return context;
  };
  return browser;
}
