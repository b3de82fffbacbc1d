import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where failure screenshots go: apps/e2e/test-results/<test>.png. */
export const RESULTS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../test-results');

/** Debian's Chromium through playwright-core; no browser is ever downloaded. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: install it (apt-get install chromium) or set E2E_CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}

/** A fresh context (empty localStorage, no cookies) and page per test. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'en-US' });
  context.setDefaultTimeout(15_000);
  context.setDefaultNavigationTimeout(30_000);
  const page = await context.newPage();
  return { context, page };
}

function fileNameFor(testName: string): string {
  return (
    testName
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 120) || 'test'
  );
}

/** Saves a full-page screenshot of the page under test-results/<test>.png; never throws. */
export async function saveScreenshot(page: Page, testName: string): Promise<string | null> {
  try {
    await mkdir(RESULTS_DIR, { recursive: true });
    const file = path.join(RESULTS_DIR, `${fileNameFor(testName)}.png`);
    await page.screenshot({ path: file, fullPage: true, timeout: 5_000 });
    return file;
  } catch (error) {
    console.error(`Could not save a screenshot for "${testName}"`, error);
    return null;
  }
}
