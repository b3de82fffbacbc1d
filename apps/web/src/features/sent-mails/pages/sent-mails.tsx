import type { MailStatus, SentMail } from '@cuspid/contracts/mail';
import { Alert, Badge, Container, Group, Loader, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { type ListColumn, ServerList } from '../../../components/server-list';
import { useDeclaredLabel } from '../../../config/declared-labels';
import { useFormat } from '../../../lib/use-format';
import { useListParams } from '../../../lib/use-list-params';
import { useSentMail, useSentMailPage } from '../api/sent-mails';

const STATUS_COLOR: Record<MailStatus, string> = { queued: 'blue', sending: 'yellow', sent: 'green', failed: 'red' };

/** The outbox: every mail the portal sent or tries to send (backoffice-mail-template). */
export function SentMailsPage() {
  const { t } = useTranslation(['sent-mails', 'common']);
  const label = useDeclaredLabel();
  const { params } = useListParams();
  const mails = useSentMailPage(params);
  const format = useFormat();
  const [openId, setOpenId] = useState<string | null>(null);
  const columns: ListColumn<SentMail>[] = [
    { key: 'created', kind: 'date', label: t('fields.created'), render: (mail) => format.date(mail.created_at, true) },
    { key: 'to', label: t('fields.to'), render: (mail) => mail.to },
    {
      key: 'subject',
      label: t('fields.subject'),
      render: (mail) => (
        <UnstyledButton onClick={() => setOpenId(mail.id)} fw={500} td="underline">
          {mail.subject ?? (mail.event ? label('mailEvents', mail.event) : t('sent.noSubject'))}
        </UnstyledButton>
      ),
    },
    { key: 'language', kind: 'code', label: t('fields.language'), render: (mail) => mail.language },
    {
      key: 'status',
      kind: 'badge',
      label: t('fields.status'),
      render: (mail) => (
        <Badge color={STATUS_COLOR[mail.status]} variant="light">
          {t(`status.${mail.status}`)}
        </Badge>
      ),
    },
    { key: 'attempts', kind: 'number', label: t('fields.attempts'), render: (mail) => mail.attempts },
  ];

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="sent-mails-page">
        <PageHeader title={t('sent.title')} description={t('sent.intro')} />
        <ServerList
          testId="sent-mails"
          rowTestId="sent-mail-row"
          columns={columns}
          query={mails}
          searchPlaceholder={t('sent.searchPlaceholder')}
          empty={{ icon: <IconMailOff size={40} stroke={1.3} aria-hidden />, title: t('sent.empty') }}
        />
      </Stack>
      <SentMailModal id={openId} onClose={() => setOpenId(null)} />
    </Container>
  );
}

function SentMailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('sent-mails');
  const mail = useSentMail(id);
  return (
    <Modal opened={!!id} onClose={onClose} size="xl" title={mail.data?.subject ?? t('sent.detail')}>
      <QueryState query={mail} failure="alert" loading={<Loader />}>
        {(data) => (
          <Stack gap="sm" data-testid="sent-mail-detail">
            <Group gap="lg">
              <Text size="sm">
                {t('fields.to')}: <b>{data.to}</b>
              </Text>
              <Text size="sm">
                {t('fields.language')}: <b>{data.language}</b>
              </Text>
              <Badge color={STATUS_COLOR[data.status]} variant="light">
                {t(`status.${data.status}`)}
              </Badge>
              {data.transport && <Badge variant="outline">{t(`transport.${data.transport}`)}</Badge>}
            </Group>
            {data.last_error && (
              <Alert color={data.status === 'sent' ? 'yellow' : 'red'} title={t('fields.lastError')}>
                {data.last_error}
              </Alert>
            )}
            {data.html !== null && (
              <iframe
                title={t('sent.detail')}
                sandbox=""
                srcDoc={data.html}
                style={{
                  width: '100%',
                  minHeight: 300,
                  border: '1px solid var(--mantine-color-default-border)',
                  background: 'white',
                }}
              />
            )}
            {data.text && (
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="sent-mail-text">
                {data.text}
              </Text>
            )}
          </Stack>
        )}
      </QueryState>
    </Modal>
  );
}
