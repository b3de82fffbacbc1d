import { Button, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render-app';
import { ApiError } from './api-error';
import { notifyError } from './notify';
import { useLightForm } from './use-light-form';

type Values = { name: string; mail: string; code: string };

/** A form as the pages write it: Mantine's useForm, client rules, and the server's field errors via notifyError. */
function ProfileForm({ serverErrors }: { serverErrors?: Record<string, string[]> }) {
  const form = useForm<Values>({
    initialValues: { name: 'Ada', mail: '', code: '' },
    validate: {
      mail: (value) => (value.includes('@') ? null : 'Enter a mail address'),
      code: (value) => (value ? null : 'Enter a code'),
    },
  });
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async () => {
        notifyError(new ApiError(400, { code: 'VALIDATION', message: 'invalid', errors: serverErrors }), form);
      })}
    >
      <TextInput label="Name" {...form.getInputProps('name')} />
      <TextInput label="Mail" {...form.getInputProps('mail')} />
      <TextInput label="Code" {...form.getInputProps('code')} />
      <Button type="submit">Save</Button>
    </form>
  );
}

function LightForm() {
  const form = useLightForm({
    initialValues: { mail: 'a@b.c', password: '' },
    validate: (values) => (values.password ? {} : { password: 'Enter your password' }),
  });
  return (
    <form noValidate onSubmit={form.onSubmit(async () => undefined)}>
      <TextInput label="Mail" {...form.getInputProps('mail')} />
      <TextInput label="Password" {...form.getInputProps('password')} />
      <Button type="submit">Sign in</Button>
    </form>
  );
}

describe('focus after a failed submit', () => {
  it('moves to the first field that failed client validation', async () => {
    renderWithProviders(<ProfileForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Mail')).toHaveFocus());
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('moves to the first field the server refused', async () => {
    renderWithProviders(<ProfileForm serverErrors={{ code: ['The code is taken'] }} />);
    await userEvent.type(screen.getByLabelText('Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Code'), 'X1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByLabelText('Code')).toHaveFocus());
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });

  it('leaves the focus alone when nothing is in error', async () => {
    renderWithProviders(<ProfileForm serverErrors={undefined} />);
    await userEvent.type(screen.getByLabelText('Mail'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Code'), 'X1');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
  });

  it('works for the light form of the sign-in page too', async () => {
    renderWithProviders(<LightForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(screen.getByLabelText('Password')).toHaveFocus());
  });
});
