import { defineGuards } from '../../../test/guards';
import { mailOutbox } from './sent-mails.schema';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'POST /mail/send-mail': null,
    'GET /mail/list-sent-mails': null,
    'GET /mail/list-sent-mail-by-id': 'sentMail',
  },
  records: {
    sentMail: {
      scope: 'tenant',
      create: async ({ deps, companyId, member }) => {
        const [row] = await deps.db
          .insert(mailOutbox)
          .values({ companyId, to: member.mail, language: 'en', subject: 'Matrix mail', status: 'sent' })
          .returning();
        return row!.id;
      },
    },
  },
});
