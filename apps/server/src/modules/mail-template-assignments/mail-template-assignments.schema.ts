import { text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { backend } from '../../db/schema/namespaces';
import { mailTemplates } from '../mail-templates/mail-templates.schema';

/** Which mail template each event uses (main backend: /api/mail-template-assignments). */
export const mailTemplateAssignments = backend.table('mail_template_assignments', {
  /** `<module>.<event>`, one of the events the areas declare (`defineModule({ mail })`). */
  event: text('event').primaryKey(),
  templateId: uuid('template_id').references(() => mailTemplates.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
