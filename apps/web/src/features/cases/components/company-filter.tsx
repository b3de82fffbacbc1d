import { Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useCompanyChoices, useCompanyName } from '../api/cases';

type CompanyFilterProps = Pick<SelectProps, 'description' | 'error' | 'w'> & {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/** A searchable choice of one company (the first 20 matching the typed name): the staff's filters and forms. */
export function CompanyFilter({ label, placeholder, value, onChange, ...props }: CompanyFilterProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 300);
  const choices = useCompanyChoices(debounced, true);
  const [chosenName, setChosenName] = useState<string | null>(null);
  const listed = (choices.data?.data ?? []).some((c) => c.id === value);
  // A company chosen before (a shared or reloaded URL) that the first matches leave out: its name is read.
  const chosen = useCompanyName(value, Boolean(value) && !listed && chosenName === null && !choices.isFetching);
  const data = useMemo(() => {
    const options = (choices.data?.data ?? []).map((c) => ({ value: c.id, label: c.company_name }));
    if (value && !options.some((o) => o.value === value))
      options.unshift({ value, label: chosenName ?? chosen.data?.company_name ?? value });
    return options;
  }, [choices.data, value, chosenName, chosen.data]);
  return (
    <Select
      label={label}
      placeholder={placeholder}
      data={data}
      value={value || null}
      searchable
      clearable
      onSearchChange={setSearch}
      filter={({ options }) => options}
      onChange={(next, option) => {
        setChosenName(option?.label ?? null);
        onChange(next ?? '');
      }}
      w={240}
      {...props}
    />
  );
}
