import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import type { Actor } from '../../lib/actor';
import { authorize, permits } from '../../lib/authorize';
import type { AppError } from '../../lib/errors';
import {
  changePartnersPolicy,
  deleteCompanyPolicy,
  landsBelowCreator,
  mayChooseCompanyNumber,
  mayReadCompanyLabels,
  mustKeepInReach,
  viewLogoPolicy,
} from './companies.policy';

const actor = (over: Partial<Actor> = {}): Actor => testActor({ companyId: 'own', ...over });
const staff = actor({ companyId: 'operator', isStaff: true });
const partner = actor();

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { code: (error as AppError).code, params: (error as AppError).params, message: (error as AppError).message };
  }
  return undefined;
};

const company = (id: string, isOperator = false) => ({ id, isOperator });
const none = { resellers: 0, salesPartners: 0, servicePartners: 0 };

describe('changing partners', () => {
  it('lets staff move any company, even their own', () => {
    expect(permits(staff, changePartnersPolicy, company('below'))).toBe(true);
    expect(permits(staff, changePartnersPolicy, company('operator'))).toBe(true);
  });

  it("lets a partner move the companies below it, never its own (the back office's call)", () => {
    expect(permits(partner, changePartnersPolicy, company('below'))).toBe(true);
    expect(refusal(() => authorize(partner, changePartnersPolicy, company('own')))).toMatchObject({
      code: 'COMPANY_OWN_PARTNERS_BACK_OFFICE',
      message: "Your own company's partners can only be changed by the back office",
    });
  });
});

describe('deleting a company', () => {
  it('is allowed for a company that is neither the operator, nor the own one, nor still a partner', () => {
    expect(permits(staff, deleteCompanyPolicy, { company: company('below'), dependants: none })).toBe(true);
    expect(permits(partner, deleteCompanyPolicy, { company: company('below'), dependants: none })).toBe(true);
  });

  it("refuses the operator's company and the own company", () => {
    expect(
      refusal(() => authorize(staff, deleteCompanyPolicy, { company: company('x', true), dependants: none }))?.code,
    ).toBe('COMPANY_OPERATOR_NOT_DELETABLE');
    expect(
      refusal(() => authorize(partner, deleteCompanyPolicy, { company: company('own'), dependants: none })),
    ).toMatchObject({
      code: 'COMPANY_OWN_NOT_DELETABLE',
      message: 'You cannot delete your own company',
    });
  });

  it('refuses a company other companies still name as partner, with the counts', () => {
    const dependants = { resellers: 2, salesPartners: 1, servicePartners: 0 };
    expect(refusal(() => authorize(staff, deleteCompanyPolicy, { company: company('p'), dependants }))).toEqual({
      code: 'COMPANY_HAS_DEPENDANTS',
      params: { companies: 3, resellers: 2, sales_partners: 1, service_partners: 0 },
      message:
        'This company is still the partner of other companies (3: 2 as reseller, 1 as sales partner, 0 as service partner). Assign them another partner first.',
    });
  });

  it('answers not found for a company the query did not return', () => {
    expect(refusal(() => authorize(staff, deleteCompanyPolicy, undefined))?.code).toBe('NOT_FOUND');
  });
});

describe('company numbers, placement and reach', () => {
  it('lets only the back office choose a company number', () => {
    expect(mayChooseCompanyNumber(staff)).toBe(true);
    expect(mayChooseCompanyNumber(partner)).toBe(false);
  });

  it("puts a partner's new company below the partner, not the back office's", () => {
    expect(landsBelowCreator(partner)).toBe(true);
    expect(landsBelowCreator(staff)).toBe(false);
  });

  it('checks that a partner keeps a changed company in reach, and nothing for staff', () => {
    expect(mustKeepInReach(partner)).toBe(true);
    expect(mustKeepInReach(staff)).toBe(false);
  });
});

describe('logos and labels', () => {
  it('shows every user their own logo, and other logos with backoffice-company only', () => {
    expect(permits(partner, viewLogoPolicy, { id: 'own' })).toBe(true);
    expect(permits(actor({ permissions: ['backoffice-company'] }), viewLogoPolicy, { id: 'other' })).toBe(true);
    expect(refusal(() => authorize(partner, viewLogoPolicy, { id: 'other' }))?.code).toBe('NOT_FOUND');
  });

  it('shows the own company labels only to those who may label companies', () => {
    expect(mayReadCompanyLabels(actor({ permissions: ['backoffice-company'] }))).toBe(true);
    expect(mayReadCompanyLabels(partner)).toBe(false);
  });
});
