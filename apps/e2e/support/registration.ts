import type { Page } from 'playwright-core';
import { CAPTCHA_TEST_ANSWER } from './env';
import { gotoPath, PASSWORD_CONFIRMATION_LABEL, PASSWORD_LABEL, waitForPath } from './ui';

export async function openRegistration(page: Page): Promise<void> {
  await gotoPath(page, '/');
  await page.getByTestId('register-link').click();
  await waitForPath(page, '/register');
  await page.getByTestId('register-form').waitFor();
}

export type RegistrationInput = {
  companyName: string;
  country?: string;
  vatId?: string;
  mail: string;
  password: string;
  confirmation?: string;
  captchaAnswer?: string;
};

/** Fills the company registration form; the captcha gets the test answer unless told otherwise. */
export async function fillRegistration(page: Page, input: RegistrationInput): Promise<void> {
  const form = page.getByTestId('register-form');
  await form.getByLabel(/^Company name/).fill(input.companyName);
  await page.getByTestId('register-country').selectOption(input.country ?? 'DE');
  if (input.vatId) await form.getByLabel(/^VAT id/).fill(input.vatId);
  await form.getByLabel(/^Email/).fill(input.mail);
  await form.getByLabel(PASSWORD_LABEL).fill(input.password);
  await form.getByLabel(PASSWORD_CONFIRMATION_LABEL).fill(input.confirmation ?? input.password);
  await page.getByTestId('register-captcha-image').waitFor();
  await form.getByLabel(/^Characters in the image/).fill(input.captchaAnswer ?? CAPTCHA_TEST_ANSWER);
}
