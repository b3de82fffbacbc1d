import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/setup-app';
import { routeTableOf } from './route-table';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestApp();
});
afterAll(() => ctx.close());

describe('route table', () => {
  it('records every service route once, with its prefix, method, auth mode and permission', () => {
    const table = routeTableOf(ctx.app);
    const keys = table.map((r) => `${r.method} ${r.url}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('GET /auth/list-users');
    expect(keys).not.toContain('HEAD /auth/list-users');
    expect(table.find((r) => r.url === '/auth/list-users')?.permission).toEqual(['list-users']);
    expect(table.find((r) => r.url === '/auth/login')?.auth).toBe('none');
    for (const service of ['/auth/', '/api/', '/mail/', '/documents/']) {
      expect(keys.some((k) => k.includes(` ${service}`))).toBe(true);
    }
  });
});
