import type { DocumentTemplate } from '@cuspid/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { DocumentTemplateShowPage, sampleData } from './document-template-show';

const ID = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const TEMPLATE: DocumentTemplate = {
  id: ID,
  company_id: '7d3f0c4e-2b1a-4e8f-9c6d-5a4b3c2d1e0f',
  file_name: 'invoice.docx',
  content_type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  size: 1234,
  uploaded_by: null,
  created_at: '2026-11-20T08:00:00.000Z',
  updated_at: '2026-11-20T08:00:00.000Z',
  name: 'Invoice',
  description: 'The invoice letter',
  variables: ['number', 'items', 'items.article'],
};

const { createObjectURL: originalCreate, revokeObjectURL: originalRevoke } = URL;
afterEach(() => {
  vi.unstubAllGlobals();
  URL.createObjectURL = originalCreate;
  URL.revokeObjectURL = originalRevoke;
});

describe('sampleData', () => {
  it('fills typed values, names the empty ones and gives each loop one row', () => {
    expect(sampleData(['number', 'company', 'items', 'items.article', 'items.price'], { number: ' 42 ' })).toEqual({
      number: '42',
      company: '[company]',
      items: [{ article: '[article]', price: '[price]' }],
    });
  });
});

describe('DocumentTemplateShowPage', () => {
  it('lists the variables and downloads a sample filled with the typed values', async () => {
    const sent: { url: string; body: unknown }[] = [];
    const fetchMock = vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      sent.push({ url: url.pathname, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.pathname === '/documents/list-template-by-id') return Promise.resolve(jsonResponse(TEMPLATE));
      if (url.pathname === '/documents/get-template-variables') {
        return Promise.resolve(jsonResponse({ id: ID, variables: TEMPLATE.variables }));
      }
      if (url.pathname === '/documents/process-template') {
        return Promise.resolve(
          new Response(new Blob(['docx-bytes']), {
            status: 200,
            headers: { 'content-disposition': `attachment; filename="Invoice.docx"; filename*=UTF-8''Invoice.docx` },
          }),
        );
      }
      return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
    });
    vi.stubGlobal('fetch', fetchMock);
    const createObjectURL = vi.fn(() => 'blob:sample');
    URL.createObjectURL = createObjectURL;
    URL.revokeObjectURL = vi.fn();

    renderWithProviders(
      <Suspense fallback={null}>
        <DocumentTemplateShowPage />
      </Suspense>,
      { path: '/document-templates/:id/show', url: `/document-templates/${ID}/show` },
    );

    expect(await screen.findByText('The invoice letter')).toBeInTheDocument();
    const inputs = await screen.findAllByTestId('template-variable');
    expect(inputs.map((input) => input.getAttribute('data-variable'))).toEqual(['number', 'items.article']);
    await userEvent.type(inputs[0]!, 'RE-1');
    await userEvent.click(screen.getByTestId('generate-sample'));

    await waitFor(() => expect(createObjectURL).toHaveBeenCalledTimes(1));
    const processCall = sent.find((call) => call.url === '/documents/process-template');
    expect(processCall?.body).toEqual({
      id: ID,
      format: 'docx',
      variables: { number: 'RE-1', items: [{ article: '[article]' }] },
    });
  });
});
