import { USER_MAIL_EVENTS } from '@cuspid/contracts/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  apiKeyTokenFor,
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx?.close());
const { get, put } = requestsTo(() => ctx.app);
const PATH = '/auth/mail-preferences';

const signedIn = async () => (await loginAs(ctx.app, (await createTestUser(ctx.deps)).mail)).token;
const allOn = USER_MAIL_EVENTS.map((event) => ({ event, mail: true }));

describe('GET and PUT /auth/mail-preferences', () => {
  it('answers 403 to an API key, which is no user with preferences', async () => {
    const admin = await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail);
    const keyToken = await apiKeyTokenFor(ctx.app, admin.token, { scopes: ['list-users'] });
    const answer = await get(PATH, keyToken);
    expect(answer.statusCode, answer.body).toBe(403);
    expect(answer.json().code).toBe('API_KEY_NOT_ALLOWED');
  });

  it('answers 400 for an unknown or always-sent event, an event twice, no change and a non-boolean', async () => {
    const token = await signedIn();
    for (const preferences of [
      [{ event: 'user.password-reset', mail: false }],
      [{ event: 'invoice.issued', mail: false }],
      [{ event: 'no.such-event', mail: false }],
      [
        { event: 'case.failed', mail: false },
        { event: 'case.failed', mail: true },
      ],
      [],
      [{ event: 'case.failed', mail: 'no' }],
    ]) {
      const answer = await put(PATH, { preferences }, token);
      expect(answer.statusCode, JSON.stringify(preferences)).toBe(400);
      expect(answer.json().code).toBe('VALIDATION_FAILED');
    }
    expect((await get(PATH, token)).json()).toEqual({ data: allOn });
  });

  it('lists every case mail as on at first, turns some off and on again, and touches no other user', async () => {
    const token = await signedIn();
    const other = await signedIn();
    expect((await get(PATH, token)).json()).toEqual({ data: allOn });

    const off = await put(
      PATH,
      {
        preferences: [
          { event: 'case.result-ready', mail: false },
          { event: 'case.failed', mail: false },
        ],
      },
      token,
    );
    expect(off.statusCode, off.body).toBe(200);
    const expected = allOn.map((p) =>
      p.event === 'case.result-ready' || p.event === 'case.failed' ? { ...p, mail: false } : p,
    );
    expect(off.json()).toEqual({ data: expected });
    expect((await get(PATH, token)).json()).toEqual({ data: expected });

    const on = await put(PATH, { preferences: [{ event: 'case.failed', mail: true }] }, token);
    expect(on.json().data.find((p: { event: string }) => p.event === 'case.failed').mail).toBe(true);
    expect(on.json().data.find((p: { event: string }) => p.event === 'case.result-ready').mail).toBe(false);
    expect((await get(PATH, other)).json()).toEqual({ data: allOn });
  });
});
