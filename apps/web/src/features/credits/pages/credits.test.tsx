import { screen } from '@testing-library/react';
import { Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CreditsPage } from './credits';

describe('CreditsPage', () => {
  it("shows the signed-in company's balance, balance history and ledger", async () => {
    sessionStore.signIn(loginResponse({ roles: ['end-user'] }));
    sessionStore.setPermissionTitles(['backoffice-credit']);
    const calls = mockServer({
      '/api/get-credits': () => jsonResponse({ company_id: COMPANY_ID, balances: { free: 50, paid: 0 }, total: 50 }),
      [`/api/credit-history/${COMPANY_ID}`]: () => jsonResponse({ data: [], total: 0 }),
      [`/api/balance-history/${COMPANY_ID}`]: () =>
        jsonResponse({
          company_id: COMPANY_ID,
          interval: 'day',
          data: [{ date: '2026-11-25', free: 50, paid: 0, total: 50 }],
        }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <CreditsPage />
      </Suspense>,
      { path: '/credits' },
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Credits' })).toBeInTheDocument();
    expect(await screen.findByTestId('credit-history-empty')).toBeInTheDocument();
    expect(await screen.findByTestId('balance-history-summary')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance-free')).toHaveTextContent('50');
    expect(screen.queryByTestId('grant-credits-open')).not.toBeInTheDocument();
    const getCredits = calls.find((call) => call.path === '/api/get-credits')!;
    expect(new URLSearchParams(getCredits.search).get('company_id')).toBe(COMPANY_ID);
  });

  it('tells staff that the page holds the operator’s own credits, not a customer’s', async () => {
    sessionStore.signIn(loginResponse({ roles: ['back-office'] }));
    sessionStore.setPermissionTitles(['backoffice-credit']);
    mockServer({
      '/api/my-company': () => jsonResponse({ id: COMPANY_ID, company_name: 'Cuspid', is_operator: true }),
      '/api/get-credits': () => jsonResponse({ company_id: COMPANY_ID, balances: { free: 0, paid: 0 }, total: 0 }),
      [`/api/credit-history/${COMPANY_ID}`]: () => jsonResponse({ data: [], total: 0 }),
      [`/api/balance-history/${COMPANY_ID}`]: () => jsonResponse({ company_id: COMPANY_ID, interval: 'day', data: [] }),
    });
    renderWithProviders(
      <Suspense fallback={null}>
        <CreditsPage />
      </Suspense>,
      { path: '/credits' },
    );
    expect(await screen.findByText(/^The operator company’s own credits/)).toBeInTheDocument();
    expect(screen.queryByText(/^Your credits pay for case processing/)).not.toBeInTheDocument();
  });
});
