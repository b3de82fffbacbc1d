import assert from 'node:assert/strict';
import { before, describe } from 'node:test';
import { canOpenRoute } from '@cuspid/contracts';
import type { Page } from 'playwright-core';
import { apiCall, loginApi } from '../support/api';
import { type AxeViolation, formatViolations, runAxe, transitionsDone } from '../support/axe';
import { createCaseApi, grantCredits } from '../support/cases';
import { buildDocx } from '../support/docx';
import { ADMIN, baseUrl, NEW_USER_PASSWORD, PRACTICE, STORAGE_KEYS, uniqueMail } from '../support/env';
import { useBrowser } from '../support/fixture';
import { networkIdle } from '../support/network';
import { loadWebRoutes, routeParams, type WebRoute } from '../support/routes';
import { gotoPath, loginViaUi, pathOf, submitLogin } from '../support/ui';

/**
 * Every page of the web's route table (apps/web/src/features/<area>/routes.tsx), as a guest, as the admin and as a
 * practice user (a customer company's user with the default role), in the light and the dark skin: the page must
 * load without a console error or a 4xx/5xx answer, and axe-core (WCAG 2.1 A/AA) must find nothing, on the page and
 * on the dialogs and menus used most. New pages are walked without editing this file; a new route with a parameter
 * needs a record in RECORDS.
 */

const SCHEMES = ['light', 'dark'] as const;
type Scheme = (typeof SCHEMES)[number];

/** Failing answers a page asks for on purpose: none today. { path: route path, url: RegExp, status }. */
const EXPECTED_FAILURES: { path: string; url: RegExp; status: number }[] = [];

type Records = Record<string, string>;

function idOf(body: unknown, what: string): string {
  const record = body as { id?: string; user_id?: string; data?: { id?: string } } | undefined;
  const id = record?.id ?? record?.user_id ?? record?.data?.id;
  if (!id) throw new Error(`${what}: the answer holds no id: ${JSON.stringify(body)}`);
  return id;
}

async function created(response: Promise<{ status: number; body: unknown }>, what: string): Promise<string> {
  const answer = await response;
  if (answer.status !== 200 && answer.status !== 201) {
    throw new Error(`${what}: HTTP ${answer.status}: ${JSON.stringify(answer.body)}`);
  }
  return idOf(answer.body, what);
}

/**
 * A real record for each parameterised route, made through the API as the admin, keyed by the route's path up to its
 * first parameter (`/users/:id/edit` → `/users`). A route with a parameter and no entry here fails the walk.
 */
