import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CASE_A, caseRecord, signInWith } from '../test-fixtures';
import { CaseEditPage } from './case-edit';

const OTHER_USER = '99999999-9999-4999-8999-999999999999';

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <CaseEditPage />
    </Suspense>,
    { path: '/my-cases/:id/edit', url: `/my-cases/${CASE_A}/edit` },
  );

describe('CaseEditPage', () => {
  it('saves name, patient, birth year and notes, then opens the case', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = mockServer({
      [`/api/case-lists/${CASE_A}`]: (call) =>
        jsonResponse(call.method === 'PUT' ? caseRecord({ name: 'Crown 16 (new)' }) : caseRecord()),
    });
    const { router } = render();
    const form = await screen.findByTestId('case-edit-form');
    const name = within(form).getByLabelText(/^Case name/);
    expect(name).toHaveValue('Crown 16');
    await userEvent.clear(name);
    await userEvent.type(name, 'Crown 16 (new)');
    await userEvent.clear(within(form).getByLabelText(/^Birth year/));
    await userEvent.click(within(form).getByTestId('case-save'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
        name: 'Crown 16 (new)',
        patient: 'P-0042',
        patient_birth_year: null,
        notes: 'Check the margin',
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/my-cases/${CASE_A}/show`));
  });

  it('says who locked the case, and shows the server’s message when a save meets the lock', async () => {
    signInWith(['backoffice-case-instance']);
    mockServer({
      [`/api/case-lists/${CASE_A}`]: (call) =>
        call.method === 'PUT'
          ? jsonResponse(
              { code: 'CASE_LOCKED', message: 'The case is locked by Dr. Kim', params: { name: 'Dr. Kim' } },
              423,
            )
          : jsonResponse(
              caseRecord({ locked_by: OTHER_USER, locked_by_name: 'Dr. Kim', locked_at: '2026-11-24T10:00:00.000Z' }),
            ),
    });
    render();
    const form = await screen.findByTestId('case-edit-form');
    expect(within(form).getByTestId('case-locked')).toHaveTextContent('Locked by Dr. Kim on');
    await userEvent.type(within(form).getByLabelText(/^Notes/), ' again');
    await userEvent.click(within(form).getByTestId('case-save'));
    expect(await within(form).findByTestId('case-lock-error')).toHaveTextContent('The case is locked by Dr. Kim');
  });
});
