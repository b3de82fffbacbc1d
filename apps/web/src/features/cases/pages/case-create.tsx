import { createCaseSchema, TEETH_FILE_MAX_BYTES } from '@cuspid/contracts/cases';
import { Alert, Anchor, Card, Container, FileInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconAlertCircle, IconFileText } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { ApiError } from '../../../lib/api-error';
import { schemaErrors } from '../../../lib/form-validation';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { STORAGE_KEYS } from '../../../lib/storage-keys';
import { useFormDraft } from '../../../lib/use-form-draft';
import { CasePrice, ToothChart } from '../../packages';
import { parseTeethFile, useCreateCase } from '../api/cases';
import { CaseDetailsFields, type CaseDetailsValues, detailsBody, detailsOf } from '../components/case-details-fields';
import { translateCaseErrors } from '../components/case-messages';
import { CaseScansField } from '../components/case-scans-field';
import { casePaths } from '../paths';

/** The credits page (features/credits), where a company buys credits. */
const CREDITS_PATH = '/credits';

type CreateValues = CaseDetailsValues & {
  upper_teeth: number[];
  lower_teeth: number[];
  upper_upload_id: string | null;
  lower_upload_id: string | null;
};

const toBody = (values: CreateValues) => ({
  ...detailsBody(values),
  upper_teeth: values.upper_teeth,
  lower_teeth: values.lower_teeth,
  upper_upload_id: values.upper_upload_id,
  lower_upload_id: values.lower_upload_id,
});

type Draft = CaseDetailsValues & { upper_teeth: number[]; lower_teeth: number[] };
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const teeth = (value: unknown) => (Array.isArray(value) ? value.filter((n) => Number.isInteger(n)) : []);
/** The typed part of the form, as kept in the draft (anything else a stored draft holds is ignored). */
const draftOf = (values: Partial<Record<keyof Draft, unknown>>): Draft => ({
  name: text(values.name),
  patient: text(values.patient),
  patient_birth_year:
    typeof values.patient_birth_year === 'number' ? values.patient_birth_year : text(values.patient_birth_year),
  notes: text(values.notes),
  upper_teeth: teeth(values.upper_teeth),
  lower_teeth: teeth(values.lower_teeth),
});

const isNotEnoughCredits = (error: unknown) =>
  error instanceof ApiError && (error.status === 402 || error.code === 'NOT_ENOUGH_CREDITS');

/**
 * A new case (route /my-cases/create), in one flow: the patient, the scans, the teeth (on the chart or from a
 * teeth file) and the price; submitting spends the credits and queues the case, then opens it.
 */
