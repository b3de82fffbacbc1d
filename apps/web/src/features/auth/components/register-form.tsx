import { isLanguageCode } from '@cuspid/contracts';
import { COUNTRY_CODES, registerCompanySchema, type VatCheckResult } from '@cuspid/contracts/companies';
import {
  ActionIcon,
  Anchor,
  Button,
  Group,
  Image,
  NativeSelect,
  PasswordInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconRefresh } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PasswordRulesChecklist } from '../../../components/password-rules-checklist';
import { appPaths } from '../../../config/paths';
import { matchingConfirmation, zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCaptcha, useCheckVatId, useRegisterCompany, useRegistrationOptions } from '../../registration';

type RegisterValues = {
  company_name: string;
  country: string;
  vat_id: string;
  address_line1: string;
  zip: string;
  city: string;
  contact_person: string;
  mail: string;
  password: string;
  password_confirmation: string;
  captcha_answer: string;
};

type RegisterFormProps = { onSuccess: () => void };

/** Company registration (spec section 5): the company, its first user, a VAT check and an image captcha. */
export function RegisterForm({ onSuccess }: RegisterFormProps) {
  const { t, i18n } = useTranslation(['auth', 'registration']);
  const options = useRegistrationOptions();
  const captchaEnabled = options.data?.captcha_enabled ?? true;
  const captcha = useCaptcha(captchaEnabled);
  const register = useRegisterCompany();
  const checkVat = useCheckVatId();
  const [vatResult, setVatResult] = useState<VatCheckResult | null>(null);
  const form = useForm<RegisterValues>({
    initialValues: {
      company_name: '',
      country: '',
      vat_id: '',
      address_line1: '',
      zip: '',
      city: '',
      contact_person: '',
      mail: '',
      password: '',
      password_confirmation: '',
      captcha_answer: '',
    },
    validate: zodFormValidator<RegisterValues>(
      registerCompanySchema,
      matchingConfirmation<RegisterValues>('password', 'password_confirmation'),
      (values) =>
        captchaEnabled && !values.captcha_answer.trim() ? { captcha_answer: t('registration:captchaRequired') } : {},
    ),
    onValuesChange: (values, previous) => {
      if (values.vat_id !== previous.vat_id || values.country !== previous.country) setVatResult(null);
    },
  });

  const countries = useMemo(() => {
    const allowed = options.data?.allowed_countries.length ? options.data.allowed_countries : [...COUNTRY_CODES];
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return allowed
      .map((code) => ({ value: code, label: names.of(code) ?? code }))
      .sort((a, b) => a.label.localeCompare(b.label, i18n.language));
  }, [options.data, i18n.language]);
  const vatRequired = options.data?.vat_required_countries.includes(form.values.country) ?? false;
  // What VIES knows of the VAT id, as a hint to compare with what was typed (ADR 0055).
  const viesDetails = vatResult?.checkedOnline ? [vatResult.name, vatResult.address].filter(Boolean).join(', ') : '';

  const reloadCaptcha = () => {
    form.setFieldValue('captcha_answer', '');
    void captcha.refetch();
  };

  const handleCheckVat = async () => {
    const vatId = form.values.vat_id.trim();
    if (!vatId) return;
    try {
      const result = await checkVat.mutateAsync({
        vat_id: vatId,
        ...(form.values.country ? { country: form.values.country } : {}),
      });
      setVatResult(result);
      if (!result.valid) {
        form.setFieldError(
          'vat_id',
          t(result.checkedOnline ? 'registration:vatInvalidOnline' : 'registration:vatInvalid'),
        );
      }
    } catch (error) {
      notifyError(error, form);
    }
  };

  const handleSubmit = form.onSubmit(async (values) => {
    const { password_confirmation: _confirmation, captcha_answer, ...rest } = values;
    try {
      const body = registerCompanySchema.parse({
        ...rest,
        // The first user's mails (the welcome mail first) go out in the language the form is shown in.
        ...(isLanguageCode(i18n.language) ? { contact_language: i18n.language } : {}),
        ...(captchaEnabled && captcha.data ? { captcha_id: captcha.data.id, captcha_answer } : {}),
      });
      await register.mutateAsync(body);
      notifySuccess(t('register.success'));
      onSuccess();
    } catch (error) {
      // The captcha is spent by every attempt: show a new one (before the errors, which a value change clears).
      if (captchaEnabled) reloadCaptcha();
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="register-form">
      <Stack>
        <Title order={2} size="h4">
          {t('registration:companySection')}
        </Title>
        <TextInput
          label={t('registration:companyName')}
          required
          data-autofocus
          autoComplete="organization"
          {...form.getInputProps('company_name')}
        />
        <NativeSelect
          label={t('registration:country')}
          required
          data={[{ value: '', label: t('registration:chooseCountry') }, ...countries]}
          data-testid="register-country"
          {...form.getInputProps('country')}
        />
        <Group align="flex-end" gap="xs" wrap="nowrap">
          <TextInput
            label={t('registration:vatId')}
            description={vatRequired ? t('registration:vatRequired') : undefined}
            required={vatRequired}
            style={{ flex: 1 }}
            data-testid="register-vat-id"
            {...form.getInputProps('vat_id')}
            onBlur={() => void handleCheckVat()}
          />
          <Button
            variant="light"
            onClick={() => void handleCheckVat()}
            loading={checkVat.isPending}
            disabled={!form.values.vat_id.trim()}
            data-testid="register-check-vat"
          >
            {t('registration:checkVat')}
          </Button>
        </Group>
        {vatResult?.valid && (
          <Stack gap={2}>
            <Text size="sm" c="teal" data-testid="register-vat-valid">
              {t(vatResult.checkedOnline ? 'registration:vatValidOnline' : 'registration:vatValidOffline')}
            </Text>
            {viesDetails && (
              <Text size="sm" c="dimmed" data-testid="register-vat-vies">
                {t('registration:vatViesDetails', { details: viesDetails })}
              </Text>
            )}
          </Stack>
        )}
        <TextInput
          label={t('registration:addressLine1')}
          autoComplete="address-line1"
          {...form.getInputProps('address_line1')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('registration:zip')} autoComplete="postal-code" {...form.getInputProps('zip')} />
          <TextInput label={t('registration:city')} autoComplete="address-level2" {...form.getInputProps('city')} />
        </SimpleGrid>
        <TextInput
          label={t('registration:contactPerson')}
          autoComplete="name"
          {...form.getInputProps('contact_person')}
        />

        <Title order={2} size="h4" mt="sm">
          {t('registration:userSection')}
        </Title>
        <TextInput
          label={t('fields.mail')}
          placeholder={t('fields.mailPlaceholder')}
          type="email"
          autoComplete="email"
          required
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

        {captchaEnabled && (
          <Stack gap="xs" data-testid="register-captcha">
            <Group gap="xs" wrap="nowrap">
              {captcha.data ? (
                <Image
                  src={captcha.data.image}
                  alt={t('registration:captchaImage')}
                  w={160}
                  h={56}
                  radius="sm"
                  bg="white"
                  data-testid="register-captcha-image"
                  data-captcha-id={captcha.data.id}
                />
              ) : (
                <Skeleton w={160} h={56} />
              )}
              <ActionIcon
                variant="light"
                size="lg"
                onClick={reloadCaptcha}
                loading={captcha.isFetching}
                aria-label={t('registration:captchaReload')}
                data-testid="register-captcha-reload"
              >
                <IconRefresh size={18} aria-hidden />
              </ActionIcon>
            </Group>
            {captcha.isError && (
              <Text size="sm" c="red">
                {t('registration:captchaFailed')}
              </Text>
            )}
            <TextInput
              label={t('registration:captchaAnswer')}
              required
              autoComplete="off"
              data-testid="register-captcha-answer"
              {...form.getInputProps('captcha_answer')}
            />
          </Stack>
        )}

        <Button type="submit" fullWidth loading={form.submitting} data-testid="register-submit">
          {t('register.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('register.hasAccount')}{' '}
          <Anchor component={Link} to={appPaths.login} data-testid="login-link">
            {t('register.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}
