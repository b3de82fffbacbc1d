import type { EmptyTrashResult } from '@cuspid/contracts/cases';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { COMPANY_ID, jsonResponse, mockServer, type RecordedCall } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { signInWith } from '../test-fixtures';
import { EmptyTrashDialog } from './empty-trash-dialog';

const OTHER_COMPANY = '0e9d8c7b-6a5f-4e3d-8c2b-1a0f9e8d7c6b';

const counted: EmptyTrashResult = {
  deleted: 4,
  companies: [
    { company_id: COMPANY_ID, company_name: 'Praxis Weiss', deleted: 3, locked: 1 },
    { company_id: OTHER_COMPANY, company_name: 'Zahnarzt Klein', deleted: 1, locked: 0 },
  ],
};

/** The question is a dry run of the same call; the confirmation the call itself. */
const trashServer = (question: EmptyTrashResult, emptied: EmptyTrashResult) =>
  mockServer({
    '/api/empty-trash': (call: RecordedCall) =>
      jsonResponse((call.body as { dry_run?: boolean }).dry_run ? question : emptied),
  });

const trashCalls = (calls: RecordedCall[]) => calls.filter((c) => c.path === '/api/empty-trash').map((c) => c.body);

function render(companyId = '') {
  const onClose = vi.fn();
  renderWithProviders(
    <Suspense fallback={null}>
      <EmptyTrashDialog opened companyId={companyId} onClose={onClose} />
    </Suspense>,
  );
  return onClose;
}

const items = (container: HTMLElement) =>
  within(container)
    .getAllByTestId('empty-trash-company')
    .map((item) => item.textContent);

describe('EmptyTrashDialog', () => {
  it('asks with the cases per company the server counts, and answers per company what was deleted', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-delete'], ['back-office']);
    // Meanwhile a case was trashed at Zahnarzt Klein: the result says what really happened.
    const calls = trashServer(counted, {
      deleted: 5,
      companies: [
        { company_id: COMPANY_ID, company_name: 'Praxis Weiss', deleted: 3, locked: 1 },
        { company_id: OTHER_COMPANY, company_name: 'Zahnarzt Klein', deleted: 2, locked: 0 },
      ],
    });
    const onClose = render();
    const dialog = await screen.findByTestId('cases-empty-trash-confirm');
    expect(await within(dialog).findByText('Delete 4 cases in the trash for good?')).toBeInTheDocument();
    expect(items(dialog)).toEqual([
      'Praxis Weiss: 3 cases · 1 case stays: someone else holds it locked',
      'Zahnarzt Klein: 1 case',
    ]);
    expect(within(dialog).getByRole('list', { name: 'Per company' })).toBeInTheDocument();
    expect(within(dialog).getByText("You can't revert your action")).toBeInTheDocument();
    // Asking deleted nothing: every company the user may see, as a dry run.
    expect(trashCalls(calls)).toEqual([{ dry_run: true }]);

    await userEvent.click(within(dialog).getByTestId('cases-empty-trash-confirm-button'));
    const result = await screen.findByTestId('empty-trash-result');
    expect(trashCalls(calls)).toEqual([{ dry_run: true }, {}]);
    expect(within(result).getByTestId('empty-trash-result-summary')).toHaveTextContent('5 cases were deleted for good');
    expect(items(result)).toEqual([
      'Praxis Weiss: 3 cases · 1 case stays: someone else holds it locked',
      'Zahnarzt Klein: 2 cases',
    ]);
    await userEvent.click(within(result).getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalled();
  });

  it("asks about the list's company only, and offers nothing to confirm when its trash holds nothing to delete", async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-delete'], ['back-office']);
    const calls = trashServer(
      { deleted: 0, companies: [{ company_id: COMPANY_ID, company_name: 'Praxis Weiss', deleted: 0, locked: 2 }] },
      { deleted: 0, companies: [] },
    );
    render(COMPANY_ID);
    const dialog = await screen.findByTestId('cases-empty-trash-confirm');
    expect(await within(dialog).findByText('There is no case in the trash to delete.')).toBeInTheDocument();
    expect(items(dialog)).toEqual(['Praxis Weiss: 0 cases · 2 cases stay: someone else holds them locked']);
    expect(within(dialog).getByTestId('cases-empty-trash-confirm-button')).toBeDisabled();
    expect(within(dialog).queryByText("You can't revert your action")).not.toBeInTheDocument();
    expect(trashCalls(calls)).toEqual([{ company_id: COMPANY_ID, dry_run: true }]);
  });

  it('offers nothing to confirm until the trash is counted, and asks again after a failure', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-delete']);
    const calls = mockServer({
      '/api/empty-trash': [
        () => jsonResponse({ code: 'SERVICE_UNAVAILABLE', message: 'The service is not available' }, 503),
        () => jsonResponse(counted),
      ],
    });
    render();
    const dialog = await screen.findByTestId('cases-empty-trash-confirm');
    expect(await within(dialog).findByText('The cases in the trash could not be counted')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cases-empty-trash-confirm-button')).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText('Delete 4 cases in the trash for good?')).toBeInTheDocument();
    expect(within(dialog).getByTestId('cases-empty-trash-confirm-button')).toBeEnabled();
    expect(trashCalls(calls)).toEqual([{ dry_run: true }, { dry_run: true }]);
  });

  it('asks and answers in German', async () => {
    await setLanguage('de', { remember: false });
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-delete'], ['back-office']);
    trashServer(counted, counted);
    render();
    const dialog = await screen.findByTestId('cases-empty-trash-confirm');
    expect(await within(dialog).findByText('4 Fälle im Papierkorb endgültig löschen?')).toBeInTheDocument();
    expect(items(dialog)).toEqual([
      'Praxis Weiss: 3 Fälle · 1 Fall bleibt: Jemand anderes hat ihn gesperrt',
      'Zahnarzt Klein: 1 Fall',
    ]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Papierkorb leeren' }));
    expect(
      within(await screen.findByTestId('empty-trash-result')).getByTestId('empty-trash-result-summary'),
    ).toHaveTextContent('4 Fälle wurden endgültig gelöscht');
  });
});
