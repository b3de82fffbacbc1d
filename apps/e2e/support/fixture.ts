import { after, before, it } from 'node:test';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, newPage, saveScreenshot } from './browser';
import { trackRequests } from './network';

export type E2eContext = { page: Page; context: BrowserContext; browser: Browser };

/**
 * Shares one browser per spec file (launched in `before`, closed in `after`) and gives each test a fresh
 * context. Call it inside a `describe`. A failing test leaves test-results/<suite> <test>.png behind.
 */
export function useBrowser(suiteName: string) {
  let browser: Browser | undefined;

  before(async () => {
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
  });

  function e2e(name: string, body: (ctx: E2eContext) => Promise<void>, options: { timeout?: number } = {}): void {
    it(name, { timeout: options.timeout ?? 90_000 }, async () => {
      if (!browser) throw new Error('The browser did not start');
      const { context, page } = await newPage(browser);
      trackRequests(page);
      const pageErrors: string[] = [];
      page.on('pageerror', (error) => pageErrors.push(error.message));
      try {
        await body({ page, context, browser });
      } catch (error) {
        const file = await saveScreenshot(page, `${suiteName} ${name}`);
        if (file) console.error(`  screenshot: ${file}`);
        console.error(`  url at failure: ${page.url()}`);
        if (pageErrors.length > 0) console.error(`  page errors:\n    ${pageErrors.join('\n    ')}`);
        throw error;
      } finally {
        await context.close().catch(() => {});
      }
    });
  }

  return { e2e };
}
