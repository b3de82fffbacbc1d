import { CONTENT_MESSAGES } from '@cuspid/contracts/content';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  type TestMethod as Method,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';
import { auditLog } from '../audit-log/audit-log.schema';
import { seedHelpContent } from '.';
import { helpContents } from './content.schema';
import { DEFAULT_HELP_CONTENT } from './content.seed';

let ctx: TestContext;
let adminToken: string;
let practiceToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
  practiceToken = (await loginAs(ctx.app, (await createTestUser(ctx.deps, { roles: ['end-user'] })).mail)).token;
});
afterAll(() => ctx?.close());

const { call } = requestsTo(() => ctx.app);

/** The configuration as it is now, saved back unchanged after a test that changes it (a shared database). */
async function keepingConfiguration(test: () => Promise<void>) {
  const before = (await call('GET', '/api/get-global-configuration', adminToken)).json();
  try {
    await test();
  } finally {
    await call('POST', '/api/save-global-configuration', adminToken, { content: before.content });
  }
}

describe('help content (global configuration, /api/content)', () => {
  it('answers 403 without backoffice-global-configuration', async () => {
    const manage: [Method, string, unknown?][] = [
      ['GET', '/api/get-global-configuration'],
      ['POST', '/api/save-global-configuration', {}],
    ];
    for (const [method, url, body] of manage) {
      expect((await call(method, url, practiceToken, body)).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('answers 400 with the field and its message for bad input', async () => {
    const save = (content: unknown) => call('POST', '/api/save-global-configuration', adminToken, { content });
    const noEnglish = await save({ de: { faq: [], data_privacy: '<p>x</p>' } });
    expect(noEnglish.statusCode).toBe(400);
    expect(noEnglish.json().errors['content.en']).toEqual([CONTENT_MESSAGES.englishRequired]);
    const emptyEnglish = await save({ en: { faq: [], data_privacy: '<script>x</script>' } });
    expect(emptyEnglish.statusCode).toBe(400);
    expect(emptyEnglish.json().errors['content.en']).toEqual([CONTENT_MESSAGES.englishRequired]);
    const blank = await save({ en: { faq: [{ question: ' ', answer: '' }], data_privacy: '' } });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().errors['content.en.faq.0.question']).toEqual([CONTENT_MESSAGES.question]);
    expect(blank.json().errors['content.en.faq.0.answer']).toEqual([CONTENT_MESSAGES.answer]);
    expect(
      (await save({ en: { faq: [], data_privacy: '<p>x</p>' }, xx: { faq: [], data_privacy: '' } })).statusCode,
    ).toBe(400);
    expect((await call('GET', '/api/content/faq?language=xx', practiceToken)).statusCode).toBe(400);
    expect((await call('GET', '/api/content/data-privacy?language=xx', practiceToken)).statusCode).toBe(400);
  });

  it('starts with the default FAQ and data privacy in en, de and fr', async () => {
    const faq = await call('GET', '/api/content/faq?language=de', practiceToken);
    expect(faq.statusCode).toBe(200);
    expect(faq.json().language).toBe('de');
    expect(faq.json().entries.length).toBeGreaterThan(0);
    const configuration = (await call('GET', '/api/get-global-configuration', adminToken)).json();
    expect(Object.keys(configuration.content)).toEqual(expect.arrayContaining(['en', 'de', 'fr']));
    // The seed adds the default content to an install without any, and never touches content that exists.
    await seedHelpContent(ctx.deps.db);
    const [english] = await ctx.deps.db.select().from(helpContents).where(eq(helpContents.language, 'en'));
    expect(english?.faq.length).toBeGreaterThan(0);
    expect(DEFAULT_HELP_CONTENT.en.faq[0]?.question).toBe('How do I send a case?');
  });

  it('saves the content of every language, sanitises the privacy text, and audits the change', async () => {
    await keepingConfiguration(async () => {
      const saved = await call('POST', '/api/save-global-configuration', adminToken, {
        content: {
          en: {
            faq: [{ question: '  Who are we? ', answer: 'A dental scan service.\nSince 2026.' }],
            data_privacy:
              '<h2>Privacy</h2><p onclick="x()">We keep <a href="javascript:alert(1)">little</a>.</p><script>x</script>',
          },
          de: { faq: [{ question: 'Wer sind wir?', answer: 'Ein Scan-Dienst.' }], data_privacy: '' },
        },
      });
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json().content).toEqual({
        en: {
          faq: [{ question: 'Who are we?', answer: 'A dental scan service.\nSince 2026.' }],
          data_privacy: '<h2>Privacy</h2><p>We keep <a rel="noopener noreferrer nofollow">little</a>.</p>',
        },
        de: { faq: [{ question: 'Wer sind wir?', answer: 'Ein Scan-Dienst.' }], data_privacy: '' },
      });
      expect(saved.json().updated_at).not.toBeNull();
      expect((await call('GET', '/api/get-global-configuration', adminToken)).json()).toEqual(saved.json());

      // German: its own FAQ; no privacy text of its own, so the English one.
      const faq = await call('GET', '/api/content/faq?language=de', practiceToken);
      expect(faq.json()).toEqual({
        language: 'de',
        entries: [{ question: 'Wer sind wir?', answer: 'Ein Scan-Dienst.' }],
      });
      const privacy = (await call('GET', '/api/content/data-privacy?language=de', practiceToken)).json();
      expect(privacy.language).toBe('en');
      expect(privacy.html).toContain('<h2>Privacy</h2>');
      // French was left out of the save: removed, so English.
      expect((await call('GET', '/api/content/faq?language=fr', practiceToken)).json().language).toBe('en');
      // Without a language: the request's Accept-Language, else English.
      const byHeader = await ctx.app.inject({
        method: 'GET',
        url: '/api/content/faq',
        headers: { authorization: `Bearer ${practiceToken}`, 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' },
      });
      expect(byHeader.json().language).toBe('de');
      expect((await call('GET', '/api/content/faq', practiceToken)).json().language).toBe('en');

      const audited = await ctx.deps.db.select().from(auditLog).where(eq(auditLog.entity, 'global-configuration'));
      expect(audited.length).toBeGreaterThan(0);
    });
  });
});
