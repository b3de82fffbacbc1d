import { COUNTRY_CODES } from '@cuspid/contracts/companies';
import { type CountryPackage, countryPackageInputSchema } from '@cuspid/contracts/packages';
import { Button, Checkbox, Group, Modal, NativeSelect, NumberInput, Stack, TextInput } from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { amountToCents, centsToAmount } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSaveCountryPrice } from '../api/packages';
import { packageFormErrors, renamedErrors } from './package-messages';

type Values = { country: string; price: number | string; currency: string; available: boolean };

const FIELD_OF = { price_cents: 'price' };

type CountryPriceModalProps = {
  opened: boolean;
  packageId: string;
  /** The package's own currency, proposed for a new country price. */
  currency: string;
  /** The row edited, or null for a new one. */
  price: CountryPackage | null;
  onClose: () => void;
};

/** Add or edit a package's price and availability in one country. */
export function CountryPriceModal({ opened, packageId, currency, price, onClose }: CountryPriceModalProps) {
  const { t, i18n } = useTranslation(['packages', 'common']);
  const save = useSaveCountryPrice();
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const toBody = (values: Values) => ({
    package_id: packageId,
    country: values.country,
    price_cents: values.price === '' ? undefined : amountToCents(values.price),
    currency: values.currency,
    available: values.available,
  });
  const form = useForm<Values>({
    initialValues: { country: '', price: '', currency, available: true },
    validate: (values) => packageFormErrors(t, countryPackageInputSchema, toBody(values), FIELD_OF),
  });
  const { setValues, resetDirty } = form;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the form is filled anew when the modal opens
  useEffect(() => {
    if (!opened) return;
    const values: Values = price
      ? {
          country: price.country,
          price: centsToAmount(price.price_cents),
          currency: price.currency,
          available: price.available,
        }
      : { country: '', price: '', currency, available: true };
    setValues(values);
    resetDirty(values);
  }, [opened, price]);

  const handleSubmit = form.onSubmit(async (values) => {
    const { package_id, ...body } = countryPackageInputSchema.parse(toBody(values));
    try {
      await save.mutateAsync(price ? { id: price.id, body } : { body: { package_id, ...body } });
      notifySuccess(t('countryPrices.saved'));
      onClose();
    } catch (error) {
      notifyError(error, { setErrors: (errors: FormErrors) => form.setErrors(renamedErrors(errors, FIELD_OF)) });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={price ? t('countryPrices.editTitle') : t('countryPrices.addTitle')}
      data-testid="country-price-modal"
    >
      <form onSubmit={handleSubmit} noValidate data-testid="country-price-form">
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
            label={t('fields.price')}
            required
            min={0}
            decimalScale={2}
            allowNegative={false}
            {...form.getInputProps('price')}
          />
          <TextInput label={t('fields.currency')} maxLength={3} {...form.getInputProps('currency')} />
          <Checkbox
            label={t('fields.available')}
            description={t('countryPrices.availableHint')}
            {...form.getInputProps('available', { type: 'checkbox' })}
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
