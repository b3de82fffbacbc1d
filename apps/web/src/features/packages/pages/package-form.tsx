import { CREDIT_TYPES, type CreditType } from '@cuspid/contracts/credits';
import { type Package, packageInputSchema } from '@cuspid/contracts/packages';
import {
  Card,
  Checkbox,
  Container,
  NativeSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { type FormErrors, useForm } from '@mantine/form';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { amountToCents, centsToAmount } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { usePackage, useSavePackage } from '../api/packages';
import { packageFormErrors, renamedErrors } from '../components/package-messages';
import { packagePaths } from '../paths';

type PackageFormValues = {
  name: string;
  description: string;
  credits: number | string;
  /** In the currency's units (12.50), sent as integer cents. */
  price: number | string;
  currency: string;
  credit_type: CreditType;
  active: boolean;
  sort_order: number | string;
};

const FIELD_OF = { price_cents: 'price' };

function toValues(pkg?: Package): PackageFormValues {
  return {
    name: pkg?.name ?? '',
    description: pkg?.description ?? '',
    credits: pkg?.credits ?? '',
    price: pkg ? centsToAmount(pkg.price_cents) : '',
    currency: pkg?.currency ?? 'EUR',
    credit_type: (pkg?.credit_type as CreditType | undefined) ?? 'paid',
    active: pkg?.active ?? true,
    sort_order: pkg?.sort_order ?? 0,
  };
}

const numberOrUndefined = (value: number | string) => (value === '' ? undefined : Number(value));

function toBody(values: PackageFormValues) {
  return {
    name: values.name,
    description: values.description,
    credits: numberOrUndefined(values.credits),
    price_cents: values.price === '' ? undefined : amountToCents(values.price),
    currency: values.currency,
    credit_type: values.credit_type,
    active: values.active,
    sort_order: numberOrUndefined(values.sort_order) ?? 0,
  };
}

/** The package form (create and edit): validated with the server's schema, saved to /packages. */
export function PackageForm({ pkg }: { pkg?: Package }) {
  const { t } = useTranslation(['packages', 'common']);
  const navigate = useNavigate();
  const save = useSavePackage();
  const [savedId, setSavedId] = useState<string | null>(null);
  const form = useForm<PackageFormValues>({
    initialValues: toValues(pkg),
    validate: (values) => packageFormErrors(t, packageInputSchema, toBody(values), FIELD_OF),
  });

  // Leaves once the guard knows the form is saved.
  useEffect(() => {
    if (savedId) void navigate(packagePaths.packageShow(savedId));
  }, [savedId, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        ...(pkg ? { id: pkg.id } : {}),
        body: packageInputSchema.parse(toBody(values)),
      });
      notifySuccess(t('form.saved'));
      setSavedId(saved.id);
    } catch (error) {
      notifyError(error, { setErrors: (errors: FormErrors) => form.setErrors(renamedErrors(errors, FIELD_OF)) });
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="package-form">
      <UnsavedChangesGuard when={form.isDirty() && !savedId && !save.isPending} />
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('fields.name')} required data-autofocus {...form.getInputProps('name')} />
            <NumberInput
              label={t('fields.credits')}
              required
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('credits')}
            />
            <NumberInput
              label={t('fields.price')}
              description={t('form.priceHint')}
              required
              min={0}
              decimalScale={2}
              allowNegative={false}
              {...form.getInputProps('price')}
            />
            <TextInput
              label={t('fields.currency')}
              description={t('form.currencyHint')}
              maxLength={3}
              {...form.getInputProps('currency')}
            />
            <NativeSelect
              label={t('fields.creditType')}
              data={CREDIT_TYPES.map((type) => ({ value: type, label: t(`creditType.${type}`) }))}
              {...form.getInputProps('credit_type')}
            />
            <NumberInput
              label={t('fields.sortOrder')}
              description={t('form.sortOrderHint')}
              allowDecimal={false}
              {...form.getInputProps('sort_order')}
            />
          </SimpleGrid>
          <Textarea mt="md" label={t('fields.description')} rows={3} {...form.getInputProps('description')} />
          <Checkbox mt="md" label={t('fields.activeLong')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={save.isPending} />
      </Stack>
    </form>
  );
}

/** /packages/create. */
export function PackageCreatePage() {
  const { t } = useTranslation(['packages', 'nav']);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="package-create-page">
        <PageHeader back={{ to: packagePaths.packages, list: t('nav:packages') }} title={t('form.createTitle')} />
        <PackageForm />
      </Stack>
    </Container>
  );
}

/** /packages/{id}/edit. */
export function PackageEditPage() {
  const { t } = useTranslation(['packages', 'nav']);
  const { id = '' } = useParams();
  const pkg = usePackage(id);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="package-edit-page">
        <PageHeader back={{ to: packagePaths.packages, list: t('nav:packages') }} title={t('form.editTitle')} />
        <QueryState query={pkg} back={{ to: packagePaths.packages, list: t('nav:packages') }}>
          {(data) => <PackageForm key={data.id} pkg={data} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
