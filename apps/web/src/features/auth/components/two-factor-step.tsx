import { totpCodeSchema, twoFactorCodeSchema } from '@cuspid/contracts/two-factor';
import { Anchor, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ApiError } from '../../../lib/api-error';
import { zodFormValidator } from '../../../lib/form-validation';
import { errorMessage, notifyError } from '../../../lib/notify';
import { useLightForm } from '../../../lib/use-light-form';
import { verifyTwoFactor } from '../api/verify-two-factor';

type CodeValues = { code: string };
const appCodeForm = z.object({ code: totpCodeSchema });
const anyCodeForm = z.object({ code: twoFactorCodeSchema });

type TwoFactorStepProps = {
  /** The challenge POST /login answered. */
  challenge: string;
  onSuccess: () => void;
  /** Back to mail and password (asked, or the challenge expired). */
  onRestart: () => void;
};

/** The second sign-in step (ADR 0033): a code from the authenticator app, or one of the recovery codes. */
export function TwoFactorStep({ challenge, onSuccess, onRestart }: TwoFactorStepProps) {
  const { t } = useTranslation('auth');
  const [useRecoveryCode, setUseRecoveryCode] = useState(false);
  const [locked, setLocked] = useState(false);
  const form = useLightForm<CodeValues>({
    initialValues: { code: '' },
    validate: zodFormValidator<CodeValues>(useRecoveryCode ? anyCodeForm : appCodeForm),
  });

  const handleSubmit = form.onSubmit(async ({ code }) => {
    try {
      await verifyTwoFactor({ challenge, code });
      onSuccess();
    } catch (error) {
      if (error instanceof ApiError && error.code === 'TWO_FACTOR_CHALLENGE_EXPIRED') {
        notifyError(error);
        onRestart();
        return;
      }
      setLocked(error instanceof ApiError && error.status === 429);
      // A wrong code belongs beside the field, not only in the toast.
      if (error instanceof ApiError && error.code === 'INVALID_TWO_FACTOR_CODE') {
        form.setErrors({ code: errorMessage(error) });
      }
      notifyError(error);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="two-factor-form">
      <Stack>
        {locked && (
          <Text role="alert" size="sm" c="orange.8" data-testid="login-locked">
            <strong>{t('login.lockedTitle')}.</strong> {t('login.locked')}
          </Text>
        )}
        <Text size="sm">{useRecoveryCode ? t('twoFactor.recoveryIntro') : t('twoFactor.intro')}</Text>
        <TextInput
          key={useRecoveryCode ? 'recovery' : 'app'}
          label={useRecoveryCode ? t('twoFactor.recoveryCode') : t('twoFactor.code')}
          placeholder={useRecoveryCode ? 'xxxxx-xxxxx' : '123456'}
          autoComplete="one-time-code"
          inputMode={useRecoveryCode ? 'text' : 'numeric'}
          maxLength={useRecoveryCode ? 20 : 10}
          required
          data-autofocus
          autoFocus
          data-testid="two-factor-code"
          {...form.getInputProps('code')}
        />
        <Button type="submit" fullWidth loading={form.submitting} data-testid="two-factor-submit">
          {t('twoFactor.submit')}
        </Button>
        <Group justify="space-between" gap="xs">
          <Anchor
            component="button"
            type="button"
            size="sm"
            data-testid="two-factor-switch"
            onClick={() => {
              form.setErrors({});
              setUseRecoveryCode((current) => !current);
            }}
          >
            {useRecoveryCode ? t('twoFactor.useApp') : t('twoFactor.useRecoveryCode')}
          </Anchor>
          <Anchor component="button" type="button" size="sm" onClick={onRestart} data-testid="two-factor-back">
            {t('twoFactor.back')}
          </Anchor>
        </Group>
      </Stack>
    </form>
  );
}
