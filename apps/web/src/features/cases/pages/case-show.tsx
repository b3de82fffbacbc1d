import { type Case, isProcessing, JAWS } from '@cuspid/contracts/cases';
import { Alert, Box, Card, Container, Group, SimpleGrid, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EditAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { notifyError } from '../../../lib/notify';
import { useFormat } from '../../../lib/use-format';
import { RecordLabels, RecordLabelsEditor } from '../../flags';
import { ToothChart } from '../../packages';
import { JawViewer } from '../../viewer';
import { caseKeys, useCase, useCaseResults, useJawOrientation } from '../api/cases';
import { CaseActions } from '../components/case-actions';
import { CaseJawCard } from '../components/case-jaw-card';
import { CaseLogs } from '../components/case-logs';
import { useCaseAbilities } from '../components/case-moves';
import { CaseResults } from '../components/case-results';
import { CaseStatusBadge } from '../components/case-status-badge';
import { useForeignLock } from '../components/use-foreign-lock';
import { casePaths } from '../paths';

function Detail({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" fw={400} c="dimmed" w="40%">
        {label}
      </Table.Th>
      <Table.Td data-testid={testId}>{children}</Table.Td>
    </Table.Tr>
  );
}

function CaseDetails({ item }: { item: Case }) {
  const { t } = useTranslation('cases');
  const format = useFormat();
  return (
    <Card withBorder radius="lg" padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('show.details')}
        </Title>
        <Table withRowBorders={false} verticalSpacing={4} data-testid="case-details">
          <Table.Tbody>
            <Detail label={t('fields.patient')}>{item.patient}</Detail>
            <Detail label={t('fields.birthYear')}>{item.patient_birth_year ?? '–'}</Detail>
            <Detail label={t('fields.company')}>{item.company_name}</Detail>
            <Detail label={t('fields.createdBy')}>{item.created_by_name ?? '–'}</Detail>
            <Detail label={t('fields.createdAt')}>{format.date(item.created_at, true)}</Detail>
            <Detail label={t('fields.updatedAt')}>{format.date(item.updated_at, true)}</Detail>
            <Detail label={t('fields.status')} testId="case-status-detail">
              <Group gap="xs">
                <CaseStatusBadge status={item.status} />
                {item.previous_status && (
                  <Text size="sm" c="dimmed" data-testid="case-previous-status">
                    {t('show.previousStatus', { status: t(`status.${item.previous_status}`) })}
                  </Text>
                )}
              </Group>
            </Detail>
            <Detail label={t('fields.creditsSpent')} testId="case-credits">
              {t('show.credits', { count: item.credits_spent })}
            </Detail>
            <Detail label={t('fields.lock')} testId="case-lock-state">
              {item.locked_by
                ? t('show.lockedBy', {
                    name: item.locked_by_name ?? t('show.someone'),
                    date: item.locked_at ? format.date(item.locked_at, true) : '',
                  })
                : t('show.unlocked')}
            </Detail>
            {item.engine && <Detail label={t('fields.engine')}>{t(`engine.${item.engine}`)}</Detail>}
          </Table.Tbody>
        </Table>
        {item.processing_error && (
          <Alert color="red" title={t('show.processingError')}>
            {item.processing_error}
          </Alert>
        )}
        {item.notes && (
          <Stack gap={2}>
            <Text size="sm" c="dimmed">
              {t('fields.notes')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="case-notes-text">
              {item.notes}
            </Text>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

function CaseView({ item }: { item: Case }) {
  const { t } = useTranslation(['cases', 'nav']);
  const abilities = useCaseAbilities();
  const queryClient = useQueryClient();
  const lockedByOther = useForeignLock(item);
  const jawChangeable = abilities.delete && !isProcessing(item.status) && !lockedByOther;
  const viewerScans = useMemo(() => item.jaws.filter((scan) => !scan.deleted_at), [item.jaws]);
  // The same query as the results' list below: fetched once, its versions shown over the scans in the viewer.
  const results = useCaseResults(item.id);
  const orientation = useJawOrientation();
  // Whoever may edit the case turns its scans; the correction is saved for everyone who opens it.
  const canTurn = abilities.labels && !lockedByOther;

  return (
    <Stack gap="lg">
      <PageHeader
        back={{ to: casePaths.cases, list: t('nav:cases') }}
        title={item.name}
        badges={
          <>
            <CaseStatusBadge status={item.status} size="lg" />
            {item.locked_by && <IconLock size={20} aria-label={t('show.locked')} />}
          </>
        }
        below={<RecordLabels flag={item.flag} tags={item.tags} />}
        actions={
          !lockedByOther && (
            <EditAction to={casePaths.caseEdit(item.id)} data-testid="case-edit">
              {t('actions.edit')}
            </EditAction>
          )
        }
      />
      {lockedByOther && (
        <Alert color="orange" icon={<IconLock size={18} aria-hidden />} data-testid="case-locked">
          {t('show.lockedNotice', { name: item.locked_by_name ?? t('show.someone') })}
        </Alert>
      )}
      <CaseActions item={item} abilities={abilities} lockedByOther={lockedByOther} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Box>
          <CaseDetails item={item} />
        </Box>
        <Box>
          <Stack gap="lg">
            <Card withBorder radius="lg" padding="lg">
              <Text size="sm" mb="xs" data-testid="case-teeth">
                {t('show.teethChosen', {
                  upper: [...item.upper_teeth].sort((a, b) => a - b).join(', ') || '–',
                  lower: [...item.lower_teeth].sort((a, b) => a - b).join(', ') || '–',
                })}
              </Text>
              <ToothChart label={t('show.teeth')} value={{ upper: item.upper_teeth, lower: item.lower_teeth }} />
            </Card>
            {abilities.labels && (
              <Card withBorder radius="lg" padding="lg">
                <Stack gap="sm">
                  <Title order={2} size="h4">
                    {t('show.labels')}
                  </Title>
                  <RecordLabelsEditor
                    type="case"
                    id={item.id}
                    flag={item.flag}
                    tags={item.tags}
                    onSaved={() => void queryClient.invalidateQueries({ queryKey: caseKeys.all })}
                  />
                </Stack>
              </Card>
            )}
          </Stack>
        </Box>
      </SimpleGrid>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {t('show.scans')}
        </Title>
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          {JAWS.map((jaw) => (
            <CaseJawCard
              key={jaw}
              item={item}
              jaw={jaw}
              scan={item.jaws.find((j) => j.jaw === jaw)}
              mayChange={jawChangeable}
            />
          ))}
        </SimpleGrid>
      </Stack>
      {viewerScans.length > 0 && (
        <Stack gap="sm" data-testid="case-viewer-slot">
          <Title order={2} size="h4">
            {t('show.viewer')}
          </Title>
          {/* The results tell whether a lighter preview of a scan exists: the viewer starts once they are known. */}
          {results.isPending ? (
            <Skeleton h={640} radius="lg" />
          ) : (
            <Suspense fallback={<Skeleton h={640} radius="lg" />}>
              <JawViewer
                caseId={item.id}
                scans={viewerScans}
                results={results.data?.data}
                onOrientationChange={
                  canTurn
                    ? (jaw, code) =>
                        orientation.mutate(
                          { id: item.id, jaw, orientation: code },
                          { onError: (error) => notifyError(error) },
                        )
                    : undefined
                }
              />
            </Suspense>
          )}
        </Stack>
      )}
      <CaseResults caseId={item.id} status={item.status} abilities={abilities} />
      <CaseLogs caseId={item.id} />
    </Stack>
  );
}

/** One case (route /my-cases/:id/show): details, scans, results, ratings, logs and the actions on it. */
export function CaseShowPage() {
  const { t } = useTranslation(['cases', 'nav']);
  const { id = '' } = useParams();
  const item = useCase(id);
  return (
    <Container size="xl" px={0}>
      <Box data-testid="case-show-page">
        <QueryState
          query={item}
          loadFailed={t('show.loadFailed')}
          back={{ to: casePaths.cases, list: t('nav:cases') }}
          loading={
            <Stack gap="md">
              <Skeleton h={40} w="40%" />
              <Skeleton h={240} />
            </Stack>
          }
        >
          {(data) => <CaseView item={data} />}
        </QueryState>
      </Box>
    </Container>
  );
}
