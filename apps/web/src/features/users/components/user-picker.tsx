import type { UserRecord } from '@cuspid/contracts';
import type { SelectProps } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { type SearchOption, ServerSearchSelect } from '../../../components/server-search-select';
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

const optionOf = (user: UserRecord): SearchOption => ({ value: user.id, label: userName(user), detail: user.mail });

/** A pasted user id, offered as it is. */
const typedId = (search: string): SearchOption | null =>
  UUID.test(search) ? { value: search.toLowerCase(), label: search.toLowerCase() } : null;

/** The users whose name or mail matches (GET /auth/list-users, the first USER_PICKER_LIMIT); none for a pasted id. */
function useUserMatches(search: string) {
  const users = useQuery({
    ...userListQuery({ limit_start: 0, limit_count: USER_PICKER_LIMIT, search: search || undefined }),
    enabled: search !== '' && !typedId(search),
  });
  const options = useMemo(() => (users.data?.data ?? []).map(optionOf), [users.data]);
  return { options, isFetching: false };
}

/** A user chosen before (a shared or reloaded URL): their name and mail. */
function useChosenUser(id: string, enabled: boolean) {
  const user = useQuery({ ...userQuery(id), enabled, retry: false });
  return user.data ? optionOf(user.data) : undefined;
}

/**
 * A searchable choice of one user: the typed text finds users by name or mail, each shown with name and mail; the
 * value is the user's id. A pasted user id is offered as it is, so that a user the list does not find (deleted, or
 * out of the searcher's reach) can still be chosen.
 */
export function UserPicker(props: UserPickerProps) {
  return (
    <ServerSearchSelect
      useMatches={useUserMatches}
      useChosen={useChosenUser}
      typedOption={typedId}
      optionTestId="user-picker-option"
      {...props}
    />
  );
}
