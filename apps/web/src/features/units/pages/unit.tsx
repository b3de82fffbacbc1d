import type { Unit } from '@cuspid/contracts/companies';
import { ActionIcon, Button, Card, Container, Group, List, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useCreateUnit, useDeleteUnits, useUnitTree } from '../api/units';

function Branch({
  units,
  parentId,
  onDelete,
}: {
  units: Unit[];
  parentId: string | null;
  onDelete: (unit: Unit) => void;
}) {
  const { t } = useTranslation('units');
  const children = units.filter((u) => u.parent_id === parentId);
  if (!children.length) return null;
  return (
    <List withPadding={parentId !== null} listStyleType="none">
      {children.map((unit) => (
        <List.Item key={unit.id} data-testid="unit-node">
          <Group gap="xs">
            <Text fw={500}>{unit.name}</Text>
            <Text size="sm" c="dimmed">
              {t('units.members', { count: unit.user_ids.length })}
            </Text>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('unitPage.delete', { name: unit.name })}
              onClick={() => onDelete(unit)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
          <Branch units={units} parentId={unit.id} onDelete={onDelete} />
        </List.Item>
      ))}
    </List>
  );
}

/** The organisational units of the user's company as a tree (route /unit, backoffice-unit). */
export function UnitPage() {
  const { t } = useTranslation(['units', 'common']);
  const companyId = useSession()?.token_info.company_id ?? '';
  const tree = useUnitTree(companyId);
  const create = useCreateUnit();
  const remove = useDeleteUnits();
  const [deleting, setDeleting] = useState<Unit | null>(null);
  const form = useForm({
    initialValues: { name: '', parent_id: '' },
    validate: { name: (value) => (value.trim() ? null : t('unitPage.nameRequired')) },
  });

  const handleCreate = form.onSubmit(async (values) => {
    try {
      await create.mutateAsync({
        company_id: companyId,
        name: values.name.trim(),
        parent_id: values.parent_id || null,
      });
      form.reset();
      notifySuccess(t('unitPage.created'));
    } catch (error) {
      notifyError(error, form);
    }
  });

  const handleDelete = async () => {
    if (!deleting) return;
    try {
      const { results } = await remove.mutateAsync([deleting.id]);
      notifySuccess(t('unitPage.deleted', { count: results.filter((r) => r.ok).length }));
    } catch (error) {
      notifyError(error);
    } finally {
      setDeleting(null);
    }
  };

  const units = tree.data?.data ?? [];
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="unit-page">
        <PageHeader title={t('unitPage.title')} />
        <Card withBorder radius="lg" padding="lg">
          <form onSubmit={handleCreate} noValidate>
            <Group align="flex-end">
              <TextInput label={t('unitPage.name')} required style={{ flex: 1 }} {...form.getInputProps('name')} />
              <NativeSelect
                label={t('unitPage.parent')}
                data={[
                  { value: '', label: t('unitPage.noParent') },
                  ...units.map((u) => ({ value: u.id, label: u.name })),
                ]}
                {...form.getInputProps('parent_id')}
              />
              <Button type="submit" loading={form.submitting}>
                {t('unitPage.add')}
              </Button>
            </Group>
          </form>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <QueryState
            query={tree}
            failure="line"
            skeletonHeight={80}
            isEmpty={() => units.length === 0}
            empty={<Text c="dimmed">{t('units.none')}</Text>}
          >
            {() => <Branch units={units} parentId={null} onDelete={setDeleting} />}
          </QueryState>
        </Card>
        <ConfirmDialog
          opened={deleting !== null}
          onCancel={() => setDeleting(null)}
          onConfirm={() => void handleDelete()}
          loading={remove.isPending}
          title={t('show.confirmTitle')}
          question={t('unitPage.confirmText', { name: deleting?.name ?? '' })}
          confirmLabel={t('show.delete')}
          cancelLabel={t('form.cancel')}
        />
      </Stack>
    </Container>
  );
}
