import {
  CREDIT_REASONS,
  CREDIT_TYPES,
  type CreditEntry,
  type CreditReason,
  type CreditType,
} from '@cuspid/contracts/credits';
import { Anchor, Group, NativeSelect, Stack, Text } from '@mantine/core';
import { IconCoins } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DateField } from '../../../components/date-field';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useFormat } from '../../../lib/use-format';
import { useListParams, useUrlFilters } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { type CreditHistoryParams, useCreditHistory } from '../api/credits';
import { useCreditsFormat } from './use-credits-format';

const FILTER_KEYS = ['credit_type', 'reason', 'from', 'to'] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const oneOf = <T extends string>(values: readonly T[], value: string): T | '' =>
  (values as readonly string[]).includes(value) ? (value as T) : '';

/** A short, readable form of an id (the first block of the UUID). */
const shortId = (id: string) => id.slice(0, 8);

/** The amount with its sign written out (+ added, − taken), coloured as well but never by colour alone. */
export function SignedAmount({ amount }: { amount: number }) {
  const credits = useCreditsFormat();
  const sign = amount > 0 ? '+' : '\u2212';
  return (
    <Text span fw={600} c={amount > 0 ? 'teal' : 'red'} data-testid="credit-amount" style={{ whiteSpace: 'nowrap' }}>
      {sign}
      {credits(Math.abs(amount))}
    </Text>
  );
}

/** What a booking refers to; the case and the invoice by name and number, linked to their pages. */
function References({ entry }: { entry: CreditEntry }) {
  const { t } = useTranslation('credits');
  const parts: { key: string; text: string; to?: string }[] = [];
  if (entry.coupon_code)
    parts.push({ key: 'coupon', text: t('history.references.coupon', { code: entry.coupon_code }) });
  if (entry.package_name)
    parts.push({ key: 'package', text: t('history.references.package', { name: entry.package_name }) });
  if (entry.case_id)
    parts.push({
      key: 'case',
      text: t('history.references.case', { id: entry.case_name ?? shortId(entry.case_id) }),
      // A hidden or deleted case has no name here and no page to open.
      ...(entry.case_name ? { to: `/my-cases/${entry.case_id}/show` } : {}),
    });
  if (entry.invoice_id)
    parts.push({
      key: 'invoice',
      text: t('history.references.invoice', { id: entry.invoice_number ?? shortId(entry.invoice_id) }),
      ...(entry.invoice_number ? { to: `/invoices/${entry.invoice_id}/show` } : {}),
    });
  if (entry.refund_of)
    parts.push({ key: 'refund', text: t('history.references.refundOf', { id: shortId(entry.refund_of) }) });
  if (parts.length === 0)
    return (
      <Text span c="dimmed">
        –
      </Text>
    );
  return (
    <Stack gap={0}>
      {parts.map((part) =>
        part.to ? (
          <Anchor key={part.key} component={Link} to={part.to} size="sm" data-testid={`credit-ref-${part.key}`}>
            {part.text}
          </Anchor>
        ) : (
          <Text key={part.key} size="sm">
            {part.text}
          </Text>
        ),
      )}
    </Stack>
  );
}

/**
 * A company's ledger: every booking with its signed amount, the balance of its type after it, the reason and what
 * it refers to, who and when. Filters (type, reason, period, search in the note), paging and sort live in the URL.
 */
export function CreditHistoryTable({ companyId }: { companyId: string }) {
  const { t } = useTranslation('credits');
  const format = useFormat();
  const credits = useCreditsFormat();
  const { params } = useListParams();
  const { sort } = useSortParams();
  const filters = useUrlFilters(FILTER_KEYS);
  const creditType = oneOf<CreditType>(CREDIT_TYPES, filters.values.credit_type);
  const reason = oneOf<CreditReason>(CREDIT_REASONS, filters.values.reason);
  const from = DATE.test(filters.values.from) ? filters.values.from : '';
  const to = DATE.test(filters.values.to) ? filters.values.to : '';
  const sortBy = sort.sortBy === 'created_at' || sort.sortBy === 'amount' ? sort.sortBy : undefined;
  const query: CreditHistoryParams = { ...params, creditType, reason, from, to, sortBy, sortDir: sort.sortDir };
  const history = useCreditHistory(companyId, query);

  const columns: ListColumn<CreditEntry>[] = [
    {
      key: 'created_at',
      kind: 'date',
      label: t('history.fields.date'),
      sortKey: 'created_at',
      render: (entry) => format.date(entry.created_at, true),
    },
    {
      key: 'amount',
      kind: 'number',
      label: t('history.fields.amount'),
      sortKey: 'amount',
      render: (entry) => <SignedAmount amount={entry.amount} />,
    },
    {
      key: 'credit_type',
      kind: 'badge',
      label: t('history.fields.creditType'),
      render: (entry) => t(`creditType.${entry.credit_type}`),
    },
    {
      key: 'balance_after',
      kind: 'number',
      label: t('history.fields.balanceAfter'),
      render: (entry) => credits(entry.balance_after),
    },
    { key: 'reason', label: t('history.fields.reason'), render: (entry) => t(`reason.${entry.reason}`) },
    { key: 'reference', label: t('history.fields.reference'), render: (entry) => <References entry={entry} /> },
    {
      key: 'note',
      label: t('history.fields.note'),
      render: (entry) => (
        <Text size="sm" lineClamp={2} title={entry.note ?? undefined}>
          {entry.note ?? '–'}
        </Text>
      ),
    },
    { key: 'by', label: t('history.fields.by'), render: (entry) => entry.created_by?.name ?? t('history.system') },
  ];

  return (
    <ServerList
      testId="credit-history"
      rowTestId="credit-entry"
      columns={columns}
      query={history}
      searchLabel={t('history.search')}
      searchPlaceholder={t('history.searchPlaceholder')}
      loadFailed={t('history.loadFailed')}
      minWidth={960}
      filtered={filters.active}
      empty={{
        icon: <IconCoins size={40} stroke={1.3} aria-hidden color="var(--mantine-color-dimmed)" />,
        title: t('history.empty.noneTitle'),
        hint: t('history.empty.noneHint'),
        searchTitle: t('history.empty.searchTitle'),
        searchHint: t('history.empty.searchHint'),
      }}
      filters={
        <Group gap="sm" align="flex-end" role="group" aria-label={t('history.filters')}>
          <NativeSelect
            label={t('history.fields.creditType')}
            value={creditType}
            onChange={(event) => filters.setFilter('credit_type', event.currentTarget.value)}
            data={[
              { value: '', label: t('creditType.all') },
              ...CREDIT_TYPES.map((type) => ({ value: type, label: t(`creditType.${type}`) })),
            ]}
            w={170}
            data-testid="credit-history-type"
          />
          <NativeSelect
            label={t('history.fields.reason')}
            value={reason}
            onChange={(event) => filters.setFilter('reason', event.currentTarget.value)}
            data={[
              { value: '', label: t('reason.all') },
              ...CREDIT_REASONS.map((value) => ({ value, label: t(`reason.${value}`) })),
            ]}
            w={200}
            data-testid="credit-history-reason"
          />
          <DateField
            label={t('history.from')}
            value={from}
            maxDate={to || undefined}
            onChange={(day) => filters.setFilter('from', day)}
            w={170}
            data-testid="credit-history-from"
          />
          <DateField
            label={t('history.to')}
            value={to}
            minDate={from || undefined}
            onChange={(day) => filters.setFilter('to', day)}
            w={170}
            data-testid="credit-history-to"
          />
        </Group>
      }
    />
  );
}
