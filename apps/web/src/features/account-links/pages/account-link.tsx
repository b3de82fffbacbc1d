import type { AccountLinkPurpose } from '@cuspid/contracts';
import { Skeleton, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../../components/auth-card';
import { appPaths } from '../../../config/paths';
import { ApiError } from '../../../lib/api-error';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { sessionStore } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useAcceptInvitation, useAccountLink, useResetPassword } from '../api/account-links';
import { LinkProblem, type LinkProblemKind, linkProblemOf } from '../components/link-problem';
import { type PasswordFormHandle, SetPasswordForm } from '../components/set-password-form';

const SECTION: Record<AccountLinkPurpose, 'invitation' | 'reset'> = {
  invitation: 'invitation',
  'password-reset': 'reset',
};

/**
 * A page a mailed link opens (ADR 0034): the link is checked first, so an expired or used one says so
 * before anyone types a password; a problem found on saving (the link was used meanwhile) shows the same way.
 */
function AccountLinkPage({ purpose }: { purpose: AccountLinkPurpose }) {
  const { t } = useTranslation(['password', 'auth']);
  const navigate = useNavigate();
  const format = useFormat();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const link = useAccountLink(token);
  const accept = useAcceptInvitation();
  const reset = useResetPassword();
  const [problemOnSave, setProblemOnSave] = useState<LinkProblemKind | null>(null);
  const section = SECTION[purpose];

  const checked: LinkProblemKind | null = !token
    ? 'invalid'
    : link.isError
      ? (linkProblemOf(link.error instanceof ApiError ? link.error.code : undefined) ?? null)
      : link.data && link.data.purpose !== purpose
        ? 'invalid'
        : null;
  const problem = problemOnSave ?? checked;

  const save = async (password: string, form: PasswordFormHandle) => {
    try {
      if (purpose === 'invitation') {
        await accept.mutateAsync({ token, password });
        notifySuccess(t('invitation.success'));
        void navigate(appPaths.home, { replace: true });
      } else {
        await reset.mutateAsync({ token, password });
        // The server ended every session of this account, this browser's included.
        if (sessionStore.get()?.token_info.user.mail === link.data?.mail) sessionStore.clear();
        notifySuccess(t('reset.success'));
        void navigate(appPaths.login, { replace: true });
      }
    } catch (error) {
      const kind = linkProblemOf(error instanceof ApiError ? error.code : undefined);
      if (kind) setProblemOnSave(kind);
      else notifyError(error, form);
    }
  };

  return (
    <AuthCard
      title={t(`${section}.title`)}
      subtitle={link.data && !problem ? t(`${section}.subtitle`, { mail: link.data.mail }) : undefined}
    >
      {problem ? (
        <LinkProblem purpose={purpose} kind={problem} />
      ) : link.data ? (
        <Stack>
          <SetPasswordForm mail={link.data.mail} submitLabel={t(`${section}.submit`)} onSubmit={save} />
          <Text size="xs" c="dimmed" ta="center" data-testid="link-valid-until">
            {t('link.validUntil', { date: format.date(link.data.expires_at, true) })}
          </Text>
        </Stack>
      ) : link.isError ? (
        // Not a link problem (no connection, server error): the usual error text.
        <Text c="red" role="alert">
          {t('errors:INTERNAL')}
        </Text>
      ) : (
        <Skeleton h={220} data-testid="link-checking" />
      )}
    </AuthCard>
  );
}

/** /accept-invitation?token=… */
export function AcceptInvitationPage() {
  return <AccountLinkPage purpose="invitation" />;
}

/** /reset-password?token=… */
export function ResetPasswordPage() {
  return <AccountLinkPage purpose="password-reset" />;
}
