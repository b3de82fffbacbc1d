import { Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';

/** One choice: its id, its name and, shown under the name, a detail (e.g. a user's mail). */
export type SearchOption = { value: string; label: string; detail?: string };

type ServerSearchSelectProps = Pick<SelectProps, 'description' | 'error' | 'w' | 'placeholder'> & {
  label: string;
  /** The chosen id ('' for none). */
  value: string;
  onChange: (id: string) => void;
  /** The server's matches for the typed text (trimmed, 300 ms after the last key), and whether it is asking. */
  useMatches: (search: string) => { options: SearchOption[]; isFetching: boolean };
  /** The option of a chosen id the matches leave out (a shared or reloaded URL), read while `enabled`. */
  useChosen: (id: string, enabled: boolean) => SearchOption | undefined;
  /** An option the typed text is by itself (a pasted id), offered first. */
  typedOption?: (search: string) => SearchOption | null;
  /** Options show their detail under the name, each marked with this test id. */
  optionTestId?: string;
  'data-testid'?: string;
};

/**
 * A searchable choice of one record the server finds: the typed text is sent (debounced) and the server's matches
 * are offered as they are, not filtered again by their names. The chosen record stays offered by its name, read
 * when the matches do not hold it. UserPicker and the cases' CompanyFilter are built on it.
 */
export function ServerSearchSelect({
  value,
  onChange,
  useMatches,
  useChosen,
  typedOption,
  optionTestId,
  ...props
}: ServerSearchSelectProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<SearchOption | null>(null);
  const matches = useMatches(debounced);
  const typed = typedOption?.(debounced) ?? null;
  const known = chosen?.value === value || matches.options.some((option) => option.value === value);
  const current = useChosen(value, Boolean(value) && !known && !matches.isFetching);
  const options = useMemo(() => {
    const all = [...matches.options];
    const add = (option: SearchOption) => {
      if (!all.some((o) => o.value === option.value)) all.unshift(option);
    };
    if (typed) add(typed);
    if (value) add(chosen?.value === value ? chosen : (current ?? { value, label: value }));
    return all;
  }, [matches.options, typed, value, chosen, current]);
  const detailOf = (id: string) => options.find((o) => o.value === id)?.detail ?? '';

  return (
    <Select
      data={options.map(({ value: id, label }) => ({ value: id, label }))}
      value={value || null}
      searchable
      clearable
      onSearchChange={setSearch}
      // The server has matched already; the options are not filtered again by their names.
      filter={({ options: shown }) => shown}
      renderOption={
        optionTestId
          ? ({ option }) => (
              <Stack gap={0} data-testid={optionTestId}>
                <Text size="sm">{option.label}</Text>
                {detailOf(option.value) && detailOf(option.value) !== option.label ? (
                  <Text size="xs" c="dimmed">
                    {detailOf(option.value)}
                  </Text>
                ) : null}
              </Stack>
            )
          : undefined
      }
      onChange={(next) => {
        setChosen(next ? (options.find((o) => o.value === next) ?? null) : null);
        onChange(next ?? '');
      }}
      {...props}
    />
  );
}
