import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, loginResponse, mockServer } from '../testing/fixtures';
import { renderWithProviders } from '../testing/render-app';
import { sessionStore } from './session';
import { useSeesOtherCompanies } from './use-is-staff';

function Probe() {
  return <span data-testid="sees">{String(useSeesOtherCompanies())}</span>;
}

function signInWith(titles: string[]) {
  sessionStore.signIn(loginResponse({ roles: ['end-user'] }));
  sessionStore.setPermissionTitles(titles);
}

/** Renders the hook's answer once it is known (it is undefined while the company or its list is asked). */
async function answer() {
  const view = renderWithProviders(<Probe />);
  const shown = (await screen.findByText(/^(true|false)$/)).textContent;
  view.unmount();
  return shown;
}

describe('useSeesOtherCompanies', () => {
  it('is true for the back office without asking for a company list', async () => {
    signInWith([]);
    const calls = mockServer({ '/api/my-company': () => jsonResponse({ is_operator: true }) });
    expect(await answer()).toBe('true');
    expect(calls.some((call) => call.path === '/api/companies')).toBe(false);
  });

  it('is false for a practice that may not list companies', async () => {
    signInWith(['backoffice-ticket']);
    const calls = mockServer({ '/api/my-company': () => jsonResponse({ is_operator: false }) });
    expect(await answer()).toBe('false');
    expect(calls.some((call) => call.path === '/api/companies')).toBe(false);
  });

  it('is true for a partner whose company list holds customers, false for one that holds only its own', async () => {
    signInWith(['backoffice-company']);
    let total = 4;
    mockServer({
      '/api/my-company': () => jsonResponse({ is_operator: false }),
      '/api/companies': () => jsonResponse({ data: [], total }),
    });
    expect(await answer()).toBe('true');
    total = 1;
    expect(await answer()).toBe('false');
  });
});
