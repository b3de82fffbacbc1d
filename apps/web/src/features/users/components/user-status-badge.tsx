import type { UserStatus } from '@cuspid/contracts';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLOR: Record<UserStatus, string> = { active: 'teal', invited: 'blue', inactive: 'gray' };

/** Active, invited (has not accepted the invitation yet) or inactive (deactivated). */
export function UserStatusBadge({ status }: { status: UserStatus }) {
  const { t } = useTranslation('users');
  return (
    <Badge color={COLOR[status]} variant="dot" data-testid="user-status" data-status={status}>
      {t(`users.statuses.${status}`)}
    </Badge>
  );
}