async function createRecords(token: string): Promise<Records> {
  const suffix = Date.now().toString(36);
  const form = new FormData();
  form.append('name', `Walk template ${suffix}`);
  form.append(
    'file',
    new Blob([new Uint8Array(buildDocx(['Hello {name}']))], {
      type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    }),
    'walk.docx',
  );
  const documentTemplate = fetch(`${baseUrl()}/documents/create-template`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  }).then(async (response) => ({ status: response.status, body: await response.json() }));
  return {
    '/customers': await created(
      apiCall('POST', '/api/companies', { token, body: { company_name: `Walk dental ${suffix}`, country: 'DE' } }),
      'company',
    ),
    '/users': await created(
      apiCall('POST', '/auth/create-user', {
        token,
        body: { mail: uniqueMail('walk'), password: NEW_USER_PASSWORD, first_name: 'Walk', roles: [] },
      }),
      'user',
    ),
    '/roles': await created(
      apiCall('POST', '/auth/create-role', {
        token,
        body: { name: `walk-${suffix}`, title: `Walk ${suffix}`, permissions: ['list-roles'] },
      }),
      'role',
    ),
    '/permissions': await created(
      apiCall('POST', '/auth/create-permission', {
        token,
        body: { title: `walk-${suffix}`, value: `walk-${suffix}`, scope: 'backoffice' },
      }),
      'permission',
    ),
    '/api-keys': await created(
      apiCall('POST', '/auth/create-api-token', { token, body: { name: `Walk ${suffix}`, scopes: ['list-roles'] } }),
      'API key',
    ),
    '/mail-templates': await created(
      apiCall('POST', '/mail/create-mail-template', {
        token,
        body: { name: `Walk ${suffix}`, contents: { en: { subject: 'Hello {{ name }}', body: '<p>Hello</p>' } } },
      }),
      'mail template',
    ),
    '/document-templates': await created(documentTemplate, 'document template'),
    '/coupon-codes': await created(
      apiCall('POST', '/api/coupon-codes', {
        token,
        body: { code: `WALK-${suffix}`, kind: 'credits', credits: 5, description: 'Route walk' },
      }),
      'coupon code',
    ),
    '/news': await created(
      apiCall('POST', '/api/news', {
        token,
        // For administrators only: the practice's home page in other specs shows no walk news.
        body: {
          subject: `Walk ${suffix}`,
          language: 'en',
          body: '<p>Route <strong>walk</strong></p>',
          audience: { roles: ['admin'], partner_types: [] },
        },
      }),
      'news',
    ),
    // A case of the demo practice (the admin sees it too): credits granted, two scans uploaded, submitted.
    '/my-cases': await (async () => {
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      const practice = await apiCall<{ id: string }>('GET', '/api/my-company', { token: practiceToken });
      await grantCredits(token, practice.body.id, 100, 'Route walk');
      return createCaseApi(practiceToken, `Walk case ${suffix}`);
    })(),
    // A ticket of the demo practice (the admin sees it too).
    '/tickets': await (async () => {
      const practiceToken = await loginApi(PRACTICE.mail, PRACTICE.password);
      return created(
        apiCall('POST', '/api/ticket', {
          token: practiceToken,
          body: { subject: `Walk ticket ${suffix}`, description: 'Opened by the route walk' },
        }),
        'ticket',
      );
    })(),
    '/packages': await created(
      apiCall('POST', '/api/packages', {
        token,
        body: { name: `Walk package ${suffix}`, credits: 10, price_cents: 9900 },
      }),
      'package',
    ),
    // A draft (it opens both the edit and the show page) for the first company of the list.
    '/invoices': await (async () => {
      const companies = await apiCall<{ data: { id: string }[] }>('GET', '/api/companies?per_page=1', { token });
      const companyId = companies.body.data[0]?.id;
      if (!companyId) throw new Error(`invoice: no company to invoice: ${JSON.stringify(companies.body)}`);
      return created(
        apiCall('POST', '/api/invoices', {
          token,
          body: {
            company_id: companyId,
            lines: [{ name: 'Walk line', quantity: 1, unit_price: 1000, tax_rate: 1900 }],
          },
        }),
        'invoice',
      );
    })(),
    '/invoice-reminder-levels': await created(
      apiCall('POST', '/api/invoice-reminder-level', {
        token,
        body: { level_name: `Walk ${suffix}`, period_days: 7 },
      }),
      'reminder level',
    ),
  };
}

/** An invoice the admin issues to the user's company (a customer sees issued invoices of its own company only). */
async function issuedInvoiceOf(user: { mail: string; password: string }): Promise<string> {
  const adminToken = await loginApi(ADMIN.mail, ADMIN.password);
  const company = await apiCall<{ id: string }>('GET', '/api/my-company', {
    token: await loginApi(user.mail, user.password),
  });
  const id = await created(
    apiCall('POST', '/api/invoices', {
      token: adminToken,
      body: {
        company_id: company.body.id,
        lines: [{ name: 'Walk line', quantity: 1, unit_price: 1000, tax_rate: 1900 }],
      },
    }),
    'invoice',
  );
  const issued = await apiCall('PATCH', `/api/update-invoice-status/${id}`, {
    token: adminToken,
    body: { status: 'open' },
  });
  if (issued.status !== 200) throw new Error(`invoice: not issued: ${issued.status} ${JSON.stringify(issued.body)}`);
  return id;
}

