import type { ApiTokenRecord, ApiTokenSecretResponse } from '@cuspid/contracts';
import { Badge, Button, Card, Container, Stack, Text } from '@mantine/core';
import { IconBan, IconPencil, IconPlus, IconRefresh, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { RowAction } from '../../../components/row-action';
import { type ListColumn, ServerList, toAuthListQuery } from '../../../components/server-list';
import { Can } from '../../../lib/can';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useSortParams } from '../../../lib/use-sort-params';
import { useApiKey, useApiKeyList, useDeleteApiKey, useRevokeApiKey, useRotateApiKey } from '../api/api-keys';
import { ApiKeyForm } from '../components/api-key-form';
import { SecretDialog } from '../components/secret-dialog';
import { apiKeyPaths } from '../paths';

const STATUS_COLOR = { active: 'teal', expired: 'orange', revoked: 'gray' } as const;

/** /api-keys */
export function ApiKeysPage() {
  const { t } = useTranslation('api-keys');
  const { params } = useListParams();
  const { sort } = useSortParams();
  const keys = useApiKeyList(toAuthListQuery(params, sort));
  const format = useFormat();
  const remove = useDeleteApiKey();
  const rotate = useRotateApiKey();
  const revoke = useRevokeApiKey();
  const [deleting, setDeleting] = useState<ApiTokenRecord | null>(null);
  const [secret, setSecret] = useState<ApiTokenSecretResponse | null>(null);

  const columns: ListColumn<ApiTokenRecord>[] = [
    { key: 'name', label: t('apiKeys.name'), sortKey: 'name', render: (k) => k.name },
    {
      key: 'client_id',
      kind: 'code',
      label: t('apiKeys.clientId'),
      sortKey: 'client_id',
      render: (k) => (
        <Text ff="monospace" size="sm">
          {k.client_id}
        </Text>
      ),
    },
    { key: 'owner', label: t('apiKeys.owner'), render: (k) => k.owner_mail },
    { key: 'scopes', kind: 'number', label: t('apiKeys.scopes'), render: (k) => k.scopes.length },
    {
      key: 'status',
      kind: 'badge',
      label: t('users.status'),
      render: (k) => (
        <Badge color={STATUS_COLOR[k.status]} variant="light" data-testid="api-key-status">
          {t(`apiKeys.status.${k.status}`)}
        </Badge>
      ),
    },
    {
      key: 'expires_at',
      kind: 'date',
      label: t('apiKeys.expiresAt'),
      sortKey: 'expires_at',
      render: (k) => (k.expires_at ? format.date(k.expires_at, true) : t('apiKeys.never')),
    },
    {
      key: 'last_used_at',
      kind: 'date',
      label: t('apiKeys.lastUsed'),
      sortKey: 'last_used_at',
      render: (k) => (k.last_used_at ? format.relativeTime(k.last_used_at) : t('apiKeys.never')),
    },
  ];

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notifySuccess(done);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Container size="xl" px={0}>
      <Stack gap="lg" data-testid="api-keys-page">
        <PageHeader
          title={t('apiKeys.title')}
          actions={
            <Can permission="create-api-token">
              <Button
                component={Link}
                to={apiKeyPaths.apiKeyCreate}
                leftSection={<IconPlus size={16} />}
                data-testid="api-keys-create"
              >
                {t('apiKeys.create')}
              </Button>
            </Can>
          }
        />
        <ServerList
          testId="api-keys"
          columns={columns}
          query={keys}
          searchPlaceholder={t('apiKeys.searchPlaceholder')}
          actions={(key) => (
            <>
              <Can permission="update-api-token">
                <RowAction label={t('actions.edit')} icon={IconPencil} to={apiKeyPaths.apiKeyEdit(key.id)} />
                {key.status === 'active' && (
                  <>
                    <RowAction
                      label={t('apiKeys.rotate')}
                      icon={IconRefresh}
                      onClick={() =>
                        void rotate.mutateAsync(key.id).then(setSecret, (error: unknown) => notifyError(error))
                      }
                    />
                    <RowAction
                      label={t('apiKeys.revoke')}
                      icon={IconBan}
                      onClick={() => void run(() => revoke.mutateAsync(key.id), t('apiKeys.revoked'))}
                      color="orange"
                      testId="api-key-revoke"
                    />
                  </>
                )}
              </Can>
              <Can permission="delete-api-token">
                <RowAction label={t('actions.delete')} icon={IconTrash} onClick={() => setDeleting(key)} color="red" />
              </Can>
            </>
          )}
        />
      </Stack>
      <ConfirmDeleteModal
        opened={deleting !== null}
        subject={deleting?.name}
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          void run(() => remove.mutateAsync(deleting!.id), t('apiKeys.deleted')).then(() => {
            setDeleting(null);
          })
        }
      />
      <SecretDialog answer={secret} onClose={() => setSecret(null)} />
    </Container>
  );
}

/** /api-keys/create: after saving, the one-time secret dialog; closing it returns to the list. */
export function ApiKeyCreatePage() {
  const { t } = useTranslation(['api-keys', 'nav']);
  const navigate = useNavigate();
  const [secret, setSecret] = useState<ApiTokenSecretResponse | null>(null);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: apiKeyPaths.apiKeys, list: t('nav:apiKeys') }} title={t('apiKeys.create')} />
        <Card withBorder radius="lg" padding="lg">
          <ApiKeyForm
            onCreated={(answer) => {
              notifySuccess(t('apiKeys.created'));
              setSecret(answer);
            }}
          />
        </Card>
      </Stack>
      <SecretDialog
        answer={secret}
        onClose={() => {
          setSecret(null);
          void navigate(apiKeyPaths.apiKeys);
        }}
      />
    </Container>
  );
}

/** /api-keys/{id}/edit */
export function ApiKeyEditPage() {
  const { t } = useTranslation(['api-keys', 'nav']);
  const { id = '' } = useParams();
  const key = useApiKey(id);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: apiKeyPaths.apiKeys, list: t('nav:apiKeys') }} title={t('apiKeys.edit')} />
        <Card withBorder radius="lg" padding="lg">
          <QueryState query={key} skeletonHeight={200} back={{ to: apiKeyPaths.apiKeys, list: t('nav:apiKeys') }}>
            {(data) => <ApiKeyForm key={data.id} apiKey={data} />}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
