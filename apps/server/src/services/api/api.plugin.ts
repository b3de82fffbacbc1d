import type { FastifyPluginAsync } from 'fastify';
import type { Deps } from '../../deps';
import { registerServiceBase } from '../../plugins/service-base';
import { auditLogRoutes } from './audit-log/audit-log.routes';
import { companiesRoutes } from './companies/companies.routes';
import { companiesImportRoutes } from './companies/companies-import.routes';
import { companyLogoRoutes } from './companies/company-logo.routes';
import { crmRoutes } from './crm/crm.routes';
import { documentAssignmentRoutes } from './document-assignment.routes';
import { flagsRoutes } from './flags/flags.routes';
import { mailTemplateAssignmentsRoutes } from './mail-template-assignments.routes';
import { registrationRoutes } from './registration/registration.routes';
import { unitsRoutes } from './units/units.routes';

/** The main backend (spec section 7), mounted at /api. */
export const apiService: FastifyPluginAsync<{ deps: Deps }> = async (app, { deps }) => {
  await registerServiceBase(app, deps, 'api');
  await app.register(mailTemplateAssignmentsRoutes, { deps });
  documentAssignmentRoutes(app, deps);
  await app.register(companiesRoutes, { deps });
  await app.register(companyLogoRoutes, { deps });
  await app.register(companiesImportRoutes, { deps });
  await app.register(unitsRoutes, { deps });
  await app.register(crmRoutes, { deps });
  await app.register(flagsRoutes, { deps });
  await app.register(registrationRoutes, { deps });
  await app.register(auditLogRoutes, { deps });
};
