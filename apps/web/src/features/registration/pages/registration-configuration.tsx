import {
  COUNTRY_CODES,
  type RegistrationConfiguration,
  registrationConfigurationSchema,
} from '@cuspid/contracts/companies';
import { Button, Card, Container, Group, MultiSelect, NumberInput, Skeleton, Stack, Switch } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useRegistrationConfiguration, useSaveRegistrationConfiguration } from '../api/registration-configuration';
import { RegistrationRoleSelect } from '../components/registration-role-select';

function ConfigurationForm({ initial }: { initial: RegistrationConfiguration }) {
  const { t, i18n } = useTranslation('registration');
  const save = useSaveRegistrationConfiguration();
  const form = useForm<RegistrationConfiguration>({
    initialValues: initial,
    validate: zodFormValidator<RegistrationConfiguration>(registrationConfigurationSchema),
  });
  const countries = useMemo(() => {
    const names = new Intl.DisplayNames([i18n.language], { type: 'region' });
    return COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code }));
  }, [i18n.language]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(registrationConfigurationSchema.parse(values));
      form.setInitialValues(saved);
      form.reset();
      notifySuccess(t('registrationConfiguration.saved'));
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="registration-configuration-form">
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <Switch
            label={t('registrationConfiguration.captcha')}
            {...form.getInputProps('captcha_enabled', { type: 'checkbox' })}
          />
          <NumberInput
            label={t('registrationConfiguration.freeCredits')}
            description={t('registrationConfiguration.freeCreditsHint')}
            min={0}
            allowDecimal={false}
            w={240}
            {...form.getInputProps('free_credits')}
          />
          <MultiSelect
            label={t('registrationConfiguration.allowedCountries')}
            description={t('registrationConfiguration.allowedCountriesHint')}
            data={countries}
            searchable
            clearable
            {...form.getInputProps('allowed_countries')}
          />
          <MultiSelect
            label={t('registrationConfiguration.vatRequiredCountries')}
            data={countries}
            searchable
            clearable
            {...form.getInputProps('vat_required_countries')}
          />
          <RegistrationRoleSelect
            value={form.values.role_id}
            onChange={(roleId) => form.setFieldValue('role_id', roleId)}
            error={form.errors.role_id}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={form.submitting} disabled={!form.isDirty()}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}

/** Registration settings (route /registration-configuration, backoffice-global-configuration). */
export function RegistrationConfigurationPage() {
  const { t } = useTranslation('registration');
  const configuration = useRegistrationConfiguration();
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader title={t('registrationConfiguration.title')} description={t('registrationConfiguration.intro')} />
        {configuration.data ? <ConfigurationForm initial={configuration.data} /> : <Skeleton h={320} />}
      </Stack>
    </Container>
  );
}
