import { NativeSelect, Skeleton, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRoleList } from '../../roles';

type Props = {
  value: string | null;
  onChange: (roleId: string | null) => void;
  error?: React.ReactNode;
};

const ALL_ROLES = { limit_start: 0, limit_count: 500, sort_by: 'priority', sort_dir: 'asc' } as const;

/**
 * The role a registering user gets (ADR 0055): a role flagged "can register", or none ("automatic"),
 * which gives every role flagged for automatic assignment on registration.
 */
export function RegistrationRoleSelect({ value, onChange, error }: Props) {
  const { t } = useTranslation('registration');
  const roles = useRoleList(ALL_ROLES);
  if (roles.isPending) return <Skeleton h={60} />;
  if (roles.isError) {
    return (
      <Text size="sm" c="red" data-testid="registration-role-failed">
        {t('registrationConfiguration.rolesFailed')}
      </Text>
    );
  }
  const all = roles.data.data;
  const automatic = all.filter((role) => role.assign_on_registration).map((role) => role.title);
  const registrable = all.filter((role) => role.can_register);
  const data = [
    {
      value: '',
      label: automatic.length
        ? t('registrationConfiguration.roleAutomatic', { roles: automatic.join(', ') })
        : t('registrationConfiguration.roleAutomaticNone'),
    },
    ...registrable.map((role) => ({ value: role.id, label: role.title })),
  ];
  return (
    <NativeSelect
      label={t('registrationConfiguration.role')}
      description={t('registrationConfiguration.roleHint')}
      data={data}
      value={value ?? ''}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      data-testid="registration-role"
    />
  );
}
