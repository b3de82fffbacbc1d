import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockServer } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { CASE_A, caseRecord, signInWith, UPLOAD_UPPER } from '../test-fixtures';
import { CaseCreatePage } from './case-create';

// ScanUploader (features/uploads) is not on this branch: a stand-in reports one verified upper scan through the
// field's own props contract, as the uploader will.
vi.mock('../components/case-scans-field', () => ({
  CaseScansField: ({ onChange }: { onChange: (value: { upper: string | null; lower: string | null }) => void }) => (
    <button type="button" onClick={() => onChange({ upper: UPLOAD_UPPER, lower: null })}>
      Stand-in: upper scan uploaded
    </button>
  ),
}));

const render = () =>
  renderWithProviders(
    <Suspense fallback={null}>
      <CaseCreatePage />
    </Suspense>,
    { path: '/my-cases/create' },
  );

const price = (credits: number) => () =>
  jsonResponse({
    credits,
    upper_tooth_credits: credits,
    lower_tooth_credits: 2,
    teeth: { upper: [16], lower: [] },
    recalculation: false,
    recalculation_factor: 1,
    source: 'default',
    country: null,
  });

async function fillPatient(form: HTMLElement) {
  await userEvent.type(within(form).getByLabelText(/^Case name/), 'Crown 16');
  await userEvent.type(within(form).getByLabelText(/^Patient/), 'P-0042');
}

