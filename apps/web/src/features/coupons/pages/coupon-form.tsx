import {
  COUPON_KINDS,
  type Coupon,
  type CouponInput,
  type CouponKind,
  couponInputSchema,
} from '@cuspid/contracts/coupons';
import { CREDIT_TYPES, type CreditType } from '@cuspid/contracts/credits';
import {
  Card,
  Checkbox,
  Container,
  NativeSelect,
  NumberInput,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DateField } from '../../../components/date-field';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { zodFormValidator } from '../../../lib/form-validation';
import { amountToCents, centsToAmount } from '../../../lib/money';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useCoupon, useSaveCoupon } from '../api/coupons';
import { couponPaths } from '../paths';

type NumberValue = number | string;

/**
 * The form's values carry the request's field names, so that the schema's and the server's field errors land on
 * their inputs; `amount_off_cents` holds the amount in currency units here, `starts_at` and `ends_at` a day
 * (YYYY-MM-DD) of the user's time zone.
 */
export type CouponFormValues = {
  code: string;
  description: string;
  kind: CouponKind;
  credits: NumberValue;
  credit_type: CreditType;
  percent_off: NumberValue;
  amount_off_cents: NumberValue;
  currency: string;
  free_users: NumberValue;
  max_uses: NumberValue;
  max_uses_per_company: NumberValue;
  starts_at: string;
  ends_at: string;
  active: boolean;
};

const numberOrNull = (value: NumberValue) => (value === '' || value === null ? null : Number(value));

function useConversions() {
  const format = useFormat();
  const toDay = (iso: string | null) => (iso ? format.toDateTimeInput(iso).slice(0, 10) : '');
  return {
    toValues(coupon?: Coupon): CouponFormValues {
      return {
        code: coupon?.code ?? '',
        description: coupon?.description ?? '',
        kind: coupon?.kind ?? 'credits',
        credits: coupon?.credits ?? '',
        credit_type: coupon?.credit_type ?? 'free',
        percent_off: coupon?.percent_off ?? '',
        amount_off_cents: coupon?.amount_off_cents != null ? centsToAmount(coupon.amount_off_cents) : '',
        currency: coupon?.currency ?? 'EUR',
        free_users: coupon?.free_users ?? '',
        max_uses: coupon?.max_uses ?? '',
        max_uses_per_company: coupon?.max_uses_per_company ?? 1,
        starts_at: toDay(coupon?.starts_at ?? null),
        ends_at: toDay(coupon?.ends_at ?? null),
        active: coupon?.active ?? true,
      };
    },
    /** The request body: the fields of the other kinds are null; a coupon runs from the start of its first day to the end of its last. */
    toBody(values: CouponFormValues, coupon?: Coupon) {
      const amount = numberOrNull(values.amount_off_cents);
      return {
        code: values.code,
        description: values.description.trim() || null,
        kind: values.kind,
        credits: values.kind === 'credits' ? numberOrNull(values.credits) : null,
        credit_type: values.credit_type,
        percent_off: values.kind === 'percent' ? numberOrNull(values.percent_off) : null,
        amount_off_cents: values.kind === 'fixed' && amount !== null ? amountToCents(amount) : null,
        currency: values.currency.trim().toUpperCase(),
        // The packages a discount applies to are not edited here (yet): an edit keeps them.
        package_ids: coupon?.package_ids ?? [],
        free_users: numberOrNull(values.free_users),
        max_uses: numberOrNull(values.max_uses),
        max_uses_per_company: numberOrNull(values.max_uses_per_company) ?? 1,
        starts_at: values.starts_at ? format.fromDateTimeInput(`${values.starts_at}T00:00`) : null,
        ends_at: values.ends_at ? format.fromDateTimeInput(`${values.ends_at}T23:59`) : null,
        active: values.active,
      };
    },
  };
}

