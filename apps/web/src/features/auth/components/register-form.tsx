import { registerBodySchema } from '@cuspid/contracts';
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordRulesChecklist } from '../../../components/password-rules-checklist';
import { paths } from '../../../config/paths';
import { matchingConfirmation, zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegister } from '../api/register';

type RegisterValues = { mail: string; password: string; password_confirmation: string };

type RegisterFormProps = { onSuccess: () => void };

export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { t } = useTranslation('auth');
  const register = useRegister();
  const form = useForm<RegisterValues>({
    initialValues: { mail: '', password: '', password_confirmation: '' },
    validate: zodFormValidator<RegisterValues>(
      registerBodySchema,
      matchingConfirmation<RegisterValues>('password', 'password_confirmation'),
    ),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const response = await register.mutateAsync(registerBodySchema.parse(values));
      notifySuccess(response?.message || t('register.success'));
      onSuccess();
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="register-form">
      <Stack>
        <TextInput
          label={t('fields.mail')}
          placeholder={t('fields.mailPlaceholder')}
          type="email"
          autoComplete="email"
          required
          data-autofocus
          {...form.getInputProps('mail')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="new-password"
          required
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
        <Button type="submit" fullWidth loading={form.submitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.hasAccount')}{' '}
          <Anchor component={Link} to={paths.login} data-testid="login-link">
            {t('register.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