describe('the case create form', () => {
  it('says what is missing before sending anything', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = mockServer({});
    render();
    const form = await screen.findByTestId('case-form');
    await userEvent.type(within(form).getByLabelText(/^Birth year/), '1850');
    await userEvent.click(screen.getByTestId('case-submit'));
    expect(await within(form).findByTestId('case-teeth-error')).toHaveTextContent('Choose at least one tooth');
    expect(within(form).getByText('Enter a year between 1900 and this year')).toBeInTheDocument();
    expect(within(form).getAllByText('This field is required').length).toBeGreaterThanOrEqual(2);
    expect(calls.filter((c) => c.path === '/api/case-lists')).toHaveLength(0);
  });

  it('prices the chosen teeth live, submits the case with its scan and opens it', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = mockServer({
      '/api/case-price': price(3),
      '/api/case-lists': () => jsonResponse(caseRecord({ id: CASE_A }), 201),
    });
    const { router } = render();
    const form = await screen.findByTestId('case-form');
    await fillPatient(form);
    expect(screen.getByTestId('case-price-hint')).toBeInTheDocument();
    await userEvent.click(within(form).getByRole('button', { name: 'Tooth 16' }));
    expect(await screen.findByTestId('case-price-credits')).toHaveTextContent('3 credits');
    expect(calls.find((c) => c.path === '/api/case-price')?.body).toEqual({
      upper_teeth: [16],
      lower_teeth: [],
      recalculation: false,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in: upper scan uploaded' }));
    await userEvent.click(screen.getByTestId('case-submit'));
    await vi.waitFor(() =>
      expect(calls.find((c) => c.method === 'POST' && c.path === '/api/case-lists')?.body).toEqual({
        name: 'Crown 16',
        patient: 'P-0042',
        patient_birth_year: null,
        notes: null,
        upper_teeth: [16],
        lower_teeth: [],
        upper_upload_id: UPLOAD_UPPER,
        lower_upload_id: null,
      }),
    );
    await vi.waitFor(() => expect(router.state.location.pathname).toBe(`/my-cases/${CASE_A}/show`));
  });

  it('keeps what was typed across a reload of the page, and forgets it once the case is submitted', async () => {
    signInWith(['backoffice-case-instance']);
    mockServer({
      '/api/case-price': price(3),
      '/api/case-lists': () => jsonResponse(caseRecord({ id: CASE_A }), 201),
    });
    const first = render();
    let form = await screen.findByTestId('case-form');
    await fillPatient(form);
    await userEvent.type(within(form).getByLabelText(/^Notes/), 'Check the margin');
    await userEvent.click(within(form).getByRole('button', { name: 'Tooth 16' }));
    first.unmount();

    const second = render();
    form = await screen.findByTestId('case-form');
    expect(within(form).getByLabelText(/^Case name/)).toHaveValue('Crown 16');
    expect(within(form).getByLabelText(/^Patient/)).toHaveValue('P-0042');
    expect(within(form).getByLabelText(/^Notes/)).toHaveValue('Check the margin');
    expect(within(form).getByRole('button', { name: 'Tooth 16' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in: upper scan uploaded' }));
    await userEvent.click(screen.getByTestId('case-submit'));
    await vi.waitFor(() => expect(second.router.state.location.pathname).toBe(`/my-cases/${CASE_A}/show`));
    second.unmount();

    render();
    form = await screen.findByTestId('case-form');
    expect(within(form).getByLabelText(/^Case name/)).toHaveValue('');
  });

  it('shows the balance beside the price before submitting, and how many credits are missing', async () => {
    signInWith(['backoffice-case-instance']);
    const balance = (total: number) => () =>
      jsonResponse({ company_id: caseRecord().company_id, balances: { free: 0, paid: total }, total });
    mockServer({ '/api/case-price': price(3), '/api/get-credits': balance(10) });
    const view = render();
    let form = await screen.findByTestId('case-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Tooth 16' }));
    expect(await screen.findByTestId('case-price-balance')).toHaveTextContent(
      'Your balance: 10 credits; 7 left after this',
    );
    view.unmount();
    sessionStorage.clear(); // the draft would bring tooth 16 back

    mockServer({ '/api/case-price': price(3), '/api/get-credits': balance(1) });
    render();
    form = await screen.findByTestId('case-form');
    await userEvent.click(within(form).getByRole('button', { name: 'Tooth 16' }));
    expect(await screen.findByTestId('case-price-balance')).toHaveTextContent(
      'Your balance of 1 is 2 credits short: buy credits first',
    );
  });

  it('says clearly when the company lacks the credits, with a link to buy them', async () => {
    signInWith(['backoffice-case-instance']);
    mockServer({
      '/api/case-price': price(3),
      '/api/case-lists': () => jsonResponse({ code: 'NOT_ENOUGH_CREDITS', message: 'Not enough credits' }, 402),
    });
    render();
    const form = await screen.findByTestId('case-form');
    await fillPatient(form);
    await userEvent.click(within(form).getByRole('button', { name: 'Tooth 16' }));
    await userEvent.click(screen.getByRole('button', { name: 'Stand-in: upper scan uploaded' }));
    await userEvent.click(screen.getByTestId('case-submit'));
    const alert = await screen.findByTestId('case-not-enough-credits');
    expect(alert).toHaveTextContent('Not enough credits');
    expect(within(alert).getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/credits');
  });

  it('reads the teeth from a teeth file, and shows the server’s message for a bad one', async () => {
    signInWith(['backoffice-case-instance']);
    const calls = mockServer({
      '/api/case-price': price(5),
      '/api/parse-teeth-file': [
        () => jsonResponse({ upper_teeth: [11, 21], lower_teeth: [36] }),
        () =>
          jsonResponse(
            {
              code: 'TEETH_FILE_INVALID',
              message: 'Unknown tooth numbers: 99 (FDI 11–18, 21–28, 31–38, 41–48)',
              params: { reason: 'Unknown tooth numbers: 99 (FDI 11–18, 21–28, 31–38, 41–48)' },
            },
            400,
          ),
      ],
    });
    render();
    const form = await screen.findByTestId('case-form');
    const input = within(form).getByLabelText('Or read the teeth from a file', { selector: 'button' });
    const fileInput = form.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input).toBeInTheDocument();
    await userEvent.upload(fileInput, new File(['11, 21\n36'], 'teeth.txt', { type: 'text/plain' }));
    await vi.waitFor(() =>
      expect(within(form).getByRole('button', { name: 'Tooth 21' })).toHaveAttribute('aria-pressed', 'true'),
    );
    expect(within(form).getByRole('button', { name: 'Tooth 36' })).toHaveAttribute('aria-pressed', 'true');
    const upload = calls.find((c) => c.path === '/api/parse-teeth-file');
    expect(upload!.body).toBeInstanceOf(FormData);
    expect(((upload!.body as FormData).get('file') as File).name).toBe('teeth.txt');

    await userEvent.upload(fileInput, new File(['99'], 'bad.txt', { type: 'text/plain' }));
    expect(await within(form).findByText(/Unknown tooth numbers: 99/)).toBeInTheDocument();
  });
});
