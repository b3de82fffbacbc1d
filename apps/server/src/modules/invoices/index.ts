import { INVOICE_ERRORS, INVOICE_PERMISSION_CATALOGUE } from '@cuspid/contracts/invoices';
import { defineModule } from '../../lib/define-module';
import { dunningJob } from './invoices.dunning';
import { INVOICE_MAILS } from './invoices.mail-seed';
import { invoicesRoutes } from './invoices.routes';
import { invoicesSearch } from './invoices.search';
import { invoiceSettings } from './invoices.settings';

export {
  type InvoiceParties,
  issuePurchaseInvoice,
  type PurchaseInvoice,
  reverseChargeBetween,
} from './invoices.service';

/** Invoices and credit notes (ADR 0105): drafts, issuing with gapless numbers, payment and cancellation. */
export const invoicesModule = defineModule({
  name: 'invoices',
  service: 'api',
  errors: INVOICE_ERRORS,
  routes: invoicesRoutes,
  jobs: [dunningJob],
  search: [invoicesSearch],
  settings: invoiceSettings,
  mail: INVOICE_MAILS,
  permissions: INVOICE_PERMISSION_CATALOGUE,
  auditKinds: ['invoice'],
});
