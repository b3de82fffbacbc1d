import { Alert, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/notify';
import { useCreditBalance } from '../api/credits';
import { useCreditsFormat } from './use-credits-format';

/** A company's balance: free, paid and total credits, and the rule that says which are spent first. */
export function CreditBalanceCards({ companyId }: { companyId: string }) {
  const { t } = useTranslation('credits');
  const credits = useCreditsFormat();
  const balance = useCreditBalance(companyId);

  if (balance.isError) {
    return (
      <Alert color="red" title={t('loadFailed')} data-testid="credit-balance-error">
        {errorMessage(balance.error)}
      </Alert>
    );
  }
  const cards = [
    { key: 'free', label: t('balance.free'), value: balance.data?.balances.free },
    { key: 'paid', label: t('balance.paid'), value: balance.data?.balances.paid },
    { key: 'total', label: t('balance.total'), value: balance.data?.total },
  ] as const;
  return (
    <Stack gap="xs" data-testid="credit-balance">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {cards.map((card) => (
          <Card key={card.key} withBorder radius="lg" padding="lg" data-testid={`credit-balance-${card.key}`}>
            <Text size="sm" c="dimmed" fw={500}>
              {card.label}
            </Text>
            {card.value === undefined ? (
              <Skeleton h={34} mt={4} w={80} />
            ) : (
              <Text fz={28} fw={700} lh={1.3}>
                {credits(card.value)}
              </Text>
            )}
          </Card>
        ))}
      </SimpleGrid>
      <Group gap={6} wrap="nowrap">
        <IconInfoCircle size={16} aria-hidden color="var(--mantine-color-dimmed)" />
        <Text size="sm" c="dimmed" data-testid="credit-spending-rule">
          {t('balance.spendingRule')}
        </Text>
      </Group>
    </Stack>
  );
}
