import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CASE_A, caseRecord, caseResult, myCompany, RESULT_1, signInWith } from '../test-fixtures';
import { CaseShowPage } from './case-show';

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <CaseShowPage />
    </Suspense>,
    { path: '/my-cases/:id/show', url: `/my-cases/${CASE_A}/show` },
  );

function serve(options: { staff?: boolean; item?: Parameters<typeof caseRecord>[0]; noResults?: boolean } = {}) {
  return mockServer({
    [`/api/case-lists/${CASE_A}`]: () => jsonResponse(caseRecord(options.item)),
    [`/api/get-multiple-results/${CASE_A}`]: () =>
      jsonResponse(
        options.noResults
          ? { data: [], total: 0 }
          : {
              data: [
                caseResult({
                  ratings: [
                    {
                      id: 'ffffffff-ffff-4fff-8fff-ffffffffffff',
                      result_id: RESULT_1,
                      user_id: null,
                      user_name: 'Dr. Kim',
                      stars: 3,
                      reasons: ['contacts'],
                      comment: 'Contacts too tight',
                      created_at: '2026-11-22T08:00:00.000Z',
                    },
                  ],
                }),
              ],
              total: 1,
            },
      ),
    [`/api/case-logs/${CASE_A}`]: () =>
      jsonResponse({
        data: [
          {
            id: '1',
            kind: 'status',
            from_status: 'done',
            to_status: 'in-approval',
            message: 'Results released',
            details: null,
            actor_id: null,
            actor_name: null,
            created_at: '2026-11-21T08:00:00.000Z',
          },
        ],
        total: 1,
      }),
    '/api/my-company': () => jsonResponse(myCompany(options.staff ?? false)),
    '/api/flags': () => jsonResponse({ data: [], total: 0 }),
    '/api/case-price': () =>
      jsonResponse({
        credits: 2,
        upper_tooth_credits: 3,
        lower_tooth_credits: 2,
        teeth: { upper: [16], lower: [] },
        recalculation: true,
        recalculation_factor: 0.5,
        source: 'default',
        country: null,
      }),
    '/api/save-rating': () => jsonResponse({}, 201),
    '/api/approve-case': () => jsonResponse(caseRecord({ ...options.item, status: 'approved' })),
    '/api/update-status': () => jsonResponse(caseRecord({ ...options.item, status: 'finished' })),
    '/api/requeue-case': () =>
      jsonResponse(
        {
          code: 'NOT_ENOUGH_CREDITS_TO_RECALCULATE',
          message: 'You do not have enough credits to recalculate the case',
        },
        402,
      ),
  });
}

