import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /auth/list-api-tokens': null,
    'GET /auth/list-api-token-by-id': 'apiKey',
    'POST /auth/create-api-token': null,
    'POST /auth/update-api-token': 'apiKey',
    'POST /auth/rotate-api-token': 'apiKey',
    'POST /auth/revoke-api-token': 'apiKey',
    'POST /auth/delete-api-token': 'apiKey',
    'POST /auth/token': null,
  },
  records: {
    apiKey: {
      scope: 'tenant',
      create: async ({ post, created, memberToken }) =>
        created(await post('/auth/create-api-token', { name: 'Victim key', scopes: ['list-users'] }, memberToken)),
    },
  },
});
