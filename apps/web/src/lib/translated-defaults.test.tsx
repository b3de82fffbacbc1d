import { PasswordInput } from '@mantine/core';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';
import { translateValidationMessage } from './form-validation';
import { setLanguage } from './i18n';
import { useRoleName } from './role-name';

function Roles({ names }: { names: string[] }) {
  const roleName = useRoleName();
  return <p data-testid="roles">{names.map(roleName).join(', ')}</p>;
}

describe('texts the libraries and the server give in English', () => {
  it("names a password field's eye in the user language", async () => {
    await setLanguage('de', { remember: false });
    renderWithProviders(<PasswordInput label="Passwort" />);
    expect(screen.getByRole('button', { name: 'Passwort anzeigen oder verbergen' })).toBeInTheDocument();
  });

  it("says the server's 'Choose a country' in the user language", async () => {
    await setLanguage('fr', { remember: false });
    expect(translateValidationMessage('Choose a country')).toBe('Choisissez un pays');
  });

  it('translates the built-in roles and keeps a custom role by its name', async () => {
    await setLanguage('de', { remember: false });
    renderWithProviders(<Roles names={['end-user', 'employee', 'lab-partners']} />);
    expect(screen.getByTestId('roles')).toHaveTextContent('Zahnarztpraxis, Backoffice-Mitarbeiter, lab-partners');
  });
});
