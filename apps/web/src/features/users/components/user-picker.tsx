import type { UserRecord } from '@cuspid/contracts';
import { Select, type SelectProps, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { userListQuery, userQuery } from '../api/users';

/** How many users a typed name or mail offers. */
export const USER_PICKER_LIMIT = 20;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type UserPickerProps = Pick<SelectProps, 'description' | 'error' | 'w' | 'placeholder'> & {
  label: string;
  /** The chosen user's id ('' for none). */
  value: string;
  onChange: (id: string) => void;
  'data-testid'?: string;
};

/** A user's name, or the mail for a user without one. */
export const userName = (user: Pick<UserRecord, 'first_name' | 'last_name' | 'mail'>) =>
  [user.first_name, user.last_name].filter(Boolean).join(' ') || user.mail;

type Option = { value: string; label: string; mail: string };

const optionOf = (user: UserRecord): Option => ({ value: user.id, label: userName(user), mail: user.mail });

/**
 * A searchable choice of one user: the typed text finds users by name or mail (GET /auth/list-users, the first
 * USER_PICKER_LIMIT), each shown with name and mail; the value is the user's id. A pasted user id is offered as it
 * is, so that a user the list does not find (deleted, or out of the searcher's reach) can still be chosen.
 */
export function UserPicker({ label, value, onChange, ...props }: UserPickerProps) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [chosen, setChosen] = useState<Option | null>(null);
  const typedId = UUID.test(debounced) ? debounced.toLowerCase() : null;
  const users = useQuery({
    ...userListQuery({ limit_start: 0, limit_count: USER_PICKER_LIMIT, search: debounced || undefined }),
    enabled: debounced !== '' && !typedId,
  });
  const listed = users.data?.data ?? [];
  const known = chosen?.value === value || listed.some((user) => user.id === value);
  // A user chosen before (a shared or reloaded URL): their name and mail are read.
  const current = useQuery({ ...userQuery(value), enabled: Boolean(value) && !known, retry: false });
  const data = useMemo(() => {
    const options = listed.map(optionOf);
    const add = (option: Option) => {
      if (!options.some((o) => o.value === option.value)) options.unshift(option);
    };
    if (typedId) add({ value: typedId, label: typedId, mail: '' });
    if (value) {
      if (chosen?.value === value) add(chosen);
      else if (current.data) add(optionOf(current.data));
      else add({ value, label: value, mail: '' });
    }
    return options;
  }, [listed, typedId, value, chosen, current.data]);
  const mailOf = (id: string) => data.find((o) => o.value === id)?.mail ?? '';

  return (
    <Select
      label={label}
      data={data}
      value={value || null}
      searchable
      clearable
      onSearchChange={setSearch}
      // The server has matched name and mail already; the options are not filtered again by the label.
      filter={({ options }) => options}
      renderOption={({ option }) => (
        <Stack gap={0} data-testid="user-picker-option">
          <Text size="sm">{option.label}</Text>
          {mailOf(option.value) && mailOf(option.value) !== option.label ? (
            <Text size="xs" c="dimmed">
              {mailOf(option.value)}
            </Text>
          ) : null}
        </Stack>
      )}
      onChange={(next) => {
        setChosen(next ? (data.find((o) => o.value === next) ?? null) : null);
        onChange(next ?? '');
      }}
      {...props}
    />
  );
}
