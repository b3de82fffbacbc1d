import {
  CASE_ROUTES,
  type CaseResult,
  type CaseStatus,
  checkResultTransition,
  RATING_REASONS,
  RESULT_STATUSES,
  type ResultStatus,
  saveRatingSchema,
} from '@cuspid/contracts/cases';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Group,
  NativeSelect,
  Rating,
  Skeleton,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconDownload, IconFileZip } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { schemaErrors } from '../../../lib/form-validation';
import { errorMessage, notifyError, notifySuccess } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { downloadFile, useCaseResults, useSaveRating, useUpdateResultStatus } from '../api/cases';
import type { useCaseAbilities } from './case-moves';
import { ResultStatusBadge } from './case-status-badge';
import { usePlainNumber } from './use-plain-number';

type RatingReason = (typeof RATING_REASONS)[number];
type RatingValues = { stars: number; reasons: RatingReason[]; comment: string };

function RatingForm({ caseId, result }: { caseId: string; result: CaseResult }) {
  const { t } = useTranslation('cases');
  const save = useSaveRating(caseId);
  const form = useForm<RatingValues>({
    initialValues: { stars: 0, reasons: [], comment: '' },
    validate: (values) =>
      schemaErrors(saveRatingSchema, { result_id: result.id, ...values, comment: values.comment.trim() || null }),
  });
  const handleSubmit = form.onSubmit(async (values) => {
    try {
      await save.mutateAsync({
        result_id: result.id,
        stars: values.stars,
        reasons: values.reasons,
        comment: values.comment.trim() || null,
      });
      notifySuccess(t('rating.saved'));
      form.reset();
    } catch (error) {
      notifyError(error, form);
    }
  });
  const starsId = `rating-stars-${result.id}`;
  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      data-testid="rating-form"
      aria-label={t('rating.formLabel', { version: result.version })}
    >
      <Stack gap="xs">
        <Text size="sm" fw={500} id={starsId}>
          {t('rating.stars')}
        </Text>
        <Rating
          value={form.values.stars}
          onChange={(stars) => form.setFieldValue('stars', stars)}
          aria-labelledby={starsId}
          getSymbolLabel={(value) => t('rating.starLabel', { count: value })}
          data-testid="rating-stars"
        />
        {form.errors.stars && (
          <Text size="sm" c="red" role="alert">
            {t('rating.starsRequired')}
          </Text>
        )}
        <Checkbox.Group label={t('rating.reasons')} {...form.getInputProps('reasons')}>
          <Group gap="sm" mt={4}>
            {RATING_REASONS.map((reason) => (
              <Checkbox key={reason} value={reason} label={t(`rating.reason.${reason}`)} />
            ))}
          </Group>
        </Checkbox.Group>
        <Textarea label={t('rating.comment')} rows={2} {...form.getInputProps('comment')} />
        <Group justify="flex-end">
          <Button type="submit" size="xs" loading={save.isPending} data-testid="rating-submit">
            {t('rating.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function ResultStatusChange({ caseId, result }: { caseId: string; result: CaseResult }) {
  const { t } = useTranslation('cases');
  const update = useUpdateResultStatus(caseId);
  const [status, setStatus] = useState('');
  const choices = RESULT_STATUSES.filter((to) => checkResultTransition(result.status, to, 'staff').ok);
  if (!choices.length) return null;
  return (
    <Group gap="xs" align="flex-end">
      <NativeSelect
        size="xs"
        label={t('results.changeStatus')}
        data={[
          { value: '', label: t('bulk.chooseStatus') },
          ...choices.map((s) => ({ value: s, label: t(`resultStatus.${s}`) })),
        ]}
        value={status}
        onChange={(event) => setStatus(event.currentTarget.value)}
        data-testid="result-status-select"
      />
      <Button
        size="xs"
        variant="light"
        disabled={!status}
        loading={update.isPending}
        onClick={async () => {
          try {
            await update.mutateAsync({ id: result.id, status: status as ResultStatus });
            notifySuccess(t('results.statusChanged'));
            setStatus('');
          } catch (error) {
            notifyError(error);
          }
        }}
      >
        {t('bulk.apply')}
      </Button>
    </Group>
  );
}

function ResultCard({
  caseId,
  result,
  abilities,
}: {
  caseId: string;
  result: CaseResult;
  abilities: ReturnType<typeof useCaseAbilities>;
}) {
  const { t } = useTranslation('cases');
  const format = useFormat();
  const count = usePlainNumber();
  const [busy, setBusy] = useState<string | null>(null);
  const download = async (key: string, path: string, name: string) => {
    setBusy(key);
    try {
      await downloadFile(path, name);
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="case-result">
      <Stack gap="sm">
        <Group justify="space-between">
          <Group gap="xs">
            <Title order={3} size="h5">
              {t('results.version', { version: result.version })}
            </Title>
            <ResultStatusBadge status={result.status} />
          </Group>
          <Text size="xs" c="dimmed">
            {format.date(result.created_at, true)}
          </Text>
        </Group>
        {result.note && <Text size="sm">{result.note}</Text>}
        {result.files.length > 0 ? (
          <Table verticalSpacing={4} data-testid="result-files">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('results.file')}</Table.Th>
                <Table.Th scope="col">{t('results.kind')}</Table.Th>
                <Table.Th scope="col">{t('results.size')}</Table.Th>
                <Table.Th scope="col">
                  <VisuallyHidden>{t('results.download')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {result.files.map((file) => (
                <Table.Tr key={file.id}>
                  <Table.Td>{file.file_name}</Table.Td>
                  <Table.Td>
                    {t(`results.kinds.${file.kind}`)}
                    {file.jaw ? ` · ${t(`jaws.${file.jaw}`)}` : ''}
                  </Table.Td>
                  <Table.Td>{count(file.size / 1024)} KB</Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-xs"
                      variant="subtle"
                      leftSection={<IconDownload size={12} aria-hidden />}
                      loading={busy === file.id}
                      aria-label={t('results.downloadFile', { name: file.file_name })}
                      onClick={() => void download(file.id, CASE_ROUTES.resultFile(file.id), file.file_name)}
                    >
                      {t('actions.download')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : (
          <Text size="sm" c="dimmed">
            {t('results.noFiles')}
          </Text>
        )}
        <Group gap="xs">
          {result.files.length > 0 && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconFileZip size={14} aria-hidden />}
              loading={busy === 'zip'}
              onClick={() =>
                void download('zip', CASE_ROUTES.resultZip(result.id), `case-${caseId}-v${result.version}.zip`)
              }
              data-testid="result-zip"
            >
              {t('results.downloadAll')}
            </Button>
          )}
          {abilities.status && <ResultStatusChange caseId={caseId} result={result} />}
        </Group>
        <Stack gap={4} data-testid="result-ratings">
          <Text size="sm" fw={500}>
            {t('rating.title')}
          </Text>
          {result.ratings.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('rating.none')}
            </Text>
          ) : (
            result.ratings.map((rating) => (
              <Group key={rating.id} gap="xs" align="flex-start" data-testid="result-rating">
                <Rating
                  value={rating.stars}
                  readOnly
                  size="sm"
                  aria-label={t('rating.starLabel', { count: rating.stars })}
                />
                <Stack gap={0}>
                  <Text size="sm">
                    {rating.user_name ?? t('show.someone')} · {format.date(rating.created_at)}
                  </Text>
                  {rating.reasons.length > 0 && (
                    <Text size="xs" c="dimmed">
                      {rating.reasons.map((r) => t(`rating.reason.${r}`)).join(', ')}
                    </Text>
                  )}
                  {rating.comment && <Text size="sm">{rating.comment}</Text>}
                </Stack>
              </Group>
            ))
          )}
        </Stack>
        {(result.status === 'done' || result.status === 'approved' || result.status === 'rejected') && (
          <RatingForm caseId={caseId} result={result} />
        )}
      </Stack>
    </Card>
  );
}

/** The case's result versions (GET /get-multiple-results/{id}), newest first. */
export function CaseResults({
  caseId,
  status,
  abilities,
}: {
  caseId: string;
  /** The case's status: what the empty list says (results to come only while the engine works or will). */
  status: CaseStatus;
  abilities: ReturnType<typeof useCaseAbilities>;
}) {
  const { t } = useTranslation('cases');
  const results = useCaseResults(caseId);
  const versions = [...(results.data?.data ?? [])].sort((a, b) => b.version - a.version);
  return (
    <Stack gap="sm" data-testid="case-results">
      <Title order={2} size="h4">
        {t('results.title')}
      </Title>
      {results.isError ? (
        <Alert color="red" title={t('results.loadFailed')}>
          {errorMessage(results.error)}
        </Alert>
      ) : !results.data ? (
        <Skeleton h={80} />
      ) : versions.length === 0 ? (
        <Text c="dimmed" size="sm" data-testid="case-results-none">
          {status === 'unsupported'
            ? t('results.noneUnsupported')
            : status === 'failed'
              ? t('results.noneFailed')
              : status === 'queued' || status === 'in-progress' || status === 'done'
                ? t('results.none')
                : t('results.noneAtAll')}
        </Text>
      ) : (
        versions.map((result) => <ResultCard key={result.id} caseId={caseId} result={result} abilities={abilities} />)
      )}
    </Stack>
  );
}
