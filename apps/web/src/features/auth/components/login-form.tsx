// zod/mini, not the contracts' root: full zod stays out of the login page's JS (bench web-size, ADR 0110).
import { type LoginBody, loginBodySchema } from '@cuspid/contracts/sign-in';
import type { TwoFactorChallenge } from '@cuspid/contracts/two-factor';
import { Anchor, Button, Loader, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../../lib/api-error';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError } from '../../../lib/notify';
import { useLightForm } from '../../../lib/use-light-form';
import { accountLinkPaths } from '../../account-links';
import { isTwoFactorChallenge, useLogin } from '../api/login';
import { authPaths } from '../paths';

// The second step loads only for users with two-factor sign-in: the login page's JS has a size budget.
const TwoFactorStep = lazy(async () => ({ default: (await import('./two-factor-step')).TwoFactorStep }));

type LoginFormProps = { onSuccess: () => void };

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const login = useLogin();
  // After repeated failures the server pauses sign-in (429): say so plainly, beside the form.
  const [locked, setLocked] = useState(false);
  // The password was right and two-factor sign-in is on: the code is asked next (ADR 0033).
  const [challenge, setChallenge] = useState<TwoFactorChallenge | null>(null);
  const form = useLightForm<LoginBody>({
    initialValues: { mail: '', password: '' },
    validate: zodFormValidator<LoginBody>(loginBodySchema),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await login.mutateAsync(loginBodySchema.parse(values));
      if (isTwoFactorChallenge(answer)) {
        setLocked(false);
        setChallenge(answer);
        return;
      }
      onSuccess();
    } catch (error) {
      setLocked(error instanceof ApiError && error.status === 429);
      notifyError(error, form);
    }
  });

  if (challenge) {
    return (
      <Suspense fallback={<Loader size="sm" mx="auto" display="block" aria-label={t('twoFactor.loading')} />}>
        <TwoFactorStep
          challenge={challenge.challenge}
          onSuccess={onSuccess}
          onRestart={() => {
            form.setErrors({});
            setChallenge(null);
          }}
        />
      </Suspense>
    );
  }

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="login-form">
      <Stack>
        {locked && (
          // Plain text, not Mantine's Alert: the login page's bundle has a size budget (bench: web-size).
          <Text role="alert" size="sm" c="orange.8" data-testid="login-locked">
            <strong>{t('login.lockedTitle')}.</strong> {t('login.locked')}
          </Text>
        )}
        <TextInput
          label={t('fields.mail')}
          placeholder={t('fields.mailPlaceholder')}
          type="email"
          autoComplete="username"
          required
          data-autofocus
          {...form.getInputProps('mail')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          visibilityToggleButtonProps={{ 'aria-label': t('fields.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <Anchor
          component={Link}
          to={accountLinkPaths.forgotPassword}
          size="sm"
          ta="right"
          data-testid="forgot-password-link"
        >
          {t('login.forgotPassword')}
        </Anchor>
        <Button type="submit" fullWidth loading={form.submitting} data-testid="login-submit">
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to={authPaths.register} data-testid="register-link">
            {t('login.register')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
