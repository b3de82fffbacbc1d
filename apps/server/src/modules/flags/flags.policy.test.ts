import { ADMIN_ROLE } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { authorize } from '../../lib/authorize';
import type { AppError } from '../../lib/errors';
import { labelPolicy, mayLabel } from './flags.policy';

const actor = testActor;

describe('labelling records', () => {
  it("needs the record type's labelling permission (or the admin role)", () => {
    expect(mayLabel(actor({ permissions: ['backoffice-company'] }), 'company')).toBe(true);
    expect(mayLabel(actor({ roles: [ADMIN_ROLE] }), 'company')).toBe(true);
    expect(authorize(actor({ permissions: ['backoffice-company'] }), labelPolicy, 'company')).toBe('company');
  });

  it('refuses anyone else with FORBIDDEN', () => {
    expect(mayLabel(actor({ permissions: ['backoffice-flag'] }), 'company')).toBe(false);
    expect(() => authorize(actor(), labelPolicy, 'company')).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }) as unknown as AppError,
    );
  });
});
