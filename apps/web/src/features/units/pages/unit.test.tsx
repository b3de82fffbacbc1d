import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../../../lib/session';
import { COMPANY_ID, jsonResponse, loginResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { UnitPage } from './unit';

const ROOT = '11111111-1111-4111-8111-111111111111';
const LAB = '22222222-2222-4222-8222-222222222222';
const unit = (id: string, name: string, parent_id: string | null) => ({
  id,
  company_id: COMPANY_ID,
  parent_id,
  name,
  description: null,
  user_ids: [],
  created_at: '2026-11-20T08:00:00.000Z',
});

describe('UnitPage', () => {
  it("shows the company's unit tree and adds a unit below another", async () => {
    sessionStore.signIn(loginResponse());
    const fetchMock = vi.fn(async (input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://localhost');
      if (url.pathname === '/api/show-unit') {
        expect(url.searchParams.get('company_id')).toBe(COMPANY_ID);
        return jsonResponse({ data: [unit(ROOT, 'Head office', null), unit(LAB, 'Lab', ROOT)] });
      }
      if (url.pathname === '/api/units' && init?.method === 'POST')
        return jsonResponse(unit(LAB, 'Scan room', LAB), 201);
      throw new Error(`unexpected ${url.pathname}`);
    });
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(
      <Suspense fallback={null}>
        <UnitPage />
      </Suspense>,
      { path: '/unit' },
    );
    expect(await screen.findByText('Head office', { selector: 'p' })).toBeInTheDocument();
    expect(screen.getAllByTestId('unit-node')).toHaveLength(2);

    await userEvent.type(screen.getByLabelText(/^Unit name/), 'Scan room');
    await userEvent.selectOptions(screen.getByLabelText('Below'), LAB);
    await userEvent.click(screen.getByRole('button', { name: 'Add unit' }));
    await vi.waitFor(() => {
      const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
      expect(post).toBeDefined();
      expect(JSON.parse(String((post?.[1] as RequestInit | undefined)?.body))).toEqual({
        company_id: COMPANY_ID,
        name: 'Scan room',
        parent_id: LAB,
      });
    });
  });
});
