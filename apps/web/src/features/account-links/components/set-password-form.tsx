import { setPasswordWithLinkBodySchema } from '@cuspid/contracts';
import { Button, PasswordInput, Stack } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { PasswordRulesChecklist } from '../../../components/password-rules-checklist';
import { matchingConfirmation, zodFormValidator } from '../../../lib/form-validation';

type Values = { password: string; password_confirmation: string };
export type PasswordFormHandle = { setErrors: (errors: FormErrors) => void };
const passwordOnly = setPasswordWithLinkBodySchema.pick({ password: true });

type SetPasswordFormProps = {
  /** The account's mail, for password managers (kept in a hidden username field). */
  mail: string;
  submitLabel: string;
  /** Sends the password; a thrown error is shown by the caller, field errors land on the form. */
  onSubmit: (password: string, form: PasswordFormHandle) => Promise<void>;
};

/** A new password with its confirmation and the policy ticked off live (invitation and password reset). */
export function SetPasswordForm({ mail, submitLabel, onSubmit }: SetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const form = useForm<Values>({
    initialValues: { password: '', password_confirmation: '' },
    validate: zodFormValidator<Values>(passwordOnly, matchingConfirmation<Values>('password', 'password_confirmation')),
  });
  const submit = form.onSubmit((values) => onSubmit(values.password, form));

  return (
    <form onSubmit={submit} noValidate data-testid="set-password-form">
      <Stack>
        <input type="text" name="username" autoComplete="username" value={mail} readOnly hidden />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <PasswordInput
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          {...form.getInputProps('password_confirmation')}
        />
        <PasswordRulesChecklist password={form.values.password} />
        <Button type="submit" fullWidth loading={form.submitting} data-testid="set-password-submit">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
