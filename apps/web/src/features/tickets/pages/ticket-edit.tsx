import {
  allowedTicketStatuses,
  TICKET_PRIORITIES,
  type Ticket,
  type TicketAttachment,
  type TicketEvent,
  type TicketPriority,
  type TicketStatus,
  type TicketUpdate,
} from '@cuspid/contracts/tickets';
import {
  Anchor,
  Card,
  Container,
  Grid,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  Timeline,
  Title,
} from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ConfirmDeleteModal } from '../../../components/confirm-delete-modal';
import { DeleteAction, PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { useFormat } from '../../../lib/use-format';
import { useIsStaff } from '../../../lib/use-is-staff';
import { useDeleteTicket, useTicket, useTicketAssignees, useTicketComments, useUpdateTicket } from '../api/tickets';
import { TicketAttachments } from '../components/ticket-attachments';
import { TicketConversation } from '../components/ticket-conversation';
import { TicketPriorityBadge, TicketStatusBadge } from '../components/ticket-display';
import { ticketPaths } from '../paths';

/** One history entry in words: who did what, with the values before and after where they say something. */
function useEventText() {
  const { t } = useTranslation('tickets');
  return (event: TicketEvent) => {
    const value = (v: string | null) =>
      v === null
        ? t('unassigned')
        : event.kind === 'status'
          ? t(`status.${v as TicketStatus}`)
          : event.kind === 'priority'
            ? t(`priority.${v as TicketPriority}`)
            : v;
    return t(`history.${event.kind}`, { from: value(event.from), to: value(event.to) });
  };
}

/**
 * /tickets/{id}/edit: the ticket's opening message and files, its conversation with the reply box (public answer,
 * or internal note for the support team), its status (only the moves the transition table allows the caller),
 * priority, assignment (support team) and history.
 */
export function TicketEditPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['tickets', 'common', 'nav']);
  const ticket = useTicket(id);
  return (
    <QueryState
      query={ticket}
      retry
      loadFailed={t('edit.loadFailed')}
      back={{ to: ticketPaths.tickets, list: t('nav:tickets') }}
      loading={<Skeleton height={320} radius="lg" data-testid="ticket-loading" />}
    >
      {(current) => <TicketEditor current={current} />}
    </QueryState>
  );
}

