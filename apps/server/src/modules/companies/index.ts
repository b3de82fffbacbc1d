import { COMPANY_ERRORS, COMPANY_PERMISSION_CATALOGUE } from '@cuspid/contracts/companies';
import { defineModule } from '../../lib/define-module';
import { companiesRoutes } from './companies.routes';
import { companiesSearch } from './companies.search';
import { companiesImportRoutes } from './companies-import.routes';
import { companyLogoRoutes } from './company-logo.routes';

export {
  type CompanyRow,
  filterVisibleCompanyIds,
  findVisibleCompanyCountry,
  findVisibleCompanyRow,
  insertCompany,
} from './companies.repository';
export { findInvoiceMailAddress, invoiceMailAddress, invoiceMailAddressOf } from './companies.service';

/** Companies (customers and partners), their logos and the CSV import (ADR 0050, 0052, 0060, 0075). */
export const companiesModule = defineModule({
  name: 'companies',
  service: 'api',
  errors: COMPANY_ERRORS,
  search: [companiesSearch],
  routes: async (app, options) => {
    await app.register(companiesRoutes, options);
    await app.register(companyLogoRoutes, options);
    await app.register(companiesImportRoutes, options);
  },
  permissions: COMPANY_PERMISSION_CATALOGUE,
  auditKinds: ['company'],
});