/** The URL to open for a route: parameters filled from `records`; null (with a reason) when there is none. */
function urlFor(route: WebRoute, records: Records): string {
  const params = routeParams(route.path);
  if (params.length === 0) return route.path;
  const key = route.path.slice(0, route.path.indexOf('/:'));
  const id = records[key];
  if (!id) {
    throw new Error(
      `${route.path} (features/${route.feature}) has a parameter and the walk has no record for it: ` +
        `add '${key}' to createRecords in apps/e2e/tests/route-walk.spec.ts`,
    );
  }
  return route.path.replace(/:[A-Za-z0-9_]+/g, id);
}

/** Collects what goes wrong while a page loads: console errors, page errors, 4xx/5xx answers, failed requests. */
function watchPage(page: Page) {
  let current = '';
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console error: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('response', (response) => {
    const status = response.status();
    if (status < 400) return;
    const url = response.url();
    if (EXPECTED_FAILURES.some((e) => e.path === current && e.status === status && e.url.test(url))) return;
    problems.push(`HTTP ${status} ${response.request().method()} ${url.replace(baseUrl(), '')}`);
  });
  page.on('requestfailed', (request) => {
    const failure = request.failure()?.errorText ?? '';
    // A request the page itself dropped (a query cancelled by navigation) is not a failure of the server.
    if (failure.includes('ERR_ABORTED')) return;
    problems.push(`request failed: ${request.method()} ${request.url().replace(baseUrl(), '')} ${failure}`);
  });
  return {
    /** Starts a new page: returns and clears what was collected so far. */
    take(routePath: string): string[] {
      current = routePath;
      return problems.splice(0);
    },
  };
}

const LOADERS =
  '[data-testid="page-loader"], .mantine-Loader-root, .mantine-LoadingOverlay-root, .mantine-Skeleton-root';

/** Waits until the network is idle, no loader is shown and no transition runs. */
async function settle(page: Page): Promise<void> {
  await networkIdle(page);
  await page.waitForFunction(
    (selector) => [...document.querySelectorAll(selector)].every((element) => !element.checkVisibility()),
    LOADERS,
    { timeout: 15_000 },
  );
  await networkIdle(page);
  await transitionsDone(page);
}

/** Switches the skin the way another tab of the app would: the stored choice, and its storage event. */
async function useScheme(page: Page, scheme: Scheme): Promise<void> {
  await page.evaluate(
    ([key, value]) => {
      window.localStorage.setItem(key, value);
      window.dispatchEvent(new StorageEvent('storage', { key, newValue: value, storageArea: window.localStorage }));
    },
    [STORAGE_KEYS.colorScheme, scheme] as const,
  );
  await page.waitForFunction(
    (value) => document.documentElement.getAttribute('data-mantine-color-scheme') === value,
    scheme,
  );
  await transitionsDone(page);
}

type Finding = { where: string; lines: string[] };

/** The impacts issue 29 holds open toasts and option lists to: none of these may remain. */
const SERIOUS = ['serious', 'critical'];

/**
 * Runs axe in both skins; the page is in the light skin when it returns. `onlyImpacts` keeps only the findings of
 * those impacts; `check` runs before each axe run (e.g. that a dropdown is still open).
 */
async function axeBothSkins(
  page: Page,
  where: string,
  findings: Finding[],
  { onlyImpacts, check }: { onlyImpacts?: string[]; check?: () => Promise<void> } = {},
): Promise<void> {
  for (const scheme of SCHEMES) {
    await useScheme(page, scheme);
    await check?.();
    const violations: AxeViolation[] = (await runAxe(page)).filter(
      (violation) => !onlyImpacts || onlyImpacts.includes(violation.impact ?? ''),
    );
    if (violations.length > 0) findings.push({ where: `${where} [${scheme}]`, lines: formatViolations(violations) });
  }
  await useScheme(page, 'light');
}

