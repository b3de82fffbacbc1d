import { ADMIN_ROLE } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import { mayReceiveInvitationLink } from './account-links.policy';

const actor = (roles: string[], isStaff = false) => testActor({ roles, permissions: ['create-user'], isStaff });

describe('receiving an invitation link in an answer', () => {
  it('is for an administrator while no SMTP server is configured', () => {
    expect(mayReceiveInvitationLink(actor([ADMIN_ROLE], true), false)).toBe(true);
  });

  it('is refused to an administrator once mail goes out, and to everyone else', () => {
    expect(mayReceiveInvitationLink(actor([ADMIN_ROLE], true), true)).toBe(false);
    expect(mayReceiveInvitationLink(actor(['back-office'], true), false)).toBe(false);
    expect(mayReceiveInvitationLink(actor(['company-admin']), false)).toBe(false);
  });
});
