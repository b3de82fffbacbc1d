import type { AccountLinkPurpose } from '@cuspid/contracts';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { appPaths } from '../../../config/paths';
import { accountLinkPaths } from '../paths';

export type LinkProblemKind = 'invalid' | 'expired' | 'used';

const KIND_BY_CODE: Record<string, LinkProblemKind> = {
  LINK_INVALID: 'invalid',
  LINK_EXPIRED: 'expired',
  LINK_USED: 'used',
};

/** The kind of link problem an error code names; null for any other error. */
export const linkProblemOf = (code: string | undefined): LinkProblemKind | null => (code && KIND_BY_CODE[code]) || null;

/**
 * Why a mailed link cannot be used, and the way on: an invitation is sent again by whoever invited the
 * user (or, once accepted, the user signs in); a reset link is simply asked for again.
 */
export function LinkProblem({ purpose, kind }: { purpose: AccountLinkPurpose; kind: LinkProblemKind }) {
  const { t } = useTranslation('password');
  const section = purpose === 'invitation' ? 'invitation' : 'reset';
  const acceptedAlready = purpose === 'invitation' && kind === 'used';
  return (
    <Stack data-testid="link-problem" data-kind={kind}>
      <Alert color={acceptedAlready ? 'blue' : 'orange'} title={t('link.problemTitle')}>
        <Text size="sm">{t(`${section}.${kind}`)}</Text>
        {!acceptedAlready && (
          <Text size="sm" mt="xs">
            {t(`${section}.askAgain`)}
          </Text>
        )}
      </Alert>
      {purpose === 'password-reset' && (
        <Button component={Link} to={accountLinkPaths.forgotPassword} data-testid="link-request-new">
          {t('link.requestNew')}
        </Button>
      )}
      <Button component={Link} to={appPaths.login} variant={purpose === 'password-reset' ? 'default' : 'filled'}>
        {t('link.signIn')}
      </Button>
    </Stack>
  );
}
