import { randomUUID } from 'node:crypto';
import type { SearchResponse } from '@cuspid/contracts/search';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { files } from '../documents/documents.schema';
import { mailTemplates } from '../mail-templates/mail-templates.schema';
import { permissions } from '../permissions/permissions.schema';
import { rolePermissions, roles } from '../roles/roles.schema';
import { users } from '../users/users.schema';

let ctx: TestContext;
let adminToken: string;
const { get, post } = requestsTo(() => ctx.app);

beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

/** A term no other test file's records contain (PostgreSQL runs the files on one database). */
const uniqueTerm = (prefix: string) => `${prefix}${randomUUID().replaceAll('-', '').slice(0, 10)}`;

const search = async (term: string, token: string, extra = '') => {
  const response = await get(`/api/search?q=${encodeURIComponent(term)}${extra}`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as SearchResponse;
};
const group = (answer: SearchResponse, area: string) => answer.groups.find((g) => g.area === area);
const titles = (answer: SearchResponse, area: string) => group(answer, area)?.items.map((i) => i.title) ?? [];

async function createCompany(name: string, fields: Record<string, unknown> = {}) {
  const response = await post('/api/companies', { company_name: name, country: 'DE', ...fields }, adminToken);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; company_name: string; company_number: string };
}

/** A role holding exactly these permissions. */
async function roleWith(titles: string[]) {
  const [role] = await ctx.deps.db
    .insert(roles)
    .values({ name: uniqueTerm('role'), title: 'Search test role', priority: 50 })
    .returning();
  for (const title of titles) {
    const [permission] = await ctx.deps.db.select().from(permissions).where(eq(permissions.title, title));
    await ctx.deps.db.insert(rolePermissions).values({ roleId: role!.id, permissionId: permission!.id });
  }
  return role!.name;
}

async function userIn(companyId: string, role: string, names: { firstName?: string; lastName?: string } = {}) {
  const user = await createTestUser(ctx.deps, { companyId, roles: [role] });
  if (names.firstName || names.lastName) await ctx.deps.db.update(users).set(names).where(eq(users.id, user.id));
  return { ...user, token: (await loginAs(ctx.app, user.mail)).token };
}

