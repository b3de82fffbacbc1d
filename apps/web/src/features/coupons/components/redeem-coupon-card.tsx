import { redeemCouponSchema } from '@cuspid/contracts/coupons';
import { Button, Card, Group, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-error';
import { translateValidationMessage, zodFormValidator } from '../../../lib/form-validation';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useRedeemCoupon } from '../api/coupons';

/**
 * 'Redeem coupon': a company enters a credits coupon's code (any case) and gets its credits. A refusal (unknown,
 * expired, used up, already used, a discount coupon…) is shown on the field. `companyId`: redeem for another
 * company within reach (default: the user's own).
 */
export function RedeemCouponCard({ companyId }: { companyId?: string }) {
  const { t } = useTranslation('coupons');
  const redeem = useRedeemCoupon();
  const form = useForm({
    initialValues: { code: '' },
    validate: zodFormValidator<{ code: string }>(redeemCouponSchema),
  });

  const handleSubmit = form.onSubmit(async ({ code }) => {
    try {
      const result = await redeem.mutateAsync({ code: code.trim(), ...(companyId ? { company_id: companyId } : {}) });
      notifySuccess(t(`redeem.success_${result.credit_type}`, { count: result.credits }));
      form.reset();
    } catch (error) {
      // A refusal of the coupon is the field's error (translated from its code); anything else is a toast.
      const refusal = error instanceof ApiError ? error.errors?.code?.[0] : undefined;
      if (refusal !== undefined) {
        const validation = (error as ApiError).code === 'VALIDATION_FAILED';
        form.setFieldError('code', validation ? translateValidationMessage(refusal) : errorMessage(error));
      } else notifyError(error);
    }
  });

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="redeem-coupon">
      <Title order={2} size="h4">
        {t('redeem.title')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('redeem.intro')}
      </Text>
      <form onSubmit={handleSubmit} noValidate>
        <Group align="flex-start" gap="sm">
          <TextInput
            aria-label={t('redeem.label')}
            placeholder={t('redeem.placeholder')}
            autoComplete="off"
            ff="monospace"
            style={{ flex: 1, maxWidth: 360 }}
            {...form.getInputProps('code')}
            data-testid="redeem-coupon-code"
          />
          <Button type="submit" loading={redeem.isPending} data-testid="redeem-coupon-submit">
            {t('redeem.submit')}
          </Button>
        </Group>
      </form>
    </Card>
  );
}