/** Opens each route, waits for it to settle, records failed requests and axe violations in both skins. */
async function walk(page: Page, who: string, routes: WebRoute[], records: Records): Promise<Finding[]> {
  const findings: Finding[] = [];
  const watcher = watchPage(page);
  for (const route of routes) {
    const url = urlFor(route, records);
    watcher.take(route.path);
    const started = Date.now();
    await gotoPath(page, url);
    try {
      await settle(page);
    } catch (error) {
      findings.push({ where: `${who} ${url}`, lines: [`did not settle: ${(error as Error).message.split('\n')[0]}`] });
      continue;
    }
    const landed = pathOf(page);
    const problems = watcher.take(route.path);
    if (landed !== new URL(url, baseUrl()).pathname) problems.push(`landed on ${landed} instead`);
    if (problems.length > 0) findings.push({ where: `${who} ${url}`, lines: problems });
    await axeBothSkins(page, `${who} ${url}`, findings);
    if (process.env.E2E_WALK_VERBOSE === '1') console.info(`  ${who} ${url} ${Date.now() - started} ms`);
  }
  return findings;
}

function report(findings: Finding[]): string {
  return findings.map((finding) => `\n${finding.where}\n  ${finding.lines.join('\n  ')}`).join('\n');
}

type Session = { token_info: { roles: string[] }; permission_titles?: string[] };

async function sessionOf(page: Page): Promise<Session> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), STORAGE_KEYS.session);
  if (!raw) throw new Error('no session stored after sign-in');
  return JSON.parse(raw) as Session;
}

