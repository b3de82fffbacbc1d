import type { CasePriceInput } from '@cuspid/contracts/packages';
import { Alert, Group, Loader, Stack, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { creditBalanceQuery } from '../../credits';
import { casePriceQuery } from '../api/packages';

type CasePriceProps = {
  upperTeeth: readonly number[];
  lowerTeeth: readonly number[];
  recalculation?: boolean;
  /** Whose country prices the case (default: the caller's company). */
  companyId?: string;
  /** Price in this country instead (back-office price checks). */
  country?: string;
  /** Also the company's balance and what is left after paying (before submitting a case or a recalculation). */
  showBalance?: boolean;
};

/**
 * What a case with these teeth costs, from POST /case-price (the server's one pricing function): the credits,
 * and how they add up. Shows a hint until a tooth is chosen.
 */
export function CasePrice({
  upperTeeth,
  lowerTeeth,
  recalculation = false,
  companyId,
  country,
  showBalance = false,
}: CasePriceProps) {
  const { t } = useTranslation('packages');
  const format = useFormat();
  const ownCompanyId = useSession()?.token_info.company_id;
  const chosen = upperTeeth.length + lowerTeeth.length > 0;
  const body: CasePriceInput = {
    upper_teeth: [...upperTeeth],
    lower_teeth: [...lowerTeeth],
    recalculation,
    ...(companyId ? { company_id: companyId } : {}),
    ...(country ? { country } : {}),
  };
  // The last price stays shown (with a loader) while the next choice is priced.
  const price = useQuery({ ...casePriceQuery(body), enabled: chosen, placeholderData: keepPreviousData });
  // A caller who may not read the balance (no credit permission) simply sees none. Without a company named, the
  // balance is the user's own company's, under the same cache entry as the credits page's.
  const balanceOf = companyId ?? ownCompanyId ?? '';
  const balance = useQuery({
    ...creditBalanceQuery(balanceOf),
    enabled: showBalance && balanceOf !== '',
    retry: false,
  });

  if (!chosen) {
    return (
      <Text c="dimmed" size="sm" data-testid="case-price-hint">
        {t('price.chooseTeeth')}
      </Text>
    );
  }
  if (price.isError) {
    return (
      <Alert color="red" title={t('price.failed')}>
        {errorMessage(price.error)}
      </Alert>
    );
  }
  const data = price.data;
  return (
    <Stack gap={4} data-testid="case-price" aria-live="polite" aria-busy={price.isFetching}>
      <Group gap="xs" align="baseline">
        <Text size="xl" fw={700} data-testid="case-price-credits">
          {data ? t('price.credits', { count: data.credits }) : '…'}
        </Text>
        {price.isFetching && <Loader size="xs" aria-label={t('price.loading')} />}
      </Group>
      {data && (
        <>
          <Text size="sm" c="dimmed" data-testid="case-price-breakdown">
            {t('price.breakdown', {
              upper: data.teeth.upper.length,
              upperCost: data.upper_tooth_credits,
              lower: data.teeth.lower.length,
              lowerCost: data.lower_tooth_credits,
            })}
          </Text>
          {data.recalculation && (
            <Text size="sm" c="dimmed">
              {t('price.recalculation', {
                factor: format.number(data.recalculation_factor, { minimumFractionDigits: 2 }),
              })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {data.source === 'country' ? t('price.sourceCountry', { country: data.country }) : t('price.sourceDefault')}
          </Text>
          {showBalance && balance.data && (
            <Text
              size="sm"
              c={balance.data.total < data.credits ? 'orange.8' : undefined}
              data-testid="case-price-balance"
            >
              {balance.data.total < data.credits
                ? t('price.balanceShort', { balance: balance.data.total, count: data.credits - balance.data.total })
                : t('price.balanceAfter', { count: balance.data.total, after: balance.data.total - data.credits })}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
