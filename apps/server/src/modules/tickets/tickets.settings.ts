import { z } from 'zod';
import { defineSettings } from '../../lib/settings';

const ticketSettingsSchema = z.object({
  /** Where the support team is told of new tickets and customers' replies (ADR 0112); null: nobody is. */
  support_mail: z.email().nullable(),
});

export type TicketSettings = z.output<typeof ticketSettingsSchema>;

/** The tickets' settings (ADR 0133): no support address until one is saved. */
export const ticketSettings = defineSettings({
  key: 'tickets',
  schema: ticketSettingsSchema,
  defaults: { support_mail: null },
});

declare module '../../lib/settings' {
  interface SettingsSections {
    tickets: TicketSettings;
  }
}
