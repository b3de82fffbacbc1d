import type { Company } from '@cuspid/contracts/companies';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompanyChoices } from '../api/invoices';

type InvoiceCompanySelectProps = {
  value: string;
  /** The chosen company, as the list answered it (its country, VAT id and reverse-charge mark decide the tax). */
  onChange: (company: Company | null) => void;
  error?: ReactNode;
};

/** The company an invoice is for: a searchable choice of the first 20 companies whose name matches. */
export function InvoiceCompanySelect({ value, onChange, error }: InvoiceCompanySelectProps) {
  const { t } = useTranslation('invoices');
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const choices = useCompanyChoices(debounced);
  const [chosen, setChosen] = useState<Company | null>(null);
  const data = useMemo(() => {
    const companies = choices.data?.data ?? [];
    const options = companies.map((c) => ({ value: c.id, label: c.company_name }));
    // The chosen company stays an option when a later search leaves it out.
    if (chosen && !options.some((o) => o.value === chosen.id))
      options.unshift({ value: chosen.id, label: chosen.company_name });
    return options;
  }, [choices.data, chosen]);

  return (
    <Select
      label={t('fields.company')}
      placeholder={t('form.companyPlaceholder')}
      nothingFoundMessage={choices.isFetching ? t('form.companySearching') : t('form.companyNone')}
      required
      searchable
      data={data}
      value={value || null}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(id) => {
        const company = (choices.data?.data ?? []).find((c) => c.id === id) ?? (chosen?.id === id ? chosen : null);
        setChosen(company);
        onChange(company);
      }}
      error={error}
      data-autofocus
      data-testid="invoice-company"
    />
  );
}
