import type { Page } from 'playwright-core';
import { baseUrl } from './env';

/** The password input's label ("Password" plus the required asterisk), not the visibility toggle's. */
export const PASSWORD_LABEL = /^Password\s*\*?$/;
export const PASSWORD_CONFIRMATION_LABEL = /^Password confirmation\s*\*?$/;

/** The path of the page's current URL. */
export function pathOf(page: Page): string {
  return new URL(page.url()).pathname;
}

/** Waits until the page's URL path is `path` (client-side navigations included). */
export async function waitForPath(page: Page, path: string, timeout = 15_000): Promise<void> {
  await page.waitForURL((url) => url.pathname === path, { timeout, waitUntil: 'commit' });
}

export async function gotoPath(page: Page, path: string): Promise<void> {
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'domcontentloaded' });
}

/** Fills the login form at / and submits it; does not wait for the outcome. */
export async function submitLogin(page: Page, mail: string, password: string): Promise<void> {
  if (pathOf(page) !== '/' || !page.url().startsWith(baseUrl())) await gotoPath(page, '/');
  const form = page.getByTestId('login-form');
  await form.waitFor();
  await form.getByLabel('Email').fill(mail);
  await form.getByLabel(PASSWORD_LABEL).fill(password);
  await page.getByTestId('login-submit').click();
}

/** Signs in through the login form and waits for the home page. */
export async function loginViaUi(page: Page, mail: string, password: string): Promise<void> {
  await submitLogin(page, mail, password);
  await waitForPath(page, '/home');
  await page.getByTestId('home-welcome').waitFor();
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => window.localStorage.getItem(k), key);
}

export async function htmlAttribute(page: Page, name: string): Promise<string | null> {
  return page.evaluate((n) => document.documentElement.getAttribute(n), name);
}

/** Polls `read` until it returns `expected` (for DOM state that has no locator to wait on). */
export async function waitForValue<T>(read: () => Promise<T>, expected: T, timeout = 10_000): Promise<T> {
  const deadline = Date.now() + timeout;
  let last = await read();
  while (last !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    last = await read();
  }
  return last;
}
