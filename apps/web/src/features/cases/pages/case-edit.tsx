import { type Case, updateCaseSchema } from '@cuspid/contracts/cases';
import { Alert, Card, Container, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconLock } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-error';
import { schemaErrors } from '../../../lib/form-validation';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { useCase, useUpdateCase } from '../api/cases';
import { CaseDetailsFields, type CaseDetailsValues, detailsBody, detailsOf } from '../components/case-details-fields';
import { translateCaseErrors } from '../components/case-messages';
import { useForeignLock } from '../components/use-foreign-lock';
import { casePaths } from '../paths';

function CaseEditForm({ item }: { item: Case }) {
  const { t } = useTranslation(['cases', 'common']);
  const navigate = useNavigate();
  const format = useFormat();
  const update = useUpdateCase(item.id);
  const [lockError, setLockError] = useState<string | null>(null);
  // Set once saved: the guard lets go, then the case's page opens.
  const [saved, setSaved] = useState(false);
  useEffect(() => {
    if (saved) void navigate(casePaths.caseShow(item.id));
  }, [saved, navigate, item.id]);
  const lockedByOther = useForeignLock(item);
  const form = useForm<CaseDetailsValues>({
    initialValues: detailsOf(item),
    validate: (values) => translateCaseErrors(schemaErrors(updateCaseSchema, detailsBody(values))),
  });

  const handleSubmit = form.onSubmit(async (values) => {
    setLockError(null);
    try {
      await update.mutateAsync(updateCaseSchema.parse(detailsBody(values)));
      notifySuccess(t('form.saved'));
      setSaved(true);
    } catch (error) {
      // 423: someone locked the case meanwhile; the server says who.
      if (error instanceof ApiError && (error.status === 423 || error.code === 'CASE_LOCKED'))
        setLockError(errorMessage(error));
      else notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="case-edit-form">
      <UnsavedChangesGuard when={form.isDirty() && !saved} />
      <Stack gap="md">
        {lockedByOther && (
          <Alert color="orange" icon={<IconLock size={18} aria-hidden />} data-testid="case-locked">
            {t('show.lockedBy', {
              name: item.locked_by_name ?? t('show.someone'),
              date: item.locked_at ? format.date(item.locked_at, true) : '',
            })}
          </Alert>
        )}
        {lockError && (
          <Alert color="red" icon={<IconLock size={18} aria-hidden />} role="alert" data-testid="case-lock-error">
            {lockError}
          </Alert>
        )}
        <CaseDetailsFields form={form} />
        <FormActions
          saveLabel={t('form.save')}
          cancelLabel={t('actions.cancel')}
          cancelTo={casePaths.caseShow(item.id)}
          submitting={update.isPending}
          submitTestId="case-save"
        />
      </Stack>
    </form>
  );
}

/** Edit a case (route /my-cases/:id/edit): name, patient, birth year and notes. */
export function CaseEditPage() {
  const { t } = useTranslation(['cases', 'common', 'nav']);
  const { id = '' } = useParams();
  const item = useCase(id);
  return (
    <Container size="md" px={0}>
      <Stack gap="lg" data-testid="case-edit-page">
        <PageHeader
          back={{ to: casePaths.cases, list: t('nav:cases') }}
          title={t('form.editTitle')}
          description={item.data?.name}
        />
        <Card withBorder radius="lg" padding="lg">
          <QueryState
            query={item}
            loadFailed={t('show.loadFailed')}
            skeletonHeight={240}
            back={{ to: casePaths.cases, list: t('nav:cases') }}
          >
            {(data) => <CaseEditForm key={data.id} item={data} />}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