describe('route walk', () => {
  const { e2e } = useBrowser('route walk');
  let routes: WebRoute[] = [];
  let records: Records = {};

  before(async () => {
    routes = await loadWebRoutes();
    records = await createRecords(await loginApi(ADMIN.mail, ADMIN.password));
  });

  e2e(
    'guest pages load without a failing request and pass axe in both skins',
    async ({ page }) => {
      const guestRoutes = routes.filter((route) => route.public && routeParams(route.path).length === 0);
      assert.ok(guestRoutes.length >= 4, `only ${guestRoutes.length} guest routes found`);
      const findings = await walk(page, 'guest', guestRoutes, records);
      assert.equal(findings.length, 0, report(findings));
    },
    { timeout: 120_000 },
  );

  for (const user of [
    { who: 'admin', ...ADMIN },
    { who: 'practice', ...PRACTICE },
  ]) {
    e2e(
      `every page the ${user.who} may open loads without a failing request and passes axe in both skins`,
      async ({ page }) => {
        await loginViaUi(page, user.mail, user.password);
        const session = await sessionOf(page);
        const holder = { roles: session.token_info.roles, permissions: session.permission_titles ?? [] };
        const mine = routes.filter((route) => !route.guestOnly && canOpenRoute(holder, route.permission));
        // A practice reads only its own issued invoices (ADR 0118): it opens one of those, not the admin's draft.
        const own = user.who === 'practice' ? { ...records, '/invoices': await issuedInvoiceOf(user) } : records;
        const findings = await walk(page, user.who, mine, own);
        if (process.env.E2E_WALK_VERBOSE === '1') console.info(`  ${user.who}: ${mine.length} routes`);
        assert.equal(findings.length, 0, report(findings));
      },
      // The admin opens every page (about 90) in two skins: over three minutes on a busy 2-core machine.
      { timeout: 480_000 },
    );
  }

  e2e(
    'the menus, the other layout, a delete confirmation and form errors pass axe in both skins',
    async ({ page }) => {
      const findings: Finding[] = [];
      const watcher = watchPage(page);
      await loginViaUi(page, ADMIN.mail, ADMIN.password);
      await settle(page);

      const menus = [
        { name: 'user menu', opener: page.getByTestId('user-menu') },
        { name: 'language menu', opener: page.getByTestId('language-switcher') },
      ];
      for (const menu of menus) {
        await menu.opener.click();
        await page.getByRole('menu').waitFor();
        await transitionsDone(page);
        await axeBothSkins(page, `admin /home ${menu.name}`, findings);
        await page.keyboard.press('Escape');
        await page.getByRole('menu').waitFor({ state: 'hidden' });
      }

      // The other layout the user may choose: the menu across the top.
      const layoutSwitch = page.getByTestId('layout-switch');
      const before = await layoutSwitch.getAttribute('data-layout');
      await layoutSwitch.click();
      await page.waitForFunction(
        (previous) => document.querySelector('[data-testid="layout-switch"]')?.getAttribute('data-layout') !== previous,
        before,
      );
      await settle(page);
      await axeBothSkins(page, `admin /home ${await layoutSwitch.getAttribute('data-layout')} layout`, findings);
      await layoutSwitch.click();
      await settle(page);

      await gotoPath(page, '/roles');
      await settle(page);
      await page.getByRole('button', { name: 'Delete' }).first().click();
      await page.getByTestId('confirm-delete').waitFor();
      await transitionsDone(page);
      await axeBothSkins(page, 'admin /roles delete confirmation', findings);
      await page.keyboard.press('Escape');

      await gotoPath(page, '/roles/create');
      await settle(page);
      await page.locator('main form button[type="submit"]').first().click();
      await page.locator('.mantine-InputWrapper-error').first().waitFor();
      await transitionsDone(page);
      await axeBothSkins(page, 'admin /roles/create with errors', findings);

      const problems = watcher.take('');
      if (problems.length > 0) findings.push({ where: 'admin menus and dialogs', lines: problems });
      assert.equal(findings.length, 0, report(findings));
    },
    { timeout: 120_000 },
  );

  e2e(
    'after a failed submit the first field in error has the focus and a visible ring; an open toast and the open status multi-select have no serious or critical axe finding',
    async ({ page }) => {
      const findings: Finding[] = [];

      // An empty sign-in: the mail field (the first in error) takes the focus and shows a 2px ring in both skins.
      await gotoPath(page, '/');
      const form = page.getByTestId('login-form');
      await form.waitFor();
      await page.getByTestId('login-submit').click();
      const mail = form.getByLabel('Email');
      await page.waitForFunction(() => document.activeElement?.getAttribute('aria-invalid') === 'true');
      assert.equal(await mail.evaluate((element) => element === document.activeElement), true, 'focus on Email');
      for (const scheme of SCHEMES) {
        await useScheme(page, scheme);
        const ring = await mail.evaluate((element) => {
          const style = getComputedStyle(element);
          return `${style.outlineStyle} ${style.outlineWidth}`;
        });
        assert.equal(ring, 'solid 2px', `focus ring in the ${scheme} skin`);
      }
      await useScheme(page, 'light');

      // An error toast with a title and a text, held open by the pointer (a toast stays 5 s).
      await submitLogin(page, ADMIN.mail, 'Wrong#Password9');
      const toast = page.getByTestId('notification-error');
      await toast.waitFor();
      await toast.hover();
      await toast.getByRole('button', { name: 'Close' }).waitFor();
      await transitionsDone(page);
      await axeBothSkins(page, 'guest / error toast', findings, {
        onlyImpacts: SERIOUS,
        check: () => toast.waitFor(),
      });
      await toast.getByRole('button', { name: 'Close' }).click();
      await toast.waitFor({ state: 'detached' });

      // The cases list's status filter, open: twelve statuses, more than the list shows at once.
      await loginViaUi(page, PRACTICE.mail, PRACTICE.password);
      await gotoPath(page, '/my-cases');
      await settle(page);
      await page.getByTestId('cases-status-filter').click();
      const listbox = page.getByRole('listbox');
      await listbox.waitFor();
      await transitionsDone(page);
      const scrolls = await listbox.evaluate((element) => element.scrollHeight > element.clientHeight);
      assert.equal(scrolls, true, 'the open status list scrolls');
      await axeBothSkins(page, 'practice /my-cases open status filter', findings, {
        onlyImpacts: SERIOUS,
        check: () => listbox.waitFor(),
      });
      await page.keyboard.press('Escape');

      assert.equal(findings.length, 0, report(findings));
    },
    { timeout: 120_000 },
  );
});
