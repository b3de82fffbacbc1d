import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render-app';
import { RegisterForm } from './register-form';

function fields() {
  return {
    mail: screen.getByLabelText(/^Email/),
    password: screen.getByLabelText(/^Password(?! confirmation)/),
    confirmation: screen.getByLabelText(/^Password confirmation/),
  };
}

describe('RegisterForm', () => {
  it('says that password and confirmation must match', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    const { mail, password, confirmation } = fields();

    await userEvent.type(mail, 'new@praxis.example');
    await userEvent.type(password, 'Secret#123');
    await userEvent.type(confirmation, 'Secret#124');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('Password and confirmation must match')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('ticks off the password rules while typing', async () => {
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    const rule = (name: string) => screen.getByTestId('password-rules').querySelector(`[data-rule="${name}"]`);
    expect(rule('min')).toHaveAttribute('data-met', 'false');

    await userEvent.type(fields().password, 'abcdefg1');
    expect(rule('min')).toHaveAttribute('data-met', 'true');
    expect(rule('number')).toHaveAttribute('data-met', 'true');
    expect(rule('capital')).toHaveAttribute('data-met', 'false');
    expect(rule('special')).toHaveAttribute('data-met', 'false');

    await userEvent.type(fields().password, 'A!');
    expect(rule('capital')).toHaveAttribute('data-met', 'true');
    expect(rule('special')).toHaveAttribute('data-met', 'true');
  });

  it('rejects a password that breaks the policy', async () => {
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await userEvent.type(fields().mail, 'new@praxis.example');
    await userEvent.type(fields().password, 'short');
    await userEvent.type(fields().confirmation, 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('The Password must be at least 8 characters')).toBeInTheDocument();
  });

  it('registers, shows a success toast and returns to the login page', async () => {
    const fetchMock = vi.fn().mockResolvedValue(jsonResponse({ message: 'Registration complete', user_id: 'u1' }, 201));
    vi.stubGlobal('fetch', fetchMock);
    const onSuccess = vi.fn();
    renderWithProviders(<RegisterForm onSuccess={onSuccess} />);

    await userEvent.type(fields().mail, 'new@praxis.example');
    await userEvent.type(fields().password, 'Secret#123');
    await userEvent.type(fields().confirmation, 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    await vi.waitFor(() => expect(onSuccess).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/auth/create-user');
    expect(JSON.parse(String(init.body))).toEqual({
      mail: 'new@praxis.example',
      password: 'Secret#123',
      contact_language: 'en',
    });
    expect(await screen.findByText('Registration complete')).toBeInTheDocument();
  });

  it('puts the server field errors on the form', async () => {
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          jsonResponse(
            { code: 'MAIL_TAKEN', message: 'taken', errors: { mail: ['This mail address is already registered'] } },
            409,
          ),
        ),
    );
    renderWithProviders(<RegisterForm onSuccess={vi.fn()} />);
    await userEvent.type(fields().mail, 'taken@praxis.example');
    await userEvent.type(fields().password, 'Secret#123');
    await userEvent.type(fields().confirmation, 'Secret#123');
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findAllByText('This mail address is already registered')).toHaveLength(2);
    expect(fields().mail).toHaveAttribute('aria-invalid', 'true');
  });
});
