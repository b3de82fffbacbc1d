import { useTranslation } from 'react-i18next';

/**
 * A role's name as shown: a built-in role (admin, employee, end-user…) in the user's language, a role an
 * administrator made under the name it was given.
 */
export function useRoleName() {
  const { t } = useTranslation('common');
  return (name: string) => t(`roles.${name}`, { defaultValue: name });
}