export function CouponForm({ coupon }: { coupon?: Coupon }) {
  const { t } = useTranslation(['coupons', 'common']);
  const navigate = useNavigate();
  const save = useSaveCoupon();
  const { toValues, toBody } = useConversions();
  const form = useForm<CouponFormValues>({
    initialValues: toValues(coupon),
    validate: (values) => zodFormValidator<unknown>(couponInputSchema)(toBody(values, coupon)),
  });
  const kind = form.values.kind;

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const body: CouponInput = couponInputSchema.parse(toBody(values, coupon));
      const saved = await save.mutateAsync({ ...(coupon ? { id: coupon.id } : {}), body });
      notifySuccess(t('form.saved'));
      void navigate(couponPaths.couponShow(saved.id));
    } catch (error) {
      notifyError(error, form);
    }
  });

  const limit = (field: 'free_users' | 'max_uses', label: string, hint: string) => (
    <NumberInput
      label={t(label)}
      description={t(hint)}
      placeholder={t('form.unlimited')}
      min={1}
      allowDecimal={false}
      allowNegative={false}
      {...form.getInputProps(field)}
    />
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="coupon-form">
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={t('fields.code')}
              description={t('form.codeHint')}
              required
              data-autofocus
              ff="monospace"
              {...form.getInputProps('code')}
            />
            <Textarea label={t('fields.description')} rows={2} {...form.getInputProps('description')} />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <div>
              <Text size="sm" fw={500} mb={4} id="coupon-kind-label">
                {t('fields.kind')}
              </Text>
              <SegmentedControl
                aria-labelledby="coupon-kind-label"
                data={COUPON_KINDS.map((value) => ({ value, label: t(`kind.${value}`) }))}
                {...form.getInputProps('kind')}
                data-testid="coupon-kind"
              />
              <Text size="xs" c="dimmed" mt={4}>
                {t(`form.kindHint.${kind}`)}
              </Text>
            </div>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {kind === 'credits' && (
                <>
                  <NumberInput
                    label={t('fields.credits')}
                    required
                    min={1}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps('credits')}
                  />
                  <NativeSelect
                    label={t('fields.creditType')}
                    data={CREDIT_TYPES.map((value) => ({ value, label: t(`creditType.${value}`) }))}
                    {...form.getInputProps('credit_type')}
                  />
                </>
              )}
              {kind === 'percent' && (
                <NumberInput
                  label={t('fields.percentOff')}
                  required
                  min={1}
                  max={100}
                  suffix=" %"
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('percent_off')}
                />
              )}
              {kind === 'fixed' && (
                <>
                  <NumberInput
                    label={t('fields.amountOff')}
                    required
                    min={0.01}
                    decimalScale={2}
                    allowNegative={false}
                    {...form.getInputProps('amount_off_cents')}
                  />
                  <TextInput label={t('fields.currency')} maxLength={3} {...form.getInputProps('currency')} />
                </>
              )}
            </SimpleGrid>
          </Stack>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('form.limits')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {limit('free_users', 'fields.freeUsers', 'form.freeUsersHint')}
            {limit('max_uses', 'fields.maxUses', 'form.maxUsesHint')}
            <NumberInput
              label={t('fields.maxUsesPerCompany')}
              min={1}
              allowDecimal={false}
              allowNegative={false}
              {...form.getInputProps('max_uses_per_company')}
            />
            <DateField
              label={t('fields.startsAt')}
              {...form.getInputProps('starts_at')}
              value={form.values.starts_at}
            />
            <DateField label={t('fields.endsAt')} {...form.getInputProps('ends_at')} value={form.values.ends_at} />
          </SimpleGrid>
          <Checkbox mt="md" label={t('fields.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

export function CouponCreatePage() {
  const { t } = useTranslation(['coupons', 'nav']);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: couponPaths.couponCodes, list: t('nav:couponCodes') }} title={t('form.createTitle')} />
        <CouponForm />
      </Stack>
    </Container>
  );
}

export function CouponEditPage() {
  const { t } = useTranslation(['coupons', 'nav']);
  const { id = '' } = useParams();
  const coupon = useCoupon(id);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: couponPaths.couponCodes, list: t('nav:couponCodes') }} title={t('form.editTitle')} />
        <QueryState
          query={coupon}
          loadFailed={t('loadFailed')}
          back={{ to: couponPaths.couponCodes, list: t('nav:couponCodes') }}
        >
          {(data) => <CouponForm coupon={data} />}
        </QueryState>
      </Stack>
    </Container>
  );
}
