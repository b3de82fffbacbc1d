import { type ForgotPasswordBody, forgotPasswordBodySchema } from '@cuspid/contracts';
import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { appPaths } from '../../../config/paths';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError } from '../../../lib/notify';
import { useForgotPassword } from '../api/account-links';

/**
 * /forgot-password: asks for a reset mail. The server answers the same for every address, so the page
 * says "if an account exists" and never whether one does.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation(['password', 'auth']);
  const request = useForgotPassword();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<ForgotPasswordBody>({
    initialValues: { mail: '' },
    validate: zodFormValidator<ForgotPasswordBody>(forgotPasswordBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    try {
      const body = forgotPasswordBodySchema.parse(values);
      await request.mutateAsync(body);
      setSentTo(body.mail);
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <AuthCard title={t('forgot.title')} subtitle={sentTo ? undefined : t('forgot.subtitle')}>
      <Stack>
        {sentTo ? (
          <Alert color="teal" title={t('forgot.sentTitle')} data-testid="forgot-password-sent">
            {t('forgot.sent', { mail: sentTo })}
          </Alert>
        ) : (
          <form onSubmit={submit} noValidate data-testid="forgot-password-form">
            <Stack>
              <TextInput
                label={t('auth:fields.mail')}
                placeholder={t('auth:fields.mailPlaceholder')}
                type="email"
                autoComplete="username"
                required
                data-autofocus
                {...form.getInputProps('mail')}
              />
              <Button type="submit" fullWidth loading={form.submitting} data-testid="forgot-password-submit">
                {t('forgot.submit')}
              </Button>
            </Stack>
          </form>
        )}
        <Text size="sm" ta="center">
          <Anchor component={Link} to={appPaths.login} data-testid="back-to-login">
            {t('forgot.backToLogin')}
          </Anchor>
        </Text>
      </Stack>
    </AuthCard>
  );
}
