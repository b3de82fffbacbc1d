import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import type { SearchProvider } from '../../lib/search-provider';
import { mayUseProvider } from './search.policy';

const provider: SearchProvider = { area: 'users', permission: 'list-users', search: async () => [] };

describe('mayUseProvider', () => {
  it('lets a caller holding the list permission, or an admin, use the provider', () => {
    expect(mayUseProvider(testActor({ permissions: ['list-users'] }), provider)).toBe(true);
    expect(mayUseProvider(testActor({ roles: ['admin'] }), provider)).toBe(true);
  });

  it('leaves the provider out for a caller without the permission, and for an API key without the scope', () => {
    expect(mayUseProvider(testActor({ permissions: ['list-roles'] }), provider)).toBe(false);
    expect(
      mayUseProvider(
        testActor({ kind: 'api-key', apiKeyId: 'k', permissions: ['backoffice-company'] } as never),
        provider,
      ),
    ).toBe(false);
  });
});
