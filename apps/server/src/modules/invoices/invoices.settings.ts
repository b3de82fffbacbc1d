import { DEFAULT_INVOICE_NUMBER_PATTERN, invoiceNumberPatternSchema } from '@cuspid/contracts/invoices';
import { z } from 'zod';
import { defineSettings } from '../../lib/settings';

const invoiceSettingsSchema = z.object({
  /** The seller's standard VAT rate in basis points (1900: 19 %), charged on credit purchases (ADR 0106). */
  tax_rate: z.number().int().min(0).max(10_000),
  /** How invoice numbers are written (ADR 0105): one `{N…}` counter per year, `{YYYY}` or `{YY}` the year. */
  number_pattern: invoiceNumberPatternSchema,
});

export type InvoiceSettings = z.output<typeof invoiceSettingsSchema>;

/** The invoices' settings (ADR 0133): 19 % VAT and `{YYYY}-{NNNNNN}` until saved otherwise. */
export const invoiceSettings = defineSettings({
  key: 'invoices',
  schema: invoiceSettingsSchema,
  defaults: { tax_rate: 1900, number_pattern: DEFAULT_INVOICE_NUMBER_PATTERN },
});

declare module '../../lib/settings' {
  interface SettingsSections {
    invoices: InvoiceSettings;
  }
}
