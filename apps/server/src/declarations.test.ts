import { notSelfService } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { DECLARED } from './declarations';
import { type Declaring, gatherDeclarations } from './lib/declarations';
import { defineMetric } from './lib/metrics';

describe('the permission catalogue', () => {
  it('names every permission of the spec route table once, with its scope', () => {
    const titles = DECLARED.permissions.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
    for (const title of [
      'list-api-tokens',
      'create-api-token',
      'update-api-token',
      'backoffice-company',
      'backoffice-unit',
      'backoffice-global-configuration',
      'backoffice-invoice',
      'backoffice-coupon-code',
      'backoffice-package',
      'backoffice-invoice-reminder-level',
      'backoffice-news',
      'list-users',
      'create-user',
      'update-user',
      'list-permissions',
      'create-permission',
      'update-permission',
      'list-roles',
      'create-role',
      'update-role',
      'backoffice-document-assignment',
      'backoffice-mail-template-assignment',
      'backoffice-settings',
      'backoffice-case-instance',
      'backoffice-ticket',
      'backoffice-payment-history',
      'backoffice-referral',
      'backoffice-mail-template',
      'backoffice-document-template',
    ]) {
      expect(titles).toContain(title);
    }
    for (const p of DECLARED.permissions) {
      expect(p.scope === 'backoffice' ? `backoffice-${p.value}` : p.value).toBe(p.title);
    }
  });
});

describe('self-service permissions', () => {
  it("are a customer's own work; everything else (and anything that only looks like it) is not", () => {
    expect(
      DECLARED.permissions
        .filter((p) => p.selfService)
        .map((p) => p.title)
        .sort(),
    ).toEqual([
      'backoffice-case-instance',
      'backoffice-case-instance-approve',
      'backoffice-case-instance-delete',
      'backoffice-case-instance-lock',
      'backoffice-case-instance-recalculate',
      'backoffice-credit',
      'backoffice-payment-history',
      'backoffice-referral',
      'backoffice-ticket',
    ]);
    expect(
      notSelfService(
        [
          'backoffice-ticket',
          'backoffice-ticket-comment',
          'backoffice-ticketing-admin',
          'backoffice-company',
          'list-users',
          'create-api-token',
        ],
        DECLARED.permissions,
      ),
    ).toEqual(['backoffice-ticketing-admin', 'backoffice-company', 'list-users', 'create-api-token']);
    // A catalogued permission that is not self-service stays so, whatever its name starts with.
    expect(notSelfService(['backoffice-credit', 'backoffice-grant-credit'], DECLARED.permissions)).toEqual([
      'backoffice-grant-credit',
    ]);
    // Setting any case status and the engine's scope are back-office permissions under the case permission's name.
    expect(
      notSelfService(
        ['backoffice-case-instance-approve', 'backoffice-case-instance-status', 'backoffice-case-engine'],
        DECLARED.permissions,
      ),
    ).toEqual(['backoffice-case-instance-status', 'backoffice-case-engine']);
  });
});

describe("gathering the areas' declarations", () => {
  const mail = (event: `${string}.${string}`) => {
    const content = { subject: 'Subject', body: '<p>Body</p>' };
    return { event, name: event, variables: [], contents: { en: content, de: content, fr: content } };
  };
  const twice = (first: Omit<Declaring, 'name'>, second: Omit<Declaring, 'name'>) => () =>
    gatherDeclarations([
      { name: 'tickets', ...first },
      { name: 'news', ...second },
    ]);

  it('refuses an entry two areas declare, naming both', () => {
    expect(twice({ mail: [mail('ticket.created')] }, { mail: [mail('ticket.created')] })).toThrow(
      "The mail event 'ticket.created' is declared by both 'tickets' and 'news'",
    );
    expect(
      twice(
        { permissions: [{ title: 'backoffice-news', scope: 'backoffice', value: 'news', grouping: 'content' }] },
        { permissions: [{ title: 'backoffice-news', scope: 'backoffice', value: 'news', grouping: 'content' }] },
      ),
    ).toThrow("The permission 'backoffice-news' is declared by both 'tickets' and 'news'");
    const open = { auth: 'none', why: 'a test' } as const;
    expect(twice({ publicRoutes: { 'GET /api/news': open } }, { publicRoutes: { 'GET /api/news': open } })).toThrow(
      "The public route 'GET /api/news' is declared by both 'tickets' and 'news'",
    );
    expect(twice({ auditKinds: ['news'] }, { auditKinds: ['news'] })).toThrow(
      "The audit kind 'news' is declared by both 'tickets' and 'news'",
    );
  });

  it('refuses a metric declared twice or not named after its area', () => {
    const metric = (id: `${string}.${string}`) =>
      defineMetric({ id, title: 'x', kind: 'figure', permission: 'backoffice-news', compute: async () => 0 });
    expect(() => gatherDeclarations([{ name: 'news', metrics: [metric('news.read'), metric('news.read')] }])).toThrow(
      "The metric 'news.read' is declared twice by 'news'",
    );
    expect(() => gatherDeclarations([{ name: 'news', metrics: [metric('tickets.open')] }])).toThrow(
      "The metric 'tickets.open' of 'news' is not named 'news.<name>'",
    );
  });

  it('gathers the dashboard metrics the areas declare', () => {
    expect(DECLARED.metrics.map((m) => m.id)).toEqual(
      expect.arrayContaining(['cases.per-status', 'tickets.open-per-priority']),
    );
  });

  it("keeps each area's entries, in the module list's order", () => {
    const gathered = twice(
      { mail: [mail('ticket.created')], auditKinds: ['ticket'] },
      { mail: [mail('news.published')], auditKinds: ['news'] },
    )();
    expect(gathered.mailEvents).toEqual(['ticket.created', 'news.published']);
    expect(gathered.auditKinds).toEqual(['ticket', 'news']);
  });

  it('gives every declared mail event a default template in English, German and French', () => {
    for (const { contents } of DECLARED.mail) {
      for (const language of ['en', 'de', 'fr'] as const) expect(contents[language].subject).not.toBe('');
    }
  });
});