describe('GET /api/search', () => {
  it('answers 400 for a missing, too short, too long or bad term and a bad limit', async () => {
    for (const query of [
      '',
      '?q=',
      '?q=ab',
      '?q=%20ab%20',
      `?q=${'x'.repeat(101)}`,
      '?q=abc&limit=0',
      '?q=abc&limit=11',
    ]) {
      const response = await get(`/api/search${query}`, adminToken);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code).toBe('VALIDATION_FAILED');
    }
    const limit = await get('/api/search?q=abc&limit=x', adminToken);
    expect(limit.json().errors.limit).toBeDefined();
  });

  it('finds companies by name and number, exact and prefix matches first, and says when there are more', async () => {
    const term = uniqueTerm('acme');
    await createCompany(`Dental ${term} West`);
    await createCompany(`${term} Dental`);
    const exact = await createCompany(term);
    const answer = await search(term, adminToken);
    expect(titles(answer, 'companies')).toEqual([term, `${term} Dental`, `Dental ${term} West`]);
    expect(group(answer, 'companies')).toMatchObject({ has_more: false });
    expect(group(answer, 'companies')!.items[0]).toMatchObject({ id: exact.id, subtitle: exact.company_number });

    const capped = await search(term, adminToken, '&limit=2');
    expect(group(capped, 'companies')).toMatchObject({ has_more: true });
    expect(titles(capped, 'companies')).toHaveLength(2);

    // The term is taken literally: LIKE's wildcards match only themselves.
    expect(group(await search(`${term.slice(0, 4)}%_`, adminToken), 'companies')).toBeUndefined();
    expect(titles(await search(exact.company_number, adminToken), 'companies')).toContain(term);
  });

  it('shows a reseller its own companies only, never another partner’s', async () => {
    const term = uniqueTerm('zahn');
    const reseller = await createCompany(`Reseller ${term}`);
    const other = await createCompany(`Other partner ${term}`);
    await createCompany(`Customer ${term} mine`, { reseller_id: reseller.id });
    await createCompany(`Customer ${term} theirs`, { reseller_id: other.id });
    const resellerUser = await userIn(reseller.id, 'reseller');

    expect(titles(await search(term, resellerUser.token), 'companies').sort()).toEqual([
      `Customer ${term} mine`,
      `Reseller ${term}`,
    ]);
    // The back office sees all four.
    expect(titles(await search(term, adminToken), 'companies')).toHaveLength(4);
  });

  it('shows a practice user its own company’s users only, by name or mail', async () => {
    const term = uniqueTerm('smile');
    const role = await roleWith(['list-users']);
    const own = await createCompany(`Practice ${term}`);
    const foreign = await createCompany(`Elsewhere ${term}`);
    const me = await userIn(own.id, role, { firstName: 'Paula', lastName: `${term}` });
    await userIn(own.id, role, { firstName: `${term}`, lastName: 'Colleague' });
    await userIn(foreign.id, role, { firstName: `${term}`, lastName: 'Stranger' });

    const answer = await search(term, me.token);
    expect(titles(answer, 'users').sort()).toEqual([`${term} Colleague`, `Paula ${term}`].sort());
    expect(group(answer, 'users')!.items.find((i) => i.id === me.id)?.subtitle).toBe(`${me.mail} · Practice ${term}`);
    // Without backoffice-company, no companies group (not a 403 for the whole search).
    expect(group(answer, 'companies')).toBeUndefined();
    expect(titles(await search(me.mail, me.token), 'users')).toEqual([`Paula ${term}`]);
    expect(titles(await search(term, adminToken), 'users')).toHaveLength(3);
  });

  it('gives a user without list-users no users group, and a user without any area an empty answer', async () => {
    const term = uniqueTerm('plain');
    const company = await createCompany(`Lab ${term}`);
    await userIn(company.id, 'end-user', { firstName: term });
    const companiesOnly = await userIn(company.id, await roleWith(['backoffice-company']), { firstName: term });
    const answer = await search(term, companiesOnly.token);
    expect(answer.groups.map((g) => g.area)).toEqual(['companies']);
    const practice = await userIn(company.id, 'end-user');
    expect(await search(term, practice.token)).toEqual({ groups: [] });
  });

  it('finds roles, mail templates and document templates for those who may list them', async () => {
    const term = uniqueTerm('tmpl');
    const [role] = await ctx.deps.db
      .insert(roles)
      .values({ name: `${term}-role`, title: `Role ${term}`, priority: 50 })
      .returning();
    const [mail] = await ctx.deps.db
      .insert(mailTemplates)
      .values({ name: `Mail ${term}`, event: null, contents: { en: { subject: 's', body: 'b' } } })
      .returning();
    const owner = await createCompany(`Owner ${term}`);
    const [document] = await ctx.deps.db
      .insert(files)
      .values({
        companyId: owner.id,
        kind: 'template',
        name: `Document ${term}`,
        fileName: `${term}.docx`,
        contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
        size: 1,
        storageKey: `search-test/${term}`,
      })
      .returning();

    const answer = await search(term, adminToken);
    expect(answer.groups.map((g) => g.area)).toEqual(['roles', 'companies', 'mail-templates', 'document-templates']);
    expect(group(answer, 'roles')!.items).toEqual([{ id: role!.id, title: `Role ${term}`, subtitle: `${term}-role` }]);
    expect(group(answer, 'mail-templates')!.items).toEqual([{ id: mail!.id, title: `Mail ${term}` }]);
    // A template bound to an event names it as a code too, for the web to write in the reader's language.
    const [bound] = await ctx.deps.db
      .insert(mailTemplates)
      .values({ name: `Bound ${term}`, event: 'user.password-reset', contents: { en: { subject: 's', body: 'b' } } })
      .returning();
    expect(group(await search(`Bound ${term}`, adminToken), 'mail-templates')!.items).toEqual([
      { id: bound!.id, title: `Bound ${term}`, subtitle: 'user.password-reset', kind: 'user.password-reset' },
    ]);
    expect(group(answer, 'document-templates')!.items).toEqual([
      { id: document!.id, title: `Document ${term}`, subtitle: `${term}.docx` },
    ]);

    // Staff holding only the templates' permissions see only those groups.
    const staff = await createTestUser(ctx.deps, {
      staff: true,
      roles: [await roleWith(['backoffice-mail-template', 'backoffice-document-template'])],
    });
    const staffAnswer = await search(term, (await loginAs(ctx.app, staff.mail)).token);
    expect(staffAnswer.groups.map((g) => g.area)).toEqual(['mail-templates', 'document-templates']);

    // A document template of another company is not found by that company's neighbour.
    const neighbour = await createCompany(`Neighbour ${term}`);
    const outsider = await userIn(neighbour.id, await roleWith(['backoffice-document-template']));
    expect(group(await search(term, outsider.token), 'document-templates')).toBeUndefined();
  });
});
