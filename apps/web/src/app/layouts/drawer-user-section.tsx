import { UI_LANGUAGES } from '@cuspid/contracts';
import {
  Avatar,
  Button,
  Divider,
  Group,
  NativeSelect,
  NavLink,
  Stack,
  Switch,
  Text,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@mantine/core';
import { IconLogout, IconUserCog } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { accountPaths } from '../../features/account';
import { currentLanguage, isUiLanguage, setLanguage } from '../../lib/i18n';
import { useSignedInUser, useSignOut } from './user-menu';

/**
 * The header's user menu, language and colour scheme as they sit in the menu drawer of a phone, where the header
 * keeps only the burger, the product name and the search: who is signed in, the account settings, the language, the
 * dark skin and signing out.
 */
export function DrawerUserSection({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const signOut = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const isDark = useComputedColorScheme('light', { getInitialValueInEffect: true }) === 'dark';
  if (!user) return null;

  return (
    <Stack gap="xs" data-testid="drawer-user-section">
      <Divider />
      <Group gap="sm" wrap="nowrap" px="xs">
        <Avatar color="cyan" radius="xl" size={34} aria-hidden>
          {user.initials}
        </Avatar>
        <Stack gap={0} miw={0}>
          <Text size="xs" c="dimmed">
            {t('header.signedInAs')}
          </Text>
          <Text size="sm" fw={500} truncate data-testid="drawer-user-identity">
            {user.label}
          </Text>
        </Stack>
      </Group>
      <NavLink
        component={Link}
        to={accountPaths.accountSetting}
        label={t('nav.accountSettings')}
        leftSection={<IconUserCog size={18} aria-hidden />}
        onClick={onNavigate}
        data-testid="drawer-account-settings"
      />
      <NativeSelect
        px="xs"
        label={t('header.language')}
        data={UI_LANGUAGES.map((language) => ({ value: language, label: t(`languages.${language}`) }))}
        value={currentLanguage()}
        onChange={(event) => {
          const language = event.currentTarget.value;
          if (isUiLanguage(language)) void setLanguage(language);
        }}
        data-testid="drawer-language"
      />
      <Switch
        px="xs"
        py={4}
        label={t('header.darkMode')}
        checked={isDark}
        onChange={(event) => setColorScheme(event.currentTarget.checked ? 'dark' : 'light')}
        data-testid="drawer-color-scheme"
      />
      {/* The theme's red text, not color="red": shade 6 on white stays below AA (as in the header's menu). */}
      <Button
        variant="subtle"
        justify="flex-start"
        c="var(--mantine-color-red-text)"
        leftSection={<IconLogout size={18} aria-hidden />}
        onClick={signOut}
        data-testid="drawer-logout"
      >
        {t('header.logout')}
      </Button>
    </Stack>
  );
}
