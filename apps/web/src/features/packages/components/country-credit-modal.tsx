import { COUNTRY_CODES } from '@cuspid/contracts/companies';
import { type CountryCredit, countryCreditInputSchema } from '@cuspid/contracts/packages';
import { Button, Group, Modal, NativeSelect, NumberInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveCountryCredit } from '../api/packages';
import { packageFormErrors } from './package-messages';

type Values = { country: string; upper_tooth_credits: number | string; lower_tooth_credits: number | string };

const toBody = (values: Values) => ({
  country: values.country,
  upper_tooth_credits: values.upper_tooth_credits === '' ? undefined : Number(values.upper_tooth_credits),
  lower_tooth_credits: values.lower_tooth_credits === '' ? undefined : Number(values.lower_tooth_credits),
});

/** Add or edit the tooth costs of one country. */
export function CountryCreditModal({
  opened,
  row,
  onClose,
}: {
  opened: boolean;
  row: CountryCredit | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation(['packages', 'common']);
  const save = useSaveCountryCredit();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const form = useForm<Values>({
    initialValues: { country: '', upper_tooth_credits: '', lower_tooth_credits: '' },
    validate: (values) => packageFormErrors(t, countryCreditInputSchema, toBody(values)),
  });
  const { setValues, resetDirty } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled anew when the modal opens
  useEffect(() => {
    if (!opened) return;
    const values: Values = row
      ? {
          country: row.country,
          upper_tooth_credits: row.upper_tooth_credits,
          lower_tooth_credits: row.lower_tooth_credits,
        }
      : { country: '', upper_tooth_credits: '', lower_tooth_credits: '' };
    setValues(values);
    resetDirty(values);
  }, [opened, row]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const body = countryCreditInputSchema.parse(toBody(values));
      await save.mutateAsync(row ? { id: row.id, body } : { body });
      notifySuccess(t('countryCredits.saved'));
      onClose();
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={row ? t('countryCredits.editTitle') : t('countryCredits.addTitle')}
      data-testid="country-credit-modal"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="country-credit-form">
        <Stack gap="md">
          <NativeSelect
            label={t('fields.country')}
            required
            data-autofocus
            data={[
              { value: '', label: t('form.chooseCountry') },
              ...COUNTRY_CODES.map((code) => ({ value: code, label: `${names.of(code) ?? code} (${code})` })),
            ]}
            {...form.getInputProps('country')}
          />
          <NumberInput
            label={t('fields.upperToothCredits')}
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('upper_tooth_credits')}
          />
          <NumberInput
            label={t('fields.lowerToothCredits')}
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('lower_tooth_credits')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('form.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('form.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
