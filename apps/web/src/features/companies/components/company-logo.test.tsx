import type { Company } from '@cuspid/contracts/companies';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CompanyLogo } from './company-logo';

const company = (overrides: Partial<Company> = {}) =>
  ({
    id: COMPANY_ID,
    company_name: 'Praxis Weiss',
    has_logo: false,
    updated_at: '2026-11-20T08:00:00.000Z',
    ...overrides,
  }) as Company;

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

function mockApi() {
  return vi.fn(async (input: string, init?: RequestInit) => {
    const url = new URL(input, 'http://localhost');
    if (url.pathname === `/api/companies/${COMPANY_ID}/logo`) {
      return new Response(PNG, { status: 200, headers: { 'content-type': 'image/png' } });
    }
    if (url.pathname === '/api/upload-company-logo') {
      const form = init?.body as FormData;
      expect(form.get('company_id')).toBe(COMPANY_ID);
      expect((form.get('file') as File).name).toBe('logo.png');
      return jsonResponse(company({ has_logo: true, updated_at: '2026-11-21T08:00:00.000Z' }));
    }
    if (url.pathname === '/api/delete-company-logo') {
      expect(JSON.parse(String(init?.body))).toEqual({ company_id: COMPANY_ID });
      return jsonResponse(company());
    }
    throw new Error(`unexpected call ${url.pathname}`);
  });
}

beforeEach(() => {
  URL.createObjectURL = vi.fn(() => 'blob:logo');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => sessionStore.clear());

describe('CompanyLogo', () => {
  it('shows the logo but no upload or delete without backoffice-company', async () => {
    sessionStore.signIn(loginResponse());
    sessionStore.setPermissionTitles([]);
    const fetchMock = mockApi();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CompanyLogo company={company({ has_logo: true })} />);
    expect(await screen.findByRole('img', { name: 'Logo of Praxis Weiss' })).toHaveAttribute('src', 'blob:logo');
    expect(screen.queryByTestId('company-logo-upload')).not.toBeInTheDocument();
    expect(screen.queryByTestId('company-logo-delete')).not.toBeInTheDocument();
  });

  it('uploads a logo with backoffice-company', async () => {
    sessionStore.signIn(loginResponse());
    sessionStore.setPermissionTitles(['backoffice-company']);
    const fetchMock = mockApi();
    vi.stubGlobal('fetch', fetchMock);
    const { container } = renderWithProviders(<CompanyLogo company={company()} />);
    expect(screen.getByText('No logo yet')).toBeInTheDocument();
    const input = container.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.accept).toContain('image/svg+xml');
    await userEvent.upload(input, new File([PNG], 'logo.png', { type: 'image/png' }));
    expect(await screen.findByText('The logo was saved')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/upload-company-logo'))).toBe(true);
  });

  it('deletes the logo after confirmation', async () => {
    sessionStore.signIn(loginResponse());
    sessionStore.setPermissionTitles(['backoffice-company']);
    const fetchMock = mockApi();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<CompanyLogo company={company({ has_logo: true })} />);
    await userEvent.click(await screen.findByTestId('company-logo-delete'));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Delete logo' }));
    expect(await screen.findByText('The logo was deleted')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([u]) => String(u).endsWith('/api/delete-company-logo'))).toBe(true);
  });
});