describe('CaseShowPage', () => {
  it('shows the case, its scan quality, the 3D preview of its scan, results with ratings and the history', async () => {
    signInWith(['backoffice-case-instance']);
    serve();
    render();
    expect(await screen.findByRole('heading', { name: 'Crown 16', level: 1 })).toBeInTheDocument();
    const details = screen.getByTestId('case-details');
    expect(within(details).getByText('P-0042')).toBeInTheDocument();
    expect(within(details).getByText('1980')).toBeInTheDocument();
    expect(within(details).getByTestId('case-credits')).toHaveTextContent('3 credits');
    expect(within(details).getByTestId('case-lock-state')).toHaveTextContent('Not locked');
    const upper = screen.getByTestId('jaw-card-upper');
    const quality = within(upper).getByTestId('jaw-quality');
    expect(within(quality).getByRole('row', { name: /Triangles/ })).toHaveTextContent(/^Triangles120,000$/);
    expect(within(quality).getByRole('row', { name: /Bounding box/ })).toHaveTextContent('60 × 50 × 20 mm');
    expect(within(quality).getByRole('row', { name: /Width × depth × height/ })).toHaveTextContent('58 × 48 × 20 mm');
    // A report from before the border was told apart counted the open base as its one hole: no hole, nothing to check.
    expect(within(quality).getByRole('row', { name: /Holes/ })).toHaveTextContent(/^Holes0$/);
    expect(within(screen.getByTestId('jaw-card-lower')).getByText('No scan')).toBeInTheDocument();
    // The preview loads on its own (no WebGL here: it says so).
    expect(await within(screen.getByTestId('case-viewer-slot')).findByTestId('jaw-viewer')).toBeInTheDocument();
    expect(screen.getByTestId('jaw-toggle-upper')).toBeInTheDocument();
    expect(screen.queryByTestId('jaw-toggle-lower')).not.toBeInTheDocument();
    expect(screen.getByTestId('case-teeth')).toHaveTextContent('Upper jaw: 16 · Lower jaw: –');
    // The read-only chart shows the chosen teeth.
    // Read-only: the chosen tooth is marked, and there is nothing to press.
    const chart = screen.getByTestId('tooth-chart');
    expect(within(chart).getByRole('img', { name: 'Tooth 16, chosen' })).toHaveAttribute('data-chosen', 'true');
    expect(within(chart).getByRole('img', { name: 'Tooth 11' })).toHaveAttribute('data-chosen', 'false');
    expect(within(chart).queryAllByRole('button')).toEqual([]);

    const result = await screen.findByTestId('case-result');
    expect(within(result).getByText('Version 1')).toBeInTheDocument();
    expect(within(result).getByRole('button', { name: 'Download crown-16.stl' })).toBeInTheDocument();
    expect(within(result).getByTestId('result-zip')).toBeInTheDocument();
    expect(within(result).getByTestId('result-rating')).toHaveTextContent('Contacts too tight');
    expect(
      within(await screen.findByTestId('case-logs')).getByText('In approval', { exact: false }),
    ).toBeInTheDocument();
  });

  it('shows no 3D preview for a case without a scan', async () => {
    signInWith(['backoffice-case-instance']);
    serve({ item: { jaws: [] } });
    render();
    expect(await screen.findByRole('heading', { name: 'Crown 16', level: 1 })).toBeInTheDocument();
    expect(screen.queryByTestId('case-viewer-slot')).not.toBeInTheDocument();
  });

  it('saves a rating with stars, reasons and a comment, and asks for stars first', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = serve();
    render();
    const form = await screen.findByTestId('rating-form');
    await userEvent.click(within(form).getByTestId('rating-submit'));
    expect(await within(form).findByText('Give one to five stars')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/save-rating')).toBe(false);

    // From the keyboard (jsdom lays nothing out, so a pointer click lands on no star): Space on the fourth star.
    within(form).getByLabelText('4 stars').focus();
    await userEvent.keyboard('[Space]');
    await userEvent.click(within(form).getByRole('checkbox', { name: 'Margin' }));
    await userEvent.type(within(form).getByLabelText('Comment'), 'Margin a little short');
    await userEvent.click(within(form).getByTestId('rating-submit'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/save-rating')?.body).toEqual({
        result_id: RESULT_1,
        stars: 4,
        reasons: ['margin'],
        comment: 'Margin a little short',
      }),
    );
  });

  it('shows each action only to who holds its permission, where the case’s status allows it', async () => {
    signInWith(['backoffice-case-instance']);
    serve();
    const { unmount } = render();
    const actions = await screen.findByTestId('case-actions');
    for (const id of [
      'case-approve',
      'case-reject',
      'case-recalculate',
      'case-lock',
      'case-trash',
      'case-change-status',
    ])
      expect(within(actions).queryByTestId(id)).not.toBeInTheDocument();
    unmount();

    signInWith([
      'backoffice-case-instance',
      'backoffice-case-instance-approve',
      'backoffice-case-instance-recalculate',
      'backoffice-case-instance-lock',
      'backoffice-case-instance-delete',
    ]);
    render();
    const granted = await screen.findByTestId('case-actions');
    for (const id of ['case-approve', 'case-reject', 'case-recalculate', 'case-lock', 'case-trash'])
      expect(within(granted).getByTestId(id)).toBeInTheDocument();
    // A practice changes no status directly, whatever it holds.
    expect(within(granted).queryByTestId('case-change-status')).not.toBeInTheDocument();
  });

  it('offers nothing that a lock someone else holds refuses, and says who holds it; an administrator keeps the actions', async () => {
    const everything = [
      'backoffice-case-instance',
      'backoffice-case-instance-approve',
      'backoffice-case-instance-recalculate',
      'backoffice-case-instance-lock',
      'backoffice-case-instance-delete',
    ];
    const item = {
      locked_by: '7d1f0b52-95a4-4c38-9b0e-3c1d2e4f5a6b',
      locked_by_name: 'Sam Staff',
      locked_at: '2026-11-25T03:00:00.000Z',
    };
    signInWith(everything);
    serve({ item });
    const { unmount } = render();
    expect(await screen.findByTestId('case-locked')).toHaveTextContent('Sam Staff');
    const actions = screen.getByTestId('case-actions');
    for (const id of [
      'case-approve',
      'case-reject',
      'case-recalculate',
      'case-lock',
      'case-unlock',
      'case-trash',
      'case-finish',
    ])
      expect(within(actions).queryByTestId(id)).not.toBeInTheDocument();
    unmount();

    signInWith(everything, ['admin']);
    serve({ item });
    render();
    const granted = await screen.findByTestId('case-actions');
    for (const id of ['case-approve', 'case-reject', 'case-recalculate', 'case-unlock', 'case-trash'])
      expect(within(granted).getByTestId(id)).toBeInTheDocument();
    expect(screen.queryByTestId('case-locked')).not.toBeInTheDocument();
  });

  it('asks before approving and rejecting, naming what follows, and approves only on confirm', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-approve']);
    const calls = serve();
    render();
    await userEvent.click(await screen.findByTestId('case-approve'));
    const dialog = await screen.findByTestId('case-approve-dialog');
    expect(dialog).toHaveTextContent('Approve this case?');
    expect(dialog).toHaveTextContent('Crown 16');
    expect(dialog).toHaveTextContent('mark the case finished');
    expect(calls.some((c) => c.path === '/api/approve-case')).toBe(false);
    await userEvent.click(within(dialog).getByTestId('case-approve-confirm'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/approve-case')?.body).toEqual({ id: CASE_A, approved: true }),
    );

    await userEvent.click(await screen.findByTestId('case-reject'));
    expect(await screen.findByTestId('case-reject-follows')).toHaveTextContent('recalculated');
  });

  it('offers the practice "Mark finished" on an approved case and finishes it after asking', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-approve']);
    const calls = serve({ item: { status: 'approved' } });
    render();
    await userEvent.click(await screen.findByTestId('case-finish'));
    const dialog = await screen.findByTestId('case-finish-dialog');
    expect(dialog).toHaveTextContent('Only the back office can reopen it');
    await userEvent.click(within(dialog).getByTestId('case-finish-confirm'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.path === '/api/update-status')?.body).toEqual({ id: CASE_A, status: 'finished' }),
    );
  });

  it('promises results only while the engine works: an unsupported or failed case says why there are none', async () => {
    signInWith(['backoffice-case-instance']);
    for (const [status, text] of [
      ['unsupported', 'the scans could not be used'],
      ['failed', 'the processing failed'],
      ['queued', 'they appear here once the engine is done'],
    ] as const) {
      serve({ item: { status, result_count: 0 }, noResults: true });
      const view = render();
      expect(await screen.findByTestId('case-results-none')).toHaveTextContent(text);
      view.unmount();
    }
  });

  it('offers the approval mail only while results wait for the customer', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-approve']);
    serve({ item: { status: 'in-approval', result_count: 1 } });
    const { unmount } = render();
    expect(await screen.findByTestId('case-send-mail')).toBeInTheDocument();
    unmount();
    for (const item of [
      { status: 'in-approval' as const, result_count: 0 },
      { status: 'approved' as const, result_count: 1 },
      { status: 'unsupported' as const, result_count: 0 },
    ]) {
      serve({ item });
      const view = render();
      await screen.findByTestId('case-actions');
      expect(screen.queryByTestId('case-send-mail')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('offers a queued case nothing to approve, recalculate or trash; staff may change its status', async () => {
    signInWith(
      [
        'backoffice-case-instance',
        'backoffice-case-instance-approve',
        'backoffice-case-instance-recalculate',
        'backoffice-case-instance-delete',
        'backoffice-case-instance-status',
      ],
      ['back-office'],
    );
    serve({ staff: true, item: { status: 'queued', result_count: 0 } });
    render();
    const actions = await screen.findByTestId('case-actions');
    await within(actions).findByTestId('case-change-status');
    for (const id of ['case-approve', 'case-reject', 'case-recalculate', 'case-trash'])
      expect(within(actions).queryByTestId(id)).not.toBeInTheDocument();
  });

  it('prices a recalculation and says when the credits do not suffice', async () => {
    signInWith(['backoffice-case-instance', 'backoffice-case-instance-recalculate']);
    const calls = serve();
    render();
    await userEvent.click(await screen.findByTestId('case-recalculate'));
    const modal = await screen.findByTestId('recalculate-modal');
    expect(await within(modal).findByTestId('case-price-credits')).toHaveTextContent('2 credits');
    expect(calls.find((c) => c.path === '/api/case-price')?.body).toEqual({
      upper_teeth: [16],
      lower_teeth: [],
      recalculation: true,
      company_id: caseRecord().company_id,
    });
    await userEvent.click(within(modal).getByTestId('recalculate-submit'));
    expect(await within(modal).findByTestId('recalculate-error')).toHaveTextContent(
      'You do not have enough credits to recalculate the case',
    );
    expect(calls.find((c) => c.path === '/api/requeue-case')?.body).toEqual({
      id: CASE_A,
      upper_teeth: [16],
      lower_teeth: [],
    });
  });
});