export function CaseCreatePage() {
  const { t } = useTranslation(['cases', 'common', 'nav']);
  const navigate = useNavigate();
  const create = useCreateCase();
  const [noCredits, setNoCredits] = useState(false);
  const [teethFileError, setTeethFileError] = useState<string | null>(null);
  const [readingFile, setReadingFile] = useState(false);
  // Set once the case exists: the guard lets go, then the case's page opens.
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId) void navigate(casePaths.caseShow(createdId));
  }, [createdId, navigate]);
  const form = useForm<CreateValues>({
    initialValues: { ...detailsOf(), upper_teeth: [], lower_teeth: [], upper_upload_id: null, lower_upload_id: null },
    validate: (values) => translateCaseErrors(schemaErrors(createCaseSchema, toBody(values))),
  });
  const { values } = form;
  // What was typed (not the scans, which resume on their own) survives a reload of the tab.
  const userId = useSession()?.token_info.user_id ?? 'anonymous';
  const draft = useFormDraft(
    `${STORAGE_KEYS.caseDraft}.${userId}`,
    useMemo(() => draftOf(values), [values]),
    (saved) => form.setValues(draftOf({ ...draftOf(form.getValues()), ...saved })),
  );

  const handleTeethFile = async (file: File | null) => {
    setTeethFileError(null);
    if (!file) return;
    if (file.size > TEETH_FILE_MAX_BYTES) {
      setTeethFileError(t('form.teethFileTooLarge', { size: Math.round(TEETH_FILE_MAX_BYTES / 1024) }));
      return;
    }
    setReadingFile(true);
    try {
      const teeth = await parseTeethFile(file);
      form.setFieldValue('upper_teeth', teeth.upper_teeth);
      form.setFieldValue('lower_teeth', teeth.lower_teeth);
      form.clearFieldError('upper_teeth');
    } catch (error) {
      setTeethFileError(errorMessage(error));
    } finally {
      setReadingFile(false);
    }
  };

  const handleSubmit = form.onSubmit(async (submitted) => {
    setNoCredits(false);
    try {
      const saved = await create.mutateAsync(createCaseSchema.parse(toBody(submitted)));
      notifySuccess(t('form.created'));
      draft.clear();
      setCreatedId(saved.id);
    } catch (error) {
      if (isNotEnoughCredits(error)) setNoCredits(true);
      else notifyError(error, form);
    }
  });

  const teethError = form.errors.upper_teeth ?? form.errors.lower_teeth;
  const scansError = form.errors.upper_upload_id ?? form.errors.lower_upload_id;

  return (
    <Container size="lg" px={0}>
      <UnsavedChangesGuard when={form.isDirty() && !createdId} />
      <Stack gap="lg" data-testid="case-create-page">
        <PageHeader
          back={{ to: casePaths.cases, list: t('nav:cases') }}
          title={t('form.createTitle')}
          description={t('form.createIntro')}
        />
        <form onSubmit={handleSubmit} noValidate data-testid="case-form">
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="sm">
                <Title order={2} size="h4">
                  {t('form.patientSection')}
                </Title>
                <CaseDetailsFields form={form} />
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <CaseScansField
                value={{ upper: values.upper_upload_id, lower: values.lower_upload_id }}
                onChange={(scans) => {
                  form.setFieldValue('upper_upload_id', scans.upper);
                  form.setFieldValue('lower_upload_id', scans.lower);
                }}
                error={typeof scansError === 'string' ? scansError : undefined}
              />
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="md">
                <Title order={2} size="h4">
                  {t('form.teethSection')}
                </Title>
                <ToothChart
                  label={t('form.teethLabel')}
                  value={{ upper: values.upper_teeth, lower: values.lower_teeth }}
                  onChange={(teeth) => {
                    form.setFieldValue('upper_teeth', teeth.upper);
                    form.setFieldValue('lower_teeth', teeth.lower);
                    form.clearFieldError('upper_teeth');
                  }}
                />
                {teethError && (
                  <Text size="sm" c="red" role="alert" data-testid="case-teeth-error">
                    {teethError}
                  </Text>
                )}
                <FileInput
                  label={t('form.teethFile')}
                  description={t('form.teethFileHint')}
                  placeholder={t('form.teethFilePlaceholder')}
                  accept=".txt,.csv,.json,text/plain,text/csv,application/json"
                  leftSection={<IconFileText size={16} aria-hidden />}
                  clearable
                  error={teethFileError}
                  disabled={readingFile}
                  onChange={(file) => void handleTeethFile(file)}
                  w={{ base: '100%', sm: 420 }}
                  data-testid="case-teeth-file"
                />
              </Stack>
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Stack gap="xs">
                <Title order={2} size="h4">
                  {t('form.priceSection')}
                </Title>
                <CasePrice upperTeeth={values.upper_teeth} lowerTeeth={values.lower_teeth} showBalance />
              </Stack>
            </Card>
            {noCredits && (
              <Alert
                color="red"
                icon={<IconAlertCircle size={18} aria-hidden />}
                title={t('errors:NOT_ENOUGH_CREDITS')}
                role="alert"
                data-testid="case-not-enough-credits"
              >
                <Stack gap={4} align="flex-start">
                  <Text size="sm">{t('form.noCreditsHint')}</Text>
                  <Anchor component={Link} to={CREDITS_PATH} size="sm" fw={600}>
                    {t('form.buyCredits')}
                  </Anchor>
                </Stack>
              </Alert>
            )}
            <FormActions
              saveLabel={t('form.submit')}
              cancelLabel={t('actions.cancel')}
              cancelTo={casePaths.cases}
              submitting={create.isPending}
              submitTestId="case-submit"
            />
          </Stack>
        </form>
      </Stack>
    </Container>
  );
}
