import type { SelectProps } from '@mantine/core';
import { useMemo } from 'react';
import { ServerSearchSelect } from '../../../components/server-search-select';
import { useCompanyChoices, useCompanyName } from '../api/cases';

type CompanyFilterProps = Pick<SelectProps, 'description' | 'error' | 'w'> & {
  label: string;
  placeholder: string;
  value: string;
  onChange: (value: string) => void;
  'data-testid'?: string;
};

/** The first 20 companies whose name matches the typed text. */
function useCompanyMatches(search: string) {
  const choices = useCompanyChoices(search, true);
  const options = useMemo(
    () => (choices.data?.data ?? []).map((company) => ({ value: company.id, label: company.company_name })),
    [choices.data],
  );
  return { options, isFetching: choices.isFetching };
}

/** A company chosen before (a shared or reloaded URL) that the first matches leave out: its name. */
function useChosenCompany(id: string, enabled: boolean) {
  const company = useCompanyName(id, enabled);
  return company.data ? { value: id, label: company.data.company_name } : undefined;
}

/** A searchable choice of one company (the first 20 matching the typed name): the staff's filters and forms. */
export function CompanyFilter(props: CompanyFilterProps) {
  return <ServerSearchSelect useMatches={useCompanyMatches} useChosen={useChosenCompany} w={240} {...props} />;
}
