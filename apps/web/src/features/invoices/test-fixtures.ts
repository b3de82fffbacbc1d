import type { Company } from '@cuspid/contracts/companies';
import type { Invoice, InvoiceListItem } from '@cuspid/contracts/invoices';
import { sessionStore } from '../../lib/session';
import { loginResponse } from '../../testing/fixtures';

export const INVOICE_ID = '55555555-5555-4555-8555-555555555555';
export const CREDIT_NOTE_ID = '66666666-6666-4666-8666-666666666666';
export const PRAXIS_ID = '77777777-7777-4777-8777-777777777777';
export const OPERATOR_ID = '88888888-8888-4888-8888-888888888888';

/** An issued invoice of Praxis Weiss: two lines at 19 % and 7 %. */
export function invoiceRecord(overrides: Partial<Invoice> = {}): Invoice {
  return {
    id: INVOICE_ID,
    company_id: PRAXIS_ID,
    company_name: 'Praxis Weiss',
    number: '2026-000042',
    type: 'invoice',
    status: 'open',
    invoice_date: '2026-11-20',
    due_date: '2026-12-04',
    payment_term_days: 14,
    currency: 'EUR',
    billing_address: {
      company_name: 'Praxis Weiss',
      address_line1: 'Hauptstraße 1',
      address_line2: null,
      zip: '10115',
      city: 'Berlin',
      country: 'DE',
      vat_id: null,
    },
    reverse_charge: false,
    reverse_charge_note: null,
    net: 11_232,
    tax: 1_986,
    total: 13_218,
    taxes: [
      { tax_rate: 1900, net: 9_998, tax: 1_900 },
      { tax_rate: 700, net: 1_234, tax: 86 },
    ],
    lines: [
      {
        position: 1,
        article_number: 'PKG-10',
        name: 'Credits package 10',
        quantity: 2,
        unit_price: 4_999,
        tax_rate: 1900,
        net: 9_998,
      },
      {
        position: 2,
        article_number: null,
        name: 'Shipping',
        quantity: 1,
        unit_price: 1_234,
        tax_rate: 700,
        net: 1_234,
      },
    ],
    reminders: [],
    notes: null,
    cancels_invoice_id: null,
    credit_note_id: null,
    dunning_level: 0,
    last_reminder_at: null,
    dunning_paused: false,
    issued_at: '2026-11-20T09:00:00.000Z',
    paid_at: null,
    cancelled_at: null,
    created_at: '2026-11-19T08:00:00.000Z',
    updated_at: '2026-11-20T09:00:00.000Z',
    card_payment: false,
    ...overrides,
  };
}

export function invoiceListItem(overrides: Partial<InvoiceListItem> = {}): InvoiceListItem {
  const {
    lines: _lines,
    taxes: _taxes,
    billing_address: _address,
    reminders: _reminders,
    card_payment: _cardPayment,
    ...item
  } = invoiceRecord();
  return { ...item, ...overrides };
}

export function companyRecord(overrides: Partial<Company> = {}): Company {
  return {
    id: PRAXIS_ID,
    company_name: 'Praxis Weiss',
    company_number: 'C-1001',
    vat_id: null,
    country: 'DE',
    address_line1: 'Hauptstraße 1',
    address_line2: null,
    city: 'Berlin',
    zip: '10115',
    invoice_email_address: null,
    warning_mail_address: null,
    apply_reverse_charge: false,
    external_order_number: null,
    contact_person: null,
    reseller: null,
    sales_partner: null,
    service_partner: null,
    has_logo: false,
    is_operator: false,
    bank_accounts: [],
    created_at: '2026-11-01T08:00:00.000Z',
    updated_at: '2026-11-01T08:00:00.000Z',
    ...overrides,
  };
}

/** The operator's company: its users are the back office, and it sells. */
export const operatorCompany = () =>
  companyRecord({ id: OPERATOR_ID, company_name: 'Cuspid Operations', company_number: 'C-0001', is_operator: true });

export function signInWith(titles: string[], roles: string[] = ['employee']) {
  sessionStore.signIn(loginResponse({ roles }));
  sessionStore.setPermissionTitles(titles);
}
