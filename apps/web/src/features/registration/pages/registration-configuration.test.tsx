import type { RoleRecord } from '@cuspid/contracts';
import type { RegistrationConfiguration } from '@cuspid/contracts/companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { jsonResponse, loginResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { RegistrationConfigurationPage } from './registration-configuration';

const role = (overrides: Partial<RoleRecord> & Pick<RoleRecord, 'name' | 'title'>): RoleRecord => ({
  id: crypto.randomUUID(),
  partner_type: null,
  can_register: false,
  require_two_factor: false,
  can_edit_commissions: false,
  assign_on_registration: false,
  priority: 10,
  permissions: [],
  user_count: 0,
  ...overrides,
});

const reseller = role({ name: 'reseller', title: 'Reseller', can_register: true });
const practice = role({ name: 'end-user', title: 'Dental practice', can_register: true, assign_on_registration: true });
const salesPartner = role({ name: 'sales-partner', title: 'Sales partner' });
const employee = role({ name: 'employee', title: 'Back-office employee' });

const configuration = (overrides: Partial<RegistrationConfiguration> = {}): RegistrationConfiguration => ({
  role_id: null,
  free_credits: 0,
  captcha_enabled: true,
  vat_required_countries: [],
  allowed_countries: [],
  ...overrides,
});

type Call = { method: string; path: string; body: unknown };

/** Answers the registration configuration and the role list; `save` answers the save call. */
function mockServer(
  save: (body: RegistrationConfiguration) => Response = (body) => jsonResponse(body),
  roles: () => Response = () => jsonResponse({ data: [reseller, practice, salesPartner, employee], count: 4 }),
) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      const body = init?.body ? JSON.parse(String(init.body)) : undefined;
      calls.push({ method: init?.method ?? 'GET', path: url.pathname, body });
      if (url.pathname === '/api/registration-configuration') return Promise.resolve(jsonResponse(configuration()));
      if (url.pathname === '/auth/list-roles') return Promise.resolve(roles());
      if (url.pathname === '/api/save-registration-configuration') return Promise.resolve(save(body));
      throw new Error(`unexpected ${url.pathname}`);
    }),
  );
  return calls;
}

beforeEach(() => {
  sessionStore.signIn(loginResponse({ roles: ['admin'] }));
});

const renderPage = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <RegistrationConfigurationPage />
    </Suspense>,
    { path: '/registration-configuration' },
  );

describe('registration configuration: role picker', () => {
  it('offers only roles flagged "can register", plus automatic naming the automatic roles, and saves the choice', async () => {
    const calls = mockServer();
    renderPage();
    const picker = await screen.findByTestId('registration-role');
    const options = within(picker).getAllByRole('option');
    expect(options.map((o) => o.textContent)).toEqual(['Automatic: Dental practice', 'Reseller', 'Dental practice']);
    expect(picker).toHaveValue('');

    await userEvent.selectOptions(picker, reseller.id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() => expect(calls.some((c) => c.path === '/api/save-registration-configuration')).toBe(true));
    expect(calls.find((c) => c.path === '/api/save-registration-configuration')?.body).toEqual(
      configuration({ role_id: reseller.id }),
    );
    expect(await screen.findByText('The registration configuration was saved')).toBeInTheDocument();
    expect(picker).toHaveValue(reseller.id);

    // Back to automatic: the role is sent as null.
    await userEvent.selectOptions(picker, '');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await vi.waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/save-registration-configuration').at(-1)?.body).toEqual(
        configuration({ role_id: null }),
      ),
    );
  });

  it("shows the server's refusal of a role on the picker", async () => {
    const message = 'This role cannot be given on registration: it is not flagged "can register"';
    mockServer(() => jsonResponse({ code: 'VALIDATION_FAILED', message, errors: { role_id: [message] } }, 400));
    renderPage();
    const picker = await screen.findByTestId('registration-role');
    await userEvent.selectOptions(picker, practice.id);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findAllByText(message)).not.toHaveLength(0);
    expect(picker).toHaveAttribute('aria-invalid', 'true');
  });

  it('says so when the roles cannot be loaded', async () => {
    mockServer(undefined, () => jsonResponse({ code: 'FORBIDDEN', message: 'no' }, 403));
    renderPage();
    expect(await screen.findByTestId('registration-role-failed')).toHaveTextContent(
      'The roles could not be loaded; the role stays as it is.',
    );
  });
});