/** The loaded ticket with its conversation, its settings and its history. */
function TicketEditor({ current }: { current: Ticket }) {
  const id = current.id;
  const { t } = useTranslation(['tickets', 'common', 'nav']);
  const format = useFormat();
  const navigate = useNavigate();
  const isStaff = useIsStaff() === true;
  const session = useSession();
  const comments = useTicketComments(id);
  const assignees = useTicketAssignees(isStaff);
  const update = useUpdateTicket(id);
  const remove = useDeleteTicket();
  const eventText = useEventText();
  const [hasDraft, setHasDraft] = useState(false);
  const [deleting, setDeleting] = useState(false);

  const mayRemove = (attachment: TicketAttachment) => isStaff || attachment.uploaded_by === session?.token_info.user_id;

  const handleChange = async (change: TicketUpdate) => {
    try {
      await update.mutateAsync(change);
      notifySuccess(t('edit.saved'));
    } catch (error) {
      notifyError(error);
    }
  };

  const handleDelete = async () => {
    try {
      await remove.mutateAsync(current.id);
      notifySuccess(t('edit.deleted', { number: current.number }));
      void navigate(ticketPaths.tickets);
    } catch (error) {
      notifyError(error);
    }
  };

  const statuses = [current.status, ...allowedTicketStatuses(current.status, { isStaff })];

  return (
    <Container size="xl" px={0}>
      <UnsavedChangesGuard when={hasDraft} />
      <Stack gap="lg" data-testid="ticket-edit">
        <PageHeader
          back={{ to: ticketPaths.tickets, list: t('nav:tickets') }}
          title={
            <>
              <Text span ff="monospace" inherit c="dimmed">
                {current.number}
              </Text>{' '}
              {current.subject}
            </>
          }
          badges={
            <>
              <TicketStatusBadge status={current.status} />
              <TicketPriorityBadge priority={current.priority} />
            </>
          }
          actions={
            isStaff && (
              <DeleteAction onClick={() => setDeleting(true)} data-testid="ticket-delete">
                {t('edit.delete')}
              </DeleteAction>
            )
          }
        />
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="md" data-testid="ticket-description">
                <Group justify="space-between" mb="xs">
                  <Text fw={600} size="sm">
                    {current.reporter_name ?? t('conversation.unknownAuthor')}
                  </Text>
                  <Text size="xs" c="dimmed" title={format.date(current.created_at, true)}>
                    {format.relativeTime(current.created_at)}
                  </Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
                  {current.description}
                </Text>
                <TicketAttachments attachments={current.attachments} mayRemove={mayRemove} />
              </Card>
              <Title order={2} size="h4">
                {t('conversation.title')}
              </Title>
              <QueryState
                query={comments}
                failure="alert"
                loadFailed={t('edit.loadFailed')}
                loading={<Skeleton height={120} radius="md" />}
              >
                {(page) => (
                  <TicketConversation
                    ticketId={current.id}
                    comments={page.data}
                    isStaff={isStaff}
                    userId={session?.token_info.user_id}
                    ticketStatus={current.status}
                    mayRemove={mayRemove}
                    onDraftChange={setHasDraft}
                  />
                )}
              </QueryState>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">
              <Card withBorder radius="md" padding="md">
                <Stack gap="sm">
                  <NativeSelect
                    label={t('fields.status')}
                    value={current.status}
                    disabled={update.isPending}
                    onChange={(event) => void handleChange({ status: event.currentTarget.value as TicketStatus })}
                    data={statuses.map((status) => ({ value: status, label: t(`status.${status}`) }))}
                    data-testid="ticket-status-select"
                  />
                  <NativeSelect
                    label={t('fields.priority')}
                    value={current.priority}
                    disabled={update.isPending}
                    onChange={(event) => void handleChange({ priority: event.currentTarget.value as TicketPriority })}
                    data={TICKET_PRIORITIES.map((priority) => ({ value: priority, label: t(`priority.${priority}`) }))}
                    data-testid="ticket-priority-select"
                  />
                  {isStaff ? (
                    <NativeSelect
                      label={t('fields.assignee')}
                      value={current.assignee_id ?? ''}
                      disabled={update.isPending}
                      onChange={(event) => void handleChange({ assignee_id: event.currentTarget.value || null })}
                      data={[
                        { value: '', label: t('unassigned') },
                        ...(assignees.data?.data ?? []).map((user) => ({ value: user.id, label: user.name })),
                        // The current assignee, while the list loads or after they left the team.
                        ...(current.assignee_id &&
                        !(assignees.data?.data ?? []).some((user) => user.id === current.assignee_id)
                          ? [{ value: current.assignee_id, label: current.assignee_name ?? current.assignee_id }]
                          : []),
                      ]}
                      data-testid="ticket-assignee-select"
                    />
                  ) : (
                    <Text size="sm">
                      <Text span c="dimmed" size="sm">
                        {t('fields.assignee')}:{' '}
                      </Text>
                      {current.assignee_name ?? t('unassigned')}
                    </Text>
                  )}
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('fields.company')}:{' '}
                    </Text>
                    {current.company_name}
                  </Text>
                  <Text size="sm">
                    <Text span c="dimmed" size="sm">
                      {t('fields.case')}:{' '}
                    </Text>
                    {current.case_id ? (
                      <Anchor component={Link} to={`/my-cases/${current.case_id}/show`} size="sm">
                        {current.case_name}
                      </Anchor>
                    ) : (
                      '–'
                    )}
                  </Text>
                </Stack>
              </Card>
              <Card withBorder radius="md" padding="md">
                <Title order={2} size="h5" mb="sm">
                  {t('history.title')}
                </Title>
                <Timeline bulletSize={12} lineWidth={2} data-testid="ticket-history">
                  {current.history.map((event) => (
                    <Timeline.Item key={event.id} title={eventText(event)}>
                      <Text size="xs" c="dimmed">
                        {event.actor_name ?? t('conversation.unknownAuthor')} · {format.date(event.created_at, true)}
                      </Text>
                    </Timeline.Item>
                  ))}
                </Timeline>
              </Card>
            </Stack>
          </Grid.Col>
        </Grid>
      </Stack>
      <ConfirmDeleteModal
        opened={deleting}
        subject={`${current.number} · ${current.subject}`}
        loading={remove.isPending}
        onConfirm={() => void handleDelete()}
        onCancel={() => setDeleting(false)}
      />
    </Container>
  );
}
