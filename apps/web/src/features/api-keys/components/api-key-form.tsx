import { type ApiTokenRecord, type ApiTokenSecretResponse, createApiTokenBodySchema } from '@cuspid/contracts';
import { MultiSelect, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { DateTimeField } from '../../../components/date-field';
import { FormActions } from '../../../components/form-actions';
import { usePermissionHolder } from '../../../lib/can';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCreateApiKey, useUpdateApiKey } from '../api/api-keys';
import { apiKeyPaths } from '../paths';

type Values = { name: string; scopes: string[]; expires_at: string };

const toLocalInput = (iso: string | null) => (iso ? iso.slice(0, 16) : '');

/** Create or edit an API key. Scopes offered: the permissions the signed-in user holds. */
export function ApiKeyForm({
  apiKey,
  onCreated,
}: {
  apiKey?: ApiTokenRecord;
  onCreated?: (answer: ApiTokenSecretResponse) => void;
}) {
  const { t } = useTranslation('api-keys');
  const navigate = useNavigate();
  const create = useCreateApiKey();
  const update = useUpdateApiKey();
  const holder = usePermissionHolder();
  const titles = useSession()?.permission_titles ?? [];
  const offered = [...new Set([...titles, ...(apiKey?.scopes ?? [])])].sort();
  const form = useForm<Values>({
    initialValues: {
      name: apiKey?.name ?? '',
      scopes: apiKey?.scopes ?? [],
      expires_at: toLocalInput(apiKey?.expires_at ?? null),
    },
    validate: (values) =>
      zodFormValidator<{ name: string; scopes: string[] }>(createApiTokenBodySchema.pick({ name: true, scopes: true }))(
        {
          name: values.name,
          scopes: values.scopes,
        },
      ),
  });

  const submit = form.onSubmit(async (values) => {
    const expires_at = values.expires_at ? new Date(values.expires_at).toISOString() : null;
    try {
      if (apiKey) {
        await update.mutateAsync({
          id: apiKey.id,
          name: values.name,
          scopes: values.scopes,
          expires_at,
        });
        notifySuccess(t('apiKeys.updated'));
        void navigate(apiKeyPaths.apiKeys);
      } else {
        onCreated?.(await create.mutateAsync({ name: values.name, scopes: values.scopes, expires_at }));
      }
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="api-key-form">
      <Stack>
        <TextInput label={t('apiKeys.name')} required {...form.getInputProps('name')} data-testid="api-key-name" />
        <MultiSelect
          label={t('apiKeys.scopes')}
          description={t('apiKeys.scopesHint')}
          data={offered}
          searchable
          required
          disabled={holder.permissions.length === 0}
          {...form.getInputProps('scopes')}
          data-testid="api-key-scopes"
        />
        <DateTimeField
          label={t('apiKeys.expiresAt')}
          description={t('apiKeys.expiresHint')}
          {...form.getInputProps('expires_at')}
          value={form.values.expires_at}
          data-testid="api-key-expires"
        />
        <FormActions
          saveLabel={t('actions.save')}
          cancelLabel={t('actions.cancel')}
          cancelTo={apiKeyPaths.apiKeys}
          submitting={form.submitting}
          submitTestId="api-key-submit"
        />
      </Stack>
    </form>
  );
}
