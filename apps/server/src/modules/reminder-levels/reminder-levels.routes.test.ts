import { randomUUID } from 'node:crypto';
import type { ReminderLevel } from '@cuspid/contracts/reminder-levels';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestAdmin,
  createTestApp,
  createTestUser,
  loginAs,
  requestsTo,
  type TestContext,
} from '../../../test/setup-app';

let ctx: TestContext;
let adminToken: string;
beforeAll(async () => {
  ctx = await createTestApp();
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call, get, post, put } = requestsTo(() => ctx.app);
const url = '/api/invoice-reminder-level';

const body = (values: Record<string, unknown> = {}) => ({
  level_name: `Reminder ${randomUUID().slice(0, 6)}`,
  period_days: 14,
  reminder_fee: 500,
  start_text: 'Dear customer,\nour invoice is still open.',
  end_text: 'Kind regards',
  ...values,
});

describe('reminder levels', () => {
  it('answers 403 without the permission, 404 for an unknown level', async () => {
    const level = (await post(url, body(), adminToken)).json() as ReminderLevel;
    const practice = await createTestUser(ctx.deps, { roles: ['end-user'] });
    const practiceToken = (await loginAs(ctx.app, practice.mail)).token;
    for (const [method, path, payload] of [
      ['GET', url],
      ['POST', url, body()],
      ['GET', `${url}/${level.id}`],
      ['PUT', `${url}/${level.id}`, { period_days: 3 }],
      ['DELETE', `${url}/${level.id}`],
    ] as const) {
      expect((await call(method, path, practiceToken, payload)).statusCode, `${method} ${path}`).toBe(403);
    }
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      expect((await call(method, `${url}/${randomUUID()}`, adminToken, { period_days: 3 })).statusCode).toBe(404);
    }
  });

  it('answers 400 with the field errors', async () => {
    const bad = await post(url, { level_name: ' ', period_days: 0, reminder_fee: -1, level: 1001 }, adminToken);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      level: ['Enter a level from 1 to 1000'],
      level_name: ['This field is required'],
      period_days: ['Enter a number of days from 1 to 365'],
      reminder_fee: ['The fee cannot be negative'],
    });
    expect((await get(`${url}/nope`, adminToken)).statusCode).toBe(400);
    expect((await get(`${url}?sort_by=fee`, adminToken)).statusCode).toBe(400);
  });

  it('creates levels in order, refuses a level twice, changes and deletes one', async () => {
    const first = (await post(url, body(), adminToken)).json() as ReminderLevel;
    const second = (await post(url, body({ reminder_fee: 1_000 }), adminToken)).json() as ReminderLevel;
    expect(second.level).toBeGreaterThan(first.level);
    expect(first).toMatchObject({ period_days: 14, reminder_fee: 500, end_text: 'Kind regards' });
    const taken = await post(url, body({ level: first.level }), adminToken);
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'REMINDER_LEVEL_TAKEN',
      message: `Level ${first.level} exists already`,
    });
    expect((await put(`${url}/${second.id}`, { level: first.level }, adminToken)).statusCode).toBe(409);

    const changed = await put(`${url}/${first.id}`, { period_days: 7, start_text: null }, adminToken);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ period_days: 7, start_text: null, reminder_fee: 500 });

    const list = (await get(`${url}?per_page=100`, adminToken)).json();
    const ours = list.data.filter((l: ReminderLevel) => [first.id, second.id].includes(l.id));
    expect(ours.map((l: ReminderLevel) => l.id)).toEqual([first.id, second.id]);
    const found = (await get(`${url}?search=${encodeURIComponent(first.level_name)}`, adminToken)).json();
    expect(found.data.map((l: ReminderLevel) => l.id)).toEqual([first.id]);

    expect((await call('DELETE', `${url}/${second.id}`, adminToken)).statusCode).toBe(200);
    expect((await get(`${url}/${second.id}`, adminToken)).statusCode).toBe(404);
  });

  it('gives levels created at the same time each its own place', async () => {
    const created = await Promise.all(Array.from({ length: 12 }, () => post(url, body(), adminToken)));
    expect(created.map((r) => r.statusCode)).toEqual(created.map(() => 201));
    const levels = created.map((r) => (r.json() as ReminderLevel).level);
    expect(new Set(levels).size).toBe(12);
  });
});
