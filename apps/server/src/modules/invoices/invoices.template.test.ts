import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import type { Invoice } from '@cuspid/contracts/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDocx, multipart } from '../../../test/docx';
import { giveOperatorBankAccount } from '../../../test/operator-bank-account';
import { bearer, createTestAdmin, createTestApp, loginAs, requestsTo, type TestContext } from '../../../test/setup-app';
import { companies } from '../companies/companies.schema';
import { createPdfConverter } from '../documents/pdf-converter';

let ctx: TestContext;
let adminToken: string;
let operatorAccount: { iban: string; bic: string };
beforeAll(async () => {
  ctx = await createTestApp();
  operatorAccount = await giveOperatorBankAccount(ctx.deps);
  adminToken = (await loginAs(ctx.app, (await createTestAdmin(ctx.deps)).mail)).token;
});
afterAll(() => ctx?.close());

const { call, get, post } = requestsTo(() => ctx.app);

// The assignment is one setting for the whole portal: on a shared PostgreSQL database the other test files'
// invoice PDFs would take this template while it is assigned, so this runs on the embedded database only.
describe.skipIf(Boolean(process.env.DATABASE_URL))('invoice PDF from an assigned DOCX template', () => {
  it('fills the template assigned to invoices and converts it with LibreOffice; a draft keeps the built-in layout', async () => {
    const available = await createPdfConverter({ timeoutMs: 60_000 }).locate();
    const upload = multipart([
      { name: 'name', value: `Invoice letter ${randomUUID().slice(0, 6)}` },
      {
        name: 'file',
        fileName: 'invoice.docx',
        content: buildDocx([
          'Template invoice {number} of {invoice_date} for {company_name}',
          '{#lines}Line {position}: {name} at {unit_price} makes {net}{/lines}',
          'Total to pay {total} to {bank.iban}',
        ]),
      },
    ]);
    const created = await ctx.app.inject({
      method: 'POST',
      url: '/documents/create-template',
      payload: upload.payload,
      headers: { ...upload.headers, ...bearer(adminToken) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const templateId = created.json().id as string;
    const assign = (template_id: string | null) =>
      post(
        '/api/global-settings/document-assignment',
        { assignments: [{ document_type: 'invoice', template_id }] },
        adminToken,
      );
    expect((await assign(templateId)).statusCode).toBe(200);
    try {
      const [customer] = await ctx.deps.db
        .insert(companies)
        .values({ companyName: 'Zahnlabor Template', country: 'DE' })
        .returning();
      const draft = (
        await post(
          '/api/invoices',
          {
            company_id: customer!.id,
            lines: [{ name: 'Credits package', quantity: 2, unit_price: 5_000, tax_rate: 1900 }],
          },
          adminToken,
        )
      ).json() as Invoice;
      const pdfText = async (id: string) => {
        const response = await get(`/api/invoices/${id}/pdf`, adminToken);
        expect(response.statusCode, response.body).toBe(200);
        return execFileSync('pdftotext', ['-layout', '-', '-'], { input: response.rawPayload }).toString();
      };
      expect(await pdfText(draft.id)).toContain('Draft invoice');
      const issued = (
        await call('PATCH', `/api/update-invoice-status/${draft.id}`, adminToken, { status: 'open' })
      ).json();
      const text = await pdfText(issued.id);
      if (!available) {
        // Without LibreOffice the built-in layout is used (CI installs LibreOffice, so this is the exception).
        expect(text).toContain(`Invoice ${issued.number}`);
        return;
      }
      expect(text).toContain(`Template invoice ${issued.number} of ${issued.invoice_date} for Zahnlabor Template`);
      expect(text).toContain('Line 1: Credits package at €50.00 makes €100.00');
      expect(text).toContain(`Total to pay €119.00 to ${operatorAccount.iban}`);
    } finally {
      await assign(null);
    }
  }, 120_000);
});
