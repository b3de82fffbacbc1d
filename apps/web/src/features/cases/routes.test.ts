import { CASE_PERMISSIONS } from '@cuspid/contracts/cases';
import { describe, expect, it } from 'vitest';
import { navigation } from './navigation';
import { casePaths } from './paths';
import { routes } from './routes';

describe('the cases routes', () => {
  it('declares the four pages of spec section 2, each behind the case permission of the contracts', () => {
    expect(routes.map((route) => route.path)).toEqual([
      '/my-cases',
      '/my-cases/create',
      '/my-cases/:id/show',
      '/my-cases/:id/edit',
    ]);
    for (const route of routes) expect(route.permission).toBe(CASE_PERMISSIONS.read);
    expect(navigation).toEqual([expect.objectContaining({ path: casePaths.cases, group: 'cases' })]);
  });
});
