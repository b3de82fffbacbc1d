import assert from 'node:assert/strict';
import { before, describe } from 'node:test';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { createCaseApi, grantCredits } from '../support/cases';
import { ADMIN, NEW_USER_PASSWORD, PRACTICE, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { gotoPath, htmlAttribute, loginViaUi, waitForValue } from '../support/ui';

/**
 * The back office's lists at a laptop's width (1366 × 768) in English, German and French: no badge is cut short
 * ("EMPLO…"), no date, figure or identifier wraps ("T-2026-" over "000004", a date on three lines) or ends in an
 * ellipsis. Dates, codes and badges are found by their column's kind (data-column-kind) and by what they look like,
 * so that a column without its kind is caught too.
 */

const LANGUAGES = ['en', 'de', 'fr'] as const;

/** A list page and the data-testid of its table (`${testId}-table`). */
type List = { path: string; testId: string };

async function expectCreated(response: Promise<{ status: number; body: unknown }>, what: string) {
  const answer = await response;
  assert.ok(
    answer.status === 200 || answer.status === 201,
    `${what}: HTTP ${answer.status} ${JSON.stringify(answer.body)}`,
  );
  return answer.body as { id?: string; user_id?: string };
}

/** Records in every list: a user with two roles, a case, a ticket, a news item, a coupon, an issued invoice, credits. */
async function seed(): Promise<{ practiceCompanyId: string }> {
  const token = await loginApi(ADMIN.mail, ADMIN.password);
  const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
  const practice = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
  const suffix = Date.now().toString(36);
  await grantCredits(token, practice.body.id, 25, `Tables ${suffix}`);
  // A patient number as practices write it: it broke at its hyphens in a text column.
  await createCaseApi(practiceToken, `Tables case with a long name ${suffix}`, 'P-2026-0042');
  await expectCreated(
    apiCall('POST', '/auth/create-user', {
      token,
      body: {
        mail: uniqueMail('tables'),
        password: NEW_USER_PASSWORD,
        first_name: 'Tabea',
        last_name: 'Spalte',
        roles: ['employee', 'end-user'],
      },
    }),
    'user',
  );
  await expectCreated(
    apiCall('POST', '/api/ticket', {
      token: practiceToken,
      body: { subject: `This ticket has a long subject to wrap ${suffix}`, description: 'Tables', priority: 'high' },
    }),
    'ticket',
  );
  await expectCreated(
    apiCall('POST', '/api/news', {
      token,
      body: {
        subject: `This news item has a long subject ${suffix}`,
        language: 'en',
        body: '<p>Tables</p>',
        audience: { roles: ['admin'], partner_types: [] },
      },
    }),
    'news',
  );
  await expectCreated(
    apiCall('POST', '/api/coupon-codes', {
      token,
      body: { code: `TABLES-${suffix.toUpperCase()}`, kind: 'credits', credits: 5, description: 'Tables' },
    }),
    'coupon',
  );
  const invoice = await expectCreated(
    apiCall('POST', '/api/invoices', {
      token,
      body: {
        company_id: practice.body.id,
        lines: [{ name: 'Tables line', quantity: 1, unit_price: 1000, tax_rate: 1900 }],
      },
    }),
    'invoice',
  );
  const issued = await apiCall('PATCH', `/api/update-invoice-status/${invoice.id}`, {
    token,
    body: { status: 'open' },
  });
  assert.equal(issued.status, 200, JSON.stringify(issued.body));
  return { practiceCompanyId: practice.body.id };
}

/** What is wrong with the list's cells: each a sentence naming the cell. Runs in the page. */
function cellProblems(table: Element): string[] {
  const problems: string[] = [];
  const text = (element: Element) => (element.textContent ?? '').replace(/\s+/g, ' ').trim();
  const header = (cell: Element) => {
    const row = cell.parentElement;
    const index = row ? Array.from(row.children).indexOf(cell) : -1;
    const th = table.querySelectorAll('thead th')[index];
    return th ? text(th) : `column ${index + 1}`;
  };
  const cutShort = (element: Element) => {
    const style = getComputedStyle(element);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    return clips && element.scrollWidth > element.clientWidth + 1;
  };

  for (const badge of Array.from(table.querySelectorAll('.mantine-Badge-root'))) {
    for (const element of [badge, ...Array.from(badge.querySelectorAll('*'))]) {
      if (cutShort(element)) {
        problems.push(`badge "${text(badge)}" is cut short (${element.scrollWidth} > ${element.clientWidth} px)`);
        break;
      }
    }
  }

  // Dates (numeric or relative, in en/de/fr) and identifiers such as T-2026-000004.
  const DATE =
    /\b\d{1,4}[./-]\d{1,2}[./-]\d{2,4}\b|\bago$|^vor \d|^il y a |^in \d|^dans \d|^(just now|gerade eben|à l’instant)$/i;
  const CODE = /^[A-Z]{1,5}-\d{4}-\d{3,}$/;
  for (const cell of Array.from(table.querySelectorAll('tbody td'))) {
    const value = text(cell);
    const kind = cell.getAttribute('data-column-kind');
    const oneLine =
      (kind !== null && kind !== 'text') ||
      (value !== '' && value.length < 40 && (DATE.test(value) || CODE.test(value)));
    if (!oneLine) continue;
    const where = `"${value}" (${header(cell)}${kind ? `, ${kind}` : ''})`;
    for (const element of [cell, ...Array.from(cell.querySelectorAll('*'))]) {
      if (cutShort(element)) {
        problems.push(`${where} is cut short (${element.scrollWidth} > ${element.clientWidth} px)`);
        break;
      }
    }
    // On one line: the text's lines, top to bottom, are no taller than its tallest line box. Several badges in one
    // cell may wrap between badges: each badge is measured on its own, the rest of the cell's text together.
    const lines = new Map<Element, { top: number; bottom: number; line: number }>();
    const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      if ((node.textContent ?? '').trim() === '') continue;
      const unit = node.parentElement?.closest('.mantine-Badge-root') ?? cell;
      const box = lines.get(unit) ?? { top: Number.POSITIVE_INFINITY, bottom: Number.NEGATIVE_INFINITY, line: 0 };
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const rect of Array.from(range.getClientRects())) {
        if (rect.width === 0) continue;
        box.top = Math.min(box.top, rect.top);
        box.bottom = Math.max(box.bottom, rect.bottom);
        box.line = Math.max(box.line, rect.height);
      }
      lines.set(unit, box);
    }
    for (const [unit, { top, bottom, line }] of lines) {
      if (line > 0 && bottom - top > line * 1.5) {
        const what = unit === cell ? where : `badge "${text(unit)}" in ${where}`;
        problems.push(`${what} wraps onto ${Math.round((bottom - top) / line)} lines`);
      }
    }
  }
  return problems;
}

