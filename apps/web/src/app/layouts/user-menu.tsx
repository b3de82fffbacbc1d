import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUserCog } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { appPaths } from '../../config/paths';
import { accountPaths } from '../../features/account';
import { logout } from '../../features/auth/api/logout';
import { useSession } from '../../lib/session';

function initials(first: string | null, last: string | null, mail: string): string {
  const letters = `${first?.[0] ?? ''}${last?.[0] ?? ''}`;
  return (letters || mail.slice(0, 2)).toUpperCase();
}

/** Who is signed in: the name (or the mail address when there is none) and the initials of the avatar. */
export function useSignedInUser() {
  const session = useSession();
  if (!session) return null;
  const { user } = session.token_info;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return { label: name || user.mail, initials: initials(user.first_name, user.last_name, user.mail) };
}

/** Ends the session on the server and here, then opens the login page (the header's menu and the phone's drawer). */
export function useSignOut() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return () => {
    void logout(queryClient).then(() => navigate(appPaths.login, { replace: true }));
  };
}

export function UserMenu() {
  const { t } = useTranslation('common');
  const user = useSignedInUser();
  const handleLogout = useSignOut();
  if (!user) return null;
  const shown = user.initials;

  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        {/* The name holds the initials shown, so a speech user can say what they see (WCAG 2.5.3). */}
        <UnstyledButton aria-label={`${t('header.userMenu')}: ${shown}`} data-testid="user-menu">
          <Avatar color="cyan" radius="xl" size={34}>
            {shown}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('header.signedInAs')}</Menu.Label>
        <Text px="sm" pb="xs" size="sm" fw={500} truncate data-testid="user-menu-identity">
          {user.label}
        </Text>
        <Menu.Divider />
        <Menu.Item
          component={Link}
          to={accountPaths.accountSetting}
          leftSection={<IconUserCog size={16} aria-hidden />}
        >
          {t('nav.accountSettings')}
        </Menu.Item>
        {/* Not color="red": Mantine paints a menu item in shade 6 (3.3:1 on white); the theme's red text reaches AA. */}
        <Menu.Item
          color="var(--mantine-color-red-text)"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={handleLogout}
          data-testid="logout-button"
        >
          {t('header.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
