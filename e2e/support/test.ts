import { test as base, type BrowserContext, type Page as BrowserPage } from '@playwright/test';

export { expect, type Page } from '@playwright/test';

/**
 * What React writes to the console when the browser's hydration does not match the server's page
 * (decision 045): a text, an attribute or a tree that differs, or a boundary it had to render
 * again. Any of them fails the test that saw it.
 */
const HYDRATION_PROBLEM =
  /hydrat|server rendered (?:HTML|text) didn't match|switched to client rendering|did not match/i;

/**
 * Playwright's test, failing a test in whose pages (of every context it opens) React reported a
 * hydration mismatch. Every journey imports `test` from here.
 */
export const test = base.extend<{ hydrationGuard: void }>({
  hydrationGuard: [
    async ({ context, browser }, use, testInfo) => {
      const problems: string[] = [];
      const watch = (watched: BrowserContext) => {
        const watchPage = (page: BrowserPage) => {
          page.on('console', (message) => {
            if (message.type() === 'error' && HYDRATION_PROBLEM.test(message.text())) {
              problems.push(`${page.url()}: ${message.text()}`);
            }
          });
          page.on('pageerror', (error) => {
            if (HYDRATION_PROBLEM.test(error.message)) {
              problems.push(`${page.url()}: ${error.message}`);
            }
          });
        };
        watched.pages().forEach(watchPage);
        watched.on('page', watchPage);
      };
      watch(context);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        watch(created);
        return created;
      };
      await use();
      browser.newContext = newContext;
      if (problems.length > 0 && testInfo.status === testInfo.expectedStatus) {
        throw new Error(`React reported a hydration mismatch:\n${problems.join('\n')}`);
      }
    },
    { auto: true },
  ],
});
