import { FLAG_ASSIGN_PERMISSION } from '@cuspid/contracts/flags';
import { type Actor, actorCan } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

// Who may do what with companies (ADR 0050, 0060, 0075). Which companies an actor sees at all is the
// SQL condition `companyScope` (another company's record is simply not found); these are the rules on top.

/** A company as the rules see it: its id and whether it is the operator (back office) company. */
export type CompanyRef = { id: string; isOperator: boolean };

/**
 * Moving a company in the partner hierarchy (its reseller, sales or service partner): the back office
 * may move any company it sees; a partner may move the companies below it, never its own company.
 */
export const changePartnersPolicy: Policy<CompanyRef> = {
  allow: (actor, company) => actor.isStaff || company.id !== actor.companyId,
  refuse: () => new AppError('COMPANY_OWN_PARTNERS_BACK_OFFICE'),
};

/** How many live companies name a company as their partner, per relation. */
export type Dependants = { resellers: number; salesPartners: number; servicePartners: number };
export const dependantCount = (d: Dependants) => d.resellers + d.salesPartners + d.servicePartners;

/**
 * Deleting a company: never the operator's company nor the actor's own, and not while other companies
 * still name it as partner (they would point at a company nobody sees).
 */
export const deleteCompanyPolicy: Policy<{ company: CompanyRef; dependants: Dependants }> = {
  allow: (actor, { company, dependants }) =>
    !company.isOperator && company.id !== actor.companyId && dependantCount(dependants) === 0,
  refuse: (actor, { company, dependants: d }) => {
    if (company.isOperator)
      return new AppError('COMPANY_OPERATOR_NOT_DELETABLE', { params: { company_id: company.id } });
    if (company.id === actor.companyId) return new AppError('COMPANY_OWN_NOT_DELETABLE');
    return new AppError('COMPANY_HAS_DEPENDANTS', {
      params: {
        companies: dependantCount(d),
        resellers: d.resellers,
        sales_partners: d.salesPartners,
        service_partners: d.servicePartners,
      },
    });
  },
};

/**
 * Company numbers are unique across all companies, so only the back office, which sees every company,
 * chooses them; a partner's new company gets the next number of the sequence (ADR 0060).
 */
export const mayChooseCompanyNumber = (actor: Actor) => actor.isStaff;

/**
 * A partner's new company that names no partner lands below the partner (as its reseller), so it stays
 * in the partner's reach; the back office's new companies stand alone.
 */
export const landsBelowCreator = (actor: Actor) => !actor.isStaff;

/**
 * After a change, a partner must still see the company: otherwise it would hand the company out of its
 * reach. The back office sees every company, so nothing is checked for it.
 */
export const mustKeepInReach = (actor: Actor) => !actor.isStaff;

/**
 * A company's logo for display: every user sees their own company's logo; other companies' logos need
 * backoffice-company (and the company scope, in SQL). Anything else is not found, never forbidden.
 */
export const viewLogoPolicy: Policy<{ id: string }> = {
  see: (actor, company) => company.id === actor.companyId || actor.permissions.includes('backoffice-company'),
  allow: () => true,
};

/** Flags and tags are back-office notes: only those who may label companies read them on their own company. */
export const mayReadCompanyLabels = (actor: Actor) => actorCan(actor, FLAG_ASSIGN_PERMISSION.company);
