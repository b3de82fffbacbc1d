import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { DocumentAssignmentPage } from './document-assignment';

const INVOICE = '3f1c2b4a-5d6e-4f70-8a9b-0c1d2e3f4a5b';
const ASSIGNMENTS = {
  data: [
    { document_type: 'invoice', template_id: INVOICE, template_name: 'Invoice letter' },
    { document_type: 'invoice-reminder', template_id: null, template_name: null },
    { document_type: 'payment-confirmation', template_id: null, template_name: null },
    { document_type: 'credit-note', template_id: null, template_name: null },
    { document_type: 'cancellation-invoice', template_id: null, template_name: null },
  ],
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('DocumentAssignmentPage', () => {
  it('shows the template of each document and saves every document type', async () => {
    const posted: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://localhost');
        if (url.pathname === '/documents/list-templates') {
          expect(url.searchParams.get('limit_count')).toBe('1500');
          return Promise.resolve(jsonResponse({ data: [{ id: INVOICE, name: 'Invoice letter' }], count: 1 }));
        }
        if (url.pathname === '/api/global-settings/document-assignment') {
          if (init?.method === 'POST') posted.push(JSON.parse(String(init.body)));
          return Promise.resolve(jsonResponse(ASSIGNMENTS));
        }
        return Promise.resolve(jsonResponse({ code: 'NOT_FOUND', message: 'no' }, 404));
      }),
    );
    renderWithProviders(
      <Suspense fallback={null}>
        <DocumentAssignmentPage />
      </Suspense>,
      { path: '/document-assignment' },
    );

    expect(await screen.findByDisplayValue('Invoice letter')).toBeInTheDocument();
    expect(screen.getByText('Credit note')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('assignment-save'));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]).toEqual({
      assignments: ASSIGNMENTS.data.map((a) => ({ document_type: a.document_type, template_id: a.template_id })),
    });
  });
});
