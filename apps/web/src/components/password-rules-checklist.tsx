import { brokenPasswordRules, PASSWORD_MIN_LENGTH, type PasswordRule } from '@cuspid/contracts';
import { List, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';

const RULES: PasswordRule[] = ['min', 'number', 'capital', 'special'];

/** The password policy, ticked off live as the user types. */
export function PasswordRulesChecklist({ password }: { password: string }) {
  const { t } = useTranslation('auth');
  const broken = brokenPasswordRules(password);
  return (
    <div data-testid="password-rules">
      <Text size="sm" fw={500} mb={4}>
        {t('passwordRules.title')}
      </Text>
      <List spacing={2} size="sm" center>
        {RULES.map((rule) => {
          const isMet = !broken.includes(rule);
          return (
            <List.Item
              key={rule}
              data-rule={rule}
              data-met={isMet}
              icon={
                <ThemeIcon color={isMet ? 'teal' : 'gray'} size={18} radius="xl" variant={isMet ? 'filled' : 'light'}>
                  {isMet ? <IconCheck size={12} aria-hidden /> : <IconX size={12} aria-hidden />}
                </ThemeIcon>
              }
            >
              <Text span size="sm" c={isMet ? undefined : 'dimmed'}>
                {t(`passwordRules.${rule}`, { min: PASSWORD_MIN_LENGTH })}
              </Text>
              <VisuallyHidden>{` (${isMet ? t('passwordRules.met') : t('passwordRules.missing')})`}</VisuallyHidden>
            </List.Item>
          );
        })}
      </List>
    </div>
  );
}