/** Opens a list, waits for its rows and returns what is wrong with them (null: the list is empty). */
async function problemsOf(page: Page, list: List): Promise<string[] | null> {
  await gotoPath(page, list.path);
  const table = page.locator(`[data-testid="${list.testId}-table"]:not([aria-busy="true"])`);
  const empty = page.getByTestId(`${list.testId}-empty`);
  await table.locator('tbody tr').first().or(empty).waitFor();
  if (await empty.isVisible()) return null;
  // Fonts and late labels (relative times, translated names) settle before measuring.
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // tsx names the inner functions of cellProblems through a helper the page lacks.
  await page.evaluate('globalThis.__name ??= (target) => target');
  const problems = await table.evaluate(cellProblems);
  const widths = await table.evaluate((element) => ({
    table: Math.round(element.getBoundingClientRect().width),
    shown: Math.round(element.closest('.mantine-Card-root')?.getBoundingClientRect().width ?? 0),
  }));
  console.info(`  ${list.testId}: table ${widths.table} px in a card of ${widths.shown} px`);
  return problems;
}

describe('tables', () => {
  const { e2e } = useBrowser('tables');
  let lists: List[] = [];

  before(async () => {
    const { practiceCompanyId } = await seed();
    lists = [
      { path: '/users', testId: 'users' },
      { path: '/customers', testId: 'customers' },
      { path: '/my-cases', testId: 'cases' },
      { path: '/invoices', testId: 'invoices' },
      { path: `/customers/${practiceCompanyId}/show?tab=credits`, testId: 'credit-history' },
      { path: `/customers/${practiceCompanyId}/show?tab=users`, testId: 'company-users' },
      { path: '/tickets', testId: 'tickets' },
      { path: '/news', testId: 'news' },
      { path: '/coupon-codes', testId: 'coupon-codes' },
      { path: '/sent-mails', testId: 'sent-mails' },
      { path: '/audit-log', testId: 'audit-log' },
      { path: '/payment-history', testId: 'payment-history' },
      { path: '/packages', testId: 'packages' },
      { path: '/api-keys', testId: 'api-keys' },
      { path: '/roles', testId: 'roles' },
    ];
  });

  for (const language of LANGUAGES) {
    e2e(
      `at 1366 × 768 in ${language}, no badge, date or code of a list is cut short or wrapped`,
      async ({ page }) => {
        await page.setViewportSize({ width: 1366, height: 768 });
        await loginViaUi(page, ADMIN.mail, ADMIN.password);
        if (language !== 'en') {
          await page.getByTestId('language-switcher').click();
          await page.getByTestId(`language-option-${language}`).click();
        }
        assert.equal(await waitForValue(() => htmlAttribute(page, 'lang'), language), language);

        const found: string[] = [];
        const shown: string[] = [];
        for (const list of lists) {
          const problems = await problemsOf(page, list);
          if (problems === null) continue;
          shown.push(list.testId);
          found.push(...problems.map((problem) => `${list.path}: ${problem}`));
        }
        for (const testId of [
          'users',
          'cases',
          'company-users',
          'tickets',
          'invoices',
          'credit-history',
          'news',
          'coupon-codes',
          'audit-log',
        ]) {
          assert.ok(shown.includes(testId), `the ${testId} list showed no rows (shown: ${shown.join(', ')})`);
        }
        assert.deepEqual(found, [], `cells cut short or wrapped in ${language}:\n${found.join('\n')}`);
      },
      { timeout: 180_000 },
    );
  }
});
