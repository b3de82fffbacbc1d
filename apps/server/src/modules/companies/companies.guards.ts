import { multipart, SAMPLE_PNG } from '../../../test/docx';
import { defineGuards } from '../../../test/guards';

/** What the generated guard tests need to know of this module (see test/guards.ts). */
export const guards = defineGuards({
  routes: {
    'GET /api/companies': null,
    'GET /api/companies/download/csv': null,
    'POST /api/companies': null,
    'GET /api/companies/:id': 'company',
    'PUT /api/companies/:id': 'company',
    'DELETE /api/companies/:id': 'company',
    'GET /api/my-company': null,
    'GET /api/get-reseller-partner': null,
    'GET /api/get-partner-companies': null,
    'POST /api/save-company-owners': null,
    'POST /api/upload-company-logo': null,
    'POST /api/delete-company-logo': null,
    'GET /api/companies/:id/logo': 'company',
    'POST /api/companies-import': null,
  },
  fields: {
    company_id: 'company',
    partner_id: 'company',
    reseller_id: 'company',
    sales_partner_id: 'company',
    service_partner_id: 'company',
  },
  records: {
    // The company itself, with a logo so that its logo route has something to answer.
    company: {
      scope: 'tenant',
      create: async ({ upload, adminToken, companyId }) => {
        const logo = await upload(
          '/api/upload-company-logo',
          multipart([
            { name: 'company_id', value: companyId },
            { name: 'file', fileName: 'logo.png', content: SAMPLE_PNG },
          ]),
          adminToken,
        );
        if (logo.statusCode !== 200) throw new Error(`logo upload: ${logo.statusCode} ${logo.body}`);
        return companyId;
      },
    },
  },
  multipart: {
    'POST /api/upload-company-logo': {
      kinds: ['company'],
      build: (records) =>
        multipart([
          { name: 'company_id', value: records.company! },
          { name: 'file', fileName: 'logo.png', content: SAMPLE_PNG },
        ]),
    },
    'POST /api/companies-import': {
      kinds: [],
      build: () =>
        multipart([
          {
            name: 'file',
            fileName: 'companies.csv',
            content: Buffer.from('company_name;country\nMatrix import;DE\n'),
            contentType: 'text/csv',
          },
        ]),
    },
  },
});
