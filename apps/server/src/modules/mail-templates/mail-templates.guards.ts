import { defineGuards } from '../../../test/guards';
import { mailTemplates } from './mail-templates.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /mail/list-mail-templates': null,
    'GET /mail/list-mail-template-by-id': 'mailTemplate',
    'POST /mail/create-mail-template': null,
    'POST /mail/update-mail-template': 'mailTemplate',
    'POST /mail/delete-mail-template': 'mailTemplate',
    'POST /mail/preview-mail-template': null,
  },
  fields: { template_id: (url) => (url.includes('document') ? undefined : 'mailTemplate') },
  records: {
    mailTemplate: {
      scope: 'global',
      create: async ({ deps }) => (await deps.db.select({ id: mailTemplates.id }).from(mailTemplates).limit(1))[0]!.id,
    },
  },
});
