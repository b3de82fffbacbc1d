import { passwordSchema } from '@cuspid/contracts';
import {
  type TwoFactorConfirmBody,
  type TwoFactorSetupResponse,
  totpCodeSchema,
  twoFactorCodeSchema,
} from '@cuspid/contracts/two-factor';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Code,
  CopyButton,
  Group,
  Image,
  PasswordInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { refreshOrEndSession } from '../../../lib/api-client';
import { zodFormValidator } from '../../../lib/form-validation';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateRecoveryCodes,
  useSetupTwoFactor,
  useTwoFactorStatus,
} from '../api/two-factor';
import { RecoveryCodesPanel } from './recovery-codes-panel';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; setup: TwoFactorSetupResponse }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** The base32 secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

/** Account settings: turn two-factor sign-in on (QR code, first code, recovery codes), off, or renew the codes. */
export function TwoFactorCard() {
  const { t } = useTranslation(['account', 'auth']);
  const format = useFormat();
  const status = useTwoFactorStatus();
  const mustSetUp = useSession()?.token_info.two_factor_setup_required === true;
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const idle = () => setStep({ kind: 'idle' });

  const handleCodesKept = async () => {
    idle();
    // The session's token_info still says the setup is due: a renewed one says it is done.
    if (mustSetUp && (await refreshOrEndSession())) notifySuccess(t('twoFactor.setupComplete'));
  };

  const data = status.data;
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="two-factor-card">
      <Group justify="space-between" align="flex-start" mb="md">
        <div>
          <Title order={2} size="h4">
            {t('twoFactor.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('twoFactor.description')}
          </Text>
        </div>
        {data && (
          <Badge color={data.enabled ? 'teal' : 'gray'} variant="light" data-testid="two-factor-state">
            {data.enabled ? t('twoFactor.on') : t('twoFactor.off')}
          </Badge>
        )}
      </Group>
      {status.isPending && <Skeleton h={80} />}
      {status.isError && (
        <Alert color="red">
          <Text size="sm" mb="sm">
            {errorMessage(status.error)}
          </Text>
          <Button size="xs" variant="light" color="red" onClick={() => void status.refetch()}>
            {t('common:actions.retry')}
          </Button>
        </Alert>
      )}
      {data && step.kind === 'codes' && <RecoveryCodesPanel codes={step.codes} onDone={() => void handleCodesKept()} />}
      {data && step.kind === 'password' && (
        <SetupPasswordForm onStarted={(setup) => setStep({ kind: 'scan', setup })} onCancel={idle} />
      )}
      {data && step.kind === 'scan' && (
        <ScanAndConfirm setup={step.setup} onEnabled={(codes) => setStep({ kind: 'codes', codes })} onCancel={idle} />
      )}
      {data && step.kind === 'disable' && <ConfirmIdentityForm kind="disable" onDone={idle} onCancel={idle} />}
      {data && step.kind === 'regenerate' && (
        <ConfirmIdentityForm
          kind="regenerate"
          onDone={idle}
          onCancel={idle}
          onCodes={(codes) => setStep({ kind: 'codes', codes })}
        />
      )}
      {data && step.kind === 'idle' && !data.enabled && (
        <Stack>
          {data.required && (
            <Alert color="orange" data-testid="two-factor-required">
              {t('twoFactor.required')}
            </Alert>
          )}
          <Text size="sm">{t('twoFactor.offIntro')}</Text>
          <Group>
            <Button onClick={() => setStep({ kind: 'password' })} data-testid="two-factor-start">
              {t('twoFactor.start')}
            </Button>
          </Group>
        </Stack>
      )}
      {data && step.kind === 'idle' && data.enabled && (
        <Stack>
          <Text size="sm">
            {t('twoFactor.onSince', { date: data.enabled_at ? format.date(data.enabled_at, true) : '' })}
          </Text>
          <Text
            size="sm"
            c={data.recovery_codes_remaining <= 3 ? 'orange.8' : undefined}
            data-testid="recovery-remaining"
          >
            {t('twoFactor.codesRemaining', { count: data.recovery_codes_remaining })}
          </Text>
          {data.required && <Text size="sm">{t('twoFactor.requiredOn')}</Text>}
          <Group>
            <Button variant="light" onClick={() => setStep({ kind: 'regenerate' })} data-testid="two-factor-regenerate">
              {t('twoFactor.regenerate')}
            </Button>
            {!data.required && (
              <Button
                variant="light"
                color="red"
                onClick={() => setStep({ kind: 'disable' })}
                data-testid="two-factor-disable"
              >
                {t('twoFactor.disable')}
              </Button>
            )}
          </Group>
        </Stack>
      )}
    </Card>
  );
}

const passwordForm = z.object({ password: passwordSchema });

/** Starting the setup asks for the password again. */
function SetupPasswordForm({
  onStarted,
  onCancel,
}: {
  onStarted: (setup: TwoFactorSetupResponse) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['account', 'auth']);
  const setup = useSetupTwoFactor();
  const form = useForm({ initialValues: { password: '' }, validate: zodFormValidator(passwordForm) });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      onStarted(await setup.mutateAsync(values));
    } catch (error) {
      notifyError(error, form);
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="two-factor-password-form">
      <Stack>
        <Text size="sm">{t('twoFactor.passwordIntro')}</Text>
        <PasswordInput
          label={t('auth:fields.password')}
          autoComplete="current-password"
          required
          data-autofocus
          visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="two-factor-password-submit">
            {t('twoFactor.continue')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const appCodeForm = z.object({ code: totpCodeSchema });

/** The QR code and the secret, then the first code from the app turns two-factor sign-in on. */
function ScanAndConfirm({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TwoFactorSetupResponse;
  onEnabled: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('account');
  const enable = useEnableTwoFactor();
  const form = useForm({ initialValues: { code: '' }, validate: zodFormValidator(appCodeForm) });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const answer = await enable.mutateAsync(values);
      notifySuccess(t('twoFactor.turnedOn'));
      onEnabled(answer.recovery_codes);
    } catch (error) {
      notifyError(error, form);
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate data-testid="two-factor-scan-form">
      <Stack>
        <Text size="sm">{t('twoFactor.scanIntro')}</Text>
        <Group align="flex-start" wrap="wrap" gap="lg">
          <Image
            src={setup.qr_code}
            alt={t('twoFactor.qrAlt')}
            w={200}
            h={200}
            bg="white"
            radius="sm"
            data-testid="two-factor-qr"
          />
          <Stack gap={4} maw={320}>
            <Text size="sm">{t('twoFactor.cannotScan')}</Text>
            <Group gap="xs" wrap="nowrap">
              <Code fz="sm" data-testid="two-factor-secret" data-secret={setup.secret}>
                {grouped(setup.secret)}
              </Code>
              <CopyButton value={setup.secret}>
                {({ copied, copy }) => (
                  <Button size="compact-xs" variant="subtle" onClick={copy}>
                    {copied ? t('twoFactor.copied') : t('twoFactor.copy')}
                  </Button>
                )}
              </CopyButton>
            </Group>
            <Anchor href={setup.otpauth_uri} size="sm">
              {t('twoFactor.openInApp')}
            </Anchor>
          </Stack>
        </Group>
        <TextInput
          label={t('auth:twoFactor.code')}
          placeholder="123456"
          autoComplete="one-time-code"
          inputMode="numeric"
          maxLength={10}
          required
          data-testid="two-factor-enable-code"
          {...form.getInputProps('code')}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="two-factor-enable-submit">
            {t('twoFactor.enable')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

const confirmForms = {
  password: z.object({ password: passwordSchema }),
  code: z.object({ code: twoFactorCodeSchema }),
};

/** Turning off and new recovery codes need the password, or a code from the app (or a recovery code). */
function ConfirmIdentityForm({
  kind,
  onDone,
  onCodes,
  onCancel,
}: {
  kind: 'disable' | 'regenerate';
  onDone: () => void;
  /** New recovery codes (kind regenerate). */
  onCodes?: (codes: string[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['account', 'auth']);
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateRecoveryCodes();
  const [withCode, setWithCode] = useState(false);
  const form = useForm({
    initialValues: { password: '', code: '' },
    validate: (values) => zodFormValidator(withCode ? confirmForms.code : confirmForms.password)(values),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    const body: TwoFactorConfirmBody = withCode ? { code: values.code } : { password: values.password };
    try {
      if (kind === 'disable') {
        await disable.mutateAsync(body);
        notifySuccess(t('twoFactor.turnedOff'));
        onDone();
      } else {
        const answer = await regenerate.mutateAsync(body);
        notifySuccess(t('twoFactor.regenerated'));
        onCodes?.(answer.recovery_codes);
      }
    } catch (error) {
      notifyError(error, form);
    }
  });
  return (
    <form onSubmit={handleSubmit} noValidate data-testid={`two-factor-${kind}-form`}>
      <Stack>
        <Text size="sm">{kind === 'disable' ? t('twoFactor.disableIntro') : t('twoFactor.regenerateIntro')}</Text>
        {withCode ? (
          <TextInput
            key="code"
            label={t('twoFactor.codeOrRecovery')}
            autoComplete="one-time-code"
            required
            data-autofocus
            data-testid="two-factor-confirm-code"
            {...form.getInputProps('code')}
          />
        ) : (
          <PasswordInput
            key="password"
            label={t('auth:fields.password')}
            autoComplete="current-password"
            required
            data-autofocus
            visibilityToggleButtonProps={{ 'aria-label': t('auth:fields.togglePassword') }}
            data-testid="two-factor-confirm-password"
            {...form.getInputProps('password')}
          />
        )}
        <Group justify="space-between">
          <Anchor
            component="button"
            type="button"
            size="sm"
            onClick={() => {
              form.clearErrors();
              setWithCode((current) => !current);
            }}
          >
            {withCode ? t('twoFactor.usePassword') : t('twoFactor.useCode')}
          </Anchor>
          <Group gap="xs">
            <Button variant="default" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
            <Button
              type="submit"
              color={kind === 'disable' ? 'red' : undefined}
              loading={form.submitting}
              data-testid={`two-factor-${kind}-submit`}
            >
              {kind === 'disable' ? t('twoFactor.disable') : t('twoFactor.regenerate')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
