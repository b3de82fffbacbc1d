import { Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useRoleName } from '../../../lib/role-name';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';

/** Who is signed in: company, roles, last sign-in (relative, exact date on hover). */
export function AccountSummaryCard() {
  const { t } = useTranslation(['account', 'common']);
  const roleName = useRoleName();
  const session = useSession();
  const format = useFormat();
  if (!session) return null;
  const { user, roles } = session.token_info;

  const rows = [
    { label: t('home.mail'), value: user.mail, testId: 'summary-mail' },
    { label: t('home.company'), value: user.company_name, testId: 'summary-company' },
    {
      label: t('home.lastLogin'),
      value: user.last_login ? (
        <time dateTime={user.last_login} title={format.date(user.last_login, true)}>
          {format.relativeTime(user.last_login)}
        </time>
      ) : (
        t('home.firstLogin')
      ),
      testId: 'summary-last-login',
    },
    {
      label: t('home.contactLanguage'),
      value: t(`common:languages.${user.contact_language}`),
      testId: 'summary-language',
    },
    { label: t('home.timezone'), value: user.timezone, testId: 'summary-timezone' },
  ];

  return (
    <Card withBorder radius="lg" padding="lg" data-testid="account-summary">
      <Title order={2} size="h4" mb="md">
        {t('home.summaryTitle')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="dl" m={0}>
        {rows.map((row) => (
          <Stack key={row.testId} gap={2}>
            <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
              {row.label}
            </Text>
            <Text component="dd" m={0} data-testid={row.testId}>
              {row.value}
            </Text>
          </Stack>
        ))}
        <Stack gap={4}>
          <Text component="dt" size="xs" tt="uppercase" fw={600} c="dimmed">
            {t('home.roles')}
          </Text>
          <Group component="dd" m={0} gap={6} data-testid="summary-roles">
            {roles.length === 0 ? (
              <Text c="dimmed">{t('home.noRoles')}</Text>
            ) : (
              roles.map((role) => (
                <Badge key={role} variant="light">
                  {roleName(role)}
                </Badge>
              ))
            )}
          </Group>
        </Stack>
      </SimpleGrid>
    </Card>
  );
}
