import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { RegisterForm } from './register-form';

const CAPTCHA_IMAGE = `data:image/svg+xml;base64,${btoa('<svg xmlns="http://www.w3.org/2000/svg"/>')}`;

/** A fetch that answers the registration calls; `register` decides the answer of POST /register-company. */
function serverMock(
  register: () => Response = () =>
    jsonResponse({ message: 'Registration successful. You can sign in now.', company_id: 'c1', user_id: 'u1' }, 201),
) {
  let captchas = 0;
  return vi.fn(async (url: string, init?: RequestInit) => {
    if (url.endsWith('/api/registration-options')) {
      return jsonResponse({ captcha_enabled: true, vat_required_countries: ['AT'], allowed_countries: [] });
    }
    if (url.endsWith('/api/captcha/api')) {
      captchas += 1;
      return jsonResponse({
        id: `00000000-0000-4000-8000-00000000000${captchas}`,
        image: CAPTCHA_IMAGE,
        expires_at: '2030-01-01T00:00:00.000Z',
      });
    }
    if (url.endsWith('/api/check-vat-id')) {
      const { vat_id } = JSON.parse(String(init?.body));
      // Two ids VIES answered for (ADR 0055); the rest are checked offline only.
      if (vat_id === 'DE811569869') {
        return jsonResponse({
          valid: true,
          name: 'ACME Dental GmbH',
          address: 'Hauptstraße 1, 10115 Berlin',
          checkedOnline: true,
        });
      }
      if (vat_id === 'DE129273398') return jsonResponse({ valid: false, checkedOnline: true });
      return jsonResponse({ valid: vat_id === 'DE136695976', checkedOnline: false });
    }
    if (url.endsWith('/api/register-company')) return register();
    throw new Error(`unexpected call ${url}`);
  });
}

const callsTo = (fetchMock: ReturnType<typeof serverMock>, path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path)) as [string, RequestInit][];

async function fillValidForm() {
  await userEvent.type(screen.getByLabelText(/^Company name/), 'Praxis am Park');
  await userEvent.selectOptions(screen.getByTestId('register-country'), 'DE');
  await userEvent.type(screen.getByLabelText(/^VAT id/), 'DE136695976');
  await userEvent.type(screen.getByLabelText(/^Email/), 'new@praxis.example');
  await userEvent.type(screen.getByLabelText(/^Password(?! confirmation)/), 'Secret#123');
  await userEvent.type(screen.getByLabelText(/^Password confirmation/), 'Secret#123');
  await userEvent.type(screen.getByLabelText(/^Characters in the image/), 'k7Wp3');
}

// The form has many fields: typing them all takes a few seconds on a busy machine.
describe('RegisterForm (company registration)', { timeout: 30_000 }, () => {
  it('says that password and confirmation must match, and sends nothing', async () => {
    const fetchMock = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await screen.findByTestId('register-captcha-image');
    await userEvent.type(screen.getByLabelText(/^Password(?! confirmation)/), 'Secret#123');
    await userEvent.type(screen.getByLabelText(/^Password confirmation/), 'Secret#124');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Password and confirmation must match')).toBeInTheDocument();
    expect(screen.getByText('Type the characters in the image')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/api/register-company')).toHaveLength(0);
  });

  it('ticks off the password rules while typing', async () => {
    vi.stubGlobal('fetch', serverMock());
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    const rule = (name: string) => screen.getByTestId('password-rules').querySelector(`[data-rule="${name}"]`);
    await userEvent.type(screen.getByLabelText(/^Password(?! confirmation)/), 'abcdefg1');
    expect(rule('min')).toHaveAttribute('data-met', 'true');
    expect(rule('capital')).toHaveAttribute('data-met', 'false');
  });

  it('checks the VAT id and says when it is not valid', async () => {
    vi.stubGlobal('fetch', serverMock());
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await userEvent.selectOptions(await screen.findByTestId('register-country'), 'DE');
    await userEvent.type(screen.getByLabelText(/^VAT id/), 'DE136695978');
    await userEvent.click(screen.getByTestId('register-check-vat'));
    expect(await screen.findByText('The VAT id is not valid')).toBeInTheDocument();
    await userEvent.clear(screen.getByLabelText(/^VAT id/));
    await userEvent.type(screen.getByLabelText(/^VAT id/), 'DE136695976');
    await userEvent.click(screen.getByTestId('register-check-vat'));
    expect(await screen.findByTestId('register-vat-valid')).toHaveTextContent(
      'The VAT id is valid (format and checksum).',
    );
  });

  it('shows the company name and address VIES returned next to the VAT id, and a VIES refusal as the field error', async () => {
    vi.stubGlobal('fetch', serverMock());
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await userEvent.selectOptions(await screen.findByTestId('register-country'), 'DE');
    const vatField = screen.getByLabelText(/^VAT id/);
    await userEvent.type(vatField, 'DE811569869');
    await userEvent.click(screen.getByTestId('register-check-vat'));
    expect(await screen.findByTestId('register-vat-valid')).toHaveTextContent(
      'The VAT id is valid (confirmed by VIES).',
    );
    expect(screen.getByTestId('register-vat-vies')).toHaveTextContent(
      'VIES: ACME Dental GmbH, Hauptstraße 1, 10115 Berlin',
    );

    // Changing the id drops the hint; an id VIES does not know is a field error.
    await userEvent.clear(vatField);
    expect(screen.queryByTestId('register-vat-vies')).not.toBeInTheDocument();
    await userEvent.type(vatField, 'DE129273398');
    await userEvent.click(screen.getByTestId('register-check-vat'));
    expect(await screen.findByText('The VAT id is not valid: VIES does not know it')).toBeInTheDocument();
    expect(screen.queryByTestId('register-vat-valid')).not.toBeInTheDocument();
  });

  it('registers the company with the captcha answer, shows a success toast and returns to the login page', async () => {
    const fetchMock = serverMock();
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);
    await screen.findByTestId('register-captcha-image');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [call] = callsTo(fetchMock, '/api/register-company');
    expect(JSON.parse(String(call?.[1].body))).toMatchObject({
      company_name: 'Praxis am Park',
      country: 'DE',
      vat_id: 'DE136695976',
      mail: 'new@praxis.example',
      password: 'Secret#123',
      captcha_id: '00000000-0000-4000-8000-000000000001',
      captcha_answer: 'k7Wp3',
      // The UI language of the form: the welcome mail goes out in it.
      contact_language: 'en',
    });
    expect(await screen.findByText('Registration successful. You can sign in now.')).toBeInTheDocument();
  });

  it('puts the server field errors on the form and shows a new captcha', async () => {
    const fetchMock = serverMock(() =>
      jsonResponse(
        {
          code: 'VALIDATION_FAILED',
          message: 'wrong',
          errors: { captcha_answer: ['The captcha answer is wrong or expired. Please try the new image.'] },
        },
        400,
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await screen.findByTestId('register-captcha-image');
    await fillValidForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(
      await screen.findAllByText('The captcha answer is wrong or expired. Please try the new image.'),
    ).not.toHaveLength(0);
    await vi.waitFor(() => expect(callsTo(fetchMock, '/api/captcha/api')).toHaveLength(2));
    expect(screen.getByLabelText(/^Characters in the image/)).toHaveValue('');
  });
});
