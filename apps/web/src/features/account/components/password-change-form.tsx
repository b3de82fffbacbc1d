import { changePasswordBodySchema } from '@cuspid/contracts';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordRulesChecklist } from '../../../components/password-rules-checklist';
import { matchingConfirmation, zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useChangePassword } from '../api/change-password';

type PasswordValues = { current_password: string; new_password: string; new_password_confirmation: string };

const EMPTY: PasswordValues = { current_password: '', new_password: '', new_password_confirmation: '' };

type PasswordChangeFormProps = {
  /** Told whether the form holds unsaved changes (the page warns before leaving). */
  onDirtyChange?: (isDirty: boolean) => void;
};

export function PasswordChangeForm({ onDirtyChange }: PasswordChangeFormProps = {}) {
  const { t } = useTranslation(['account', 'auth']);
  const changePassword = useChangePassword();
  const form = useForm<PasswordValues>({
    initialValues: EMPTY,
    validate: zodFormValidator<PasswordValues>(
      changePasswordBodySchema,
      matchingConfirmation<PasswordValues>('new_password', 'new_password_confirmation'),
    ),
  });
  const isDirty = form.isDirty();

  useEffect(() => {
    onDirtyChange?.(isDirty);
  }, [isDirty, onDirtyChange]);

  const toggleProps = { 'aria-label': t('auth:fields.togglePassword') };

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await changePassword.mutateAsync({
        current_password: values.current_password,
        new_password: values.new_password,
      });
      form.reset();
      notifySuccess(t('settings.passwordChanged'));
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="password-change-form">
      <Stack>
        <PasswordInput
          label={t('settings.currentPassword')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('current_password')}
        />
        <PasswordInput
          label={t('settings.newPassword')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('new_password')}
        />
        <PasswordInput
          label={t('settings.newPasswordConfirmation')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={toggleProps}
          {...form.getInputProps('new_password_confirmation')}
        />
        <PasswordRulesChecklist password={form.values.new_password} />
        <Group justify="flex-end">
          <Button type="submit" loading={form.submitting} data-testid="password-change-submit">
            {t('settings.changePassword')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
