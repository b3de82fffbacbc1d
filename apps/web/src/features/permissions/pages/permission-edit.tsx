import { createPermissionBodySchema, PERMISSION_SCOPES, type PermissionRecord } from '@cuspid/contracts';
import { Alert, Card, Container, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { FormActions } from '../../../components/form-actions';
import { DeleteAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { Can } from '../../../lib/can';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreatePermission, useDeletePermission, usePermission, useUpdatePermission } from '../api/permission-admin';
import { permissionPaths } from '../paths';

type Values = { title: string; value: string; scope: string; grouping: string };

function PermissionForm({ permission }: { permission?: PermissionRecord }) {
  const { t } = useTranslation('permissions');
  const navigate = useNavigate();
  const create = useCreatePermission();
  const update = useUpdatePermission();
  const builtIn = permission?.built_in ?? false;
  const form = useForm<Values>({
    initialValues: {
      title: permission?.title ?? '',
      value: permission?.value ?? '',
      scope: permission?.scope ?? 'auth',
      grouping: permission?.grouping ?? '',
    },
    validate: zodFormValidator<Values>(createPermissionBodySchema),
  });

  const submit = form.onSubmit(async (values) => {
    const body = {
      ...values,
      scope: values.scope as (typeof PERMISSION_SCOPES)[number],
      grouping: values.grouping || null,
    };
    try {
      if (permission) {
        await update.mutateAsync(
          builtIn ? { id: permission.id, grouping: body.grouping } : { id: permission.id, ...body },
        );
        notifySuccess(t('permissionsAdmin.updated'));
      } else {
        await create.mutateAsync(body);
        notifySuccess(t('permissionsAdmin.created'));
      }
      void navigate(permissionPaths.permissions);
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={submit} noValidate data-testid="permission-form">
      <Stack>
        {builtIn && <Alert color="blue">{t('permissionsAdmin.builtIn')}</Alert>}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput
            label={t('permissions:columns.title')}
            required
            disabled={builtIn}
            {...form.getInputProps('title')}
          />
          <TextInput
            label={t('permissions:columns.value')}
            required
            disabled={builtIn}
            {...form.getInputProps('value')}
          />
          <Select
            label={t('permissions:columns.scope')}
            data={[...PERMISSION_SCOPES]}
            allowDeselect={false}
            disabled={builtIn}
            {...form.getInputProps('scope')}
          />
          <TextInput label={t('permissions:columns.grouping')} {...form.getInputProps('grouping')} />
        </SimpleGrid>
        <FormActions
          saveLabel={t('actions.save')}
          cancelLabel={t('actions.cancel')}
          cancelTo={permissionPaths.permissions}
          submitting={form.submitting}
          submitTestId="permission-submit"
        />
      </Stack>
    </form>
  );
}

/** /permissions/create */
export function PermissionCreatePage() {
  const { t } = useTranslation(['permissions', 'nav']);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader
          back={{ to: permissionPaths.permissions, list: t('nav:permissions') }}
          title={t('permissionsAdmin.create')}
        />
        <Card withBorder radius="lg" padding="lg">
          <PermissionForm />
        </Card>
      </Stack>
    </Container>
  );
}

/** /permissions/{id}/edit: Delete (not for a built-in permission) in the header, after asking. */
export function PermissionEditPage() {
  const { t } = useTranslation(['permissions', 'nav']);
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const permission = usePermission(id);
  const remove = useDeletePermission();
  const [confirming, setConfirming] = useState(false);
  const deletable = permission.data && !permission.data.built_in ? permission.data : null;

  const confirmDelete = async () => {
    if (!deletable) return;
    try {
      await remove.mutateAsync(deletable.id);
      notifySuccess(t('permissionsAdmin.deleted'));
      void navigate(permissionPaths.permissions);
    } catch (error) {
      notifyError(error);
    } finally {
      setConfirming(false);
    }
  };

  return (
    <Container size="md" px={0}>
      <Stack gap="lg">
        <PageHeader
          back={{ to: permissionPaths.permissions, list: t('nav:permissions') }}
          title={t('permissionsAdmin.edit')}
          actions={
            deletable && (
              <Can permission="delete-permission">
                <DeleteAction onClick={() => setConfirming(true)} data-testid="permission-delete">
                  {t('actions.delete')}
                </DeleteAction>
              </Can>
            )
          }
        />
        <Card withBorder radius="lg" padding="lg">
          <QueryState
            query={permission}
            skeletonHeight={160}
            back={{ to: permissionPaths.permissions, list: t('nav:permissions') }}
          >
            {(data) => <PermissionForm key={data.id} permission={data} />}
          </QueryState>
        </Card>
      </Stack>
      <ConfirmDeleteModal
        opened={confirming}
        subject={deletable?.title}
        loading={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => void confirmDelete()}
      />
    </Container>
  );
}
