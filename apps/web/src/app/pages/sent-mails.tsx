import type { MailStatus } from '@cuspid/contracts/mail';
import {
  Alert,
  Badge,
  Button,
  Card,
  Container,
  Group,
  Loader,
  Modal,
  Pagination,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { IconMailOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DebouncedSearchInput } from '../../components/debounced-search-input';
import { useSentMail, useSentMailPage } from '../../features/mail/api/sent-mails';
import { errorMessage } from '../../lib/notify';
import { useFormat } from '../../lib/use-format';
import { useListParams } from '../../lib/use-list-params';

const STATUS_COLOR: Record<MailStatus, string> = { queued: 'blue', sending: 'yellow', sent: 'green', failed: 'red' };

/** The outbox: every mail the portal sent or tries to send (backoffice-mail-template). */
export function SentMailsPage() {
  const { t } = useTranslation(['mail', 'common']);
  const { params, setPage, setSearch } = useListParams();
  const mails = useSentMailPage(params);
  const format = useFormat();
  const [openId, setOpenId] = useState<string | null>(null);
  const { data } = mails;
  const totalPages = Math.max(1, Math.ceil((data?.count ?? 0) / params.size));

  return (
    <Container size="lg" px={0}>
      <Stack gap="lg" data-testid="sent-mails-page">
        <div>
          <Title order={1}>{t('sent.title')}</Title>
          <Text c="dimmed">{t('sent.intro')}</Text>
        </div>
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="md">
            <DebouncedSearchInput
              label={t('sent.search')}
              placeholder={t('sent.searchPlaceholder')}
              clearLabel={t('templates.clearSearch')}
              value={params.search}
              onSearch={(search) => {
                if (search !== params.search) setSearch(search);
              }}
              w={{ base: '100%', sm: 360 }}
              data-testid="sent-mails-search"
            />
            {mails.isError ? (
              <Alert color="red" title={t('loadFailed')}>
                <Text size="sm" mb="sm">
                  {errorMessage(mails.error)}
                </Text>
                <Button size="xs" variant="light" color="red" onClick={() => void mails.refetch()}>
                  {t('common:actions.retry')}
                </Button>
              </Alert>
            ) : data && data.data.length === 0 ? (
              <Stack align="center" gap={6} py="xl" ta="center">
                <IconMailOff size={40} stroke={1.3} aria-hidden />
                <Text fw={600}>{t('sent.empty')}</Text>
              </Stack>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped highlightOnHover data-testid="sent-mails-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('fields.created')}</Table.Th>
                      <Table.Th>{t('fields.to')}</Table.Th>
                      <Table.Th>{t('fields.subject')}</Table.Th>
                      <Table.Th>{t('fields.language')}</Table.Th>
                      <Table.Th>{t('fields.status')}</Table.Th>
                      <Table.Th>{t('fields.attempts')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {!data
                      ? Array.from({ length: 5 }, (_, row) => (
                          // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows
                          <Table.Tr key={row}>
                            <Table.Td colSpan={6}>
                              <Skeleton h={14} my={4} />
                            </Table.Td>
                          </Table.Tr>
                        ))
                      : data.data.map((mail) => (
                          <Table.Tr key={mail.id} data-testid="sent-mail-row">
                            <Table.Td>{format.date(mail.created_at, true)}</Table.Td>
                            <Table.Td>{mail.to}</Table.Td>
                            <Table.Td>
                              <UnstyledButton onClick={() => setOpenId(mail.id)} fw={500} td="underline">
                                {mail.subject ?? (mail.event ? t(`events.${mail.event}`) : t('sent.noSubject'))}
                              </UnstyledButton>
                            </Table.Td>
                            <Table.Td>{mail.language}</Table.Td>
                            <Table.Td>
                              <Badge color={STATUS_COLOR[mail.status]} variant="light">
                                {t(`status.${mail.status}`)}
                              </Badge>
                            </Table.Td>
                            <Table.Td>{mail.attempts}</Table.Td>
                          </Table.Tr>
                        ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {data && data.count > params.size && (
              <Pagination total={totalPages} value={Math.min(params.page, totalPages)} onChange={setPage} />
            )}
          </Stack>
        </Card>
      </Stack>
      <SentMailModal id={openId} onClose={() => setOpenId(null)} />
    </Container>
  );
}

function SentMailModal({ id, onClose }: { id: string | null; onClose: () => void }) {
  const { t } = useTranslation('mail');
  const mail = useSentMail(id);
  return (
    <Modal opened={!!id} onClose={onClose} size="xl" title={mail.data?.subject ?? t('sent.detail')}>
      {mail.isError ? (
        <Alert color="red">{errorMessage(mail.error)}</Alert>
      ) : !mail.data ? (
        <Loader />
      ) : (
        <Stack gap="sm" data-testid="sent-mail-detail">
          <Group gap="lg">
            <Text size="sm">
              {t('fields.to')}: <b>{mail.data.to}</b>
            </Text>
            <Text size="sm">
              {t('fields.language')}: <b>{mail.data.language}</b>
            </Text>
            <Badge color={STATUS_COLOR[mail.data.status]} variant="light">
              {t(`status.${mail.data.status}`)}
            </Badge>
            {mail.data.transport && <Badge variant="outline">{t(`transport.${mail.data.transport}`)}</Badge>}
          </Group>
          {mail.data.last_error && (
            <Alert color={mail.data.status === 'sent' ? 'yellow' : 'red'} title={t('fields.lastError')}>
              {mail.data.last_error}
            </Alert>
          )}
          {mail.data.html !== null && (
            <iframe
              title={t('sent.detail')}
              sandbox=""
              srcDoc={mail.data.html}
              style={{
                width: '100%',
                minHeight: 300,
                border: '1px solid var(--mantine-color-default-border)',
                background: 'white',
              }}
            />
          )}
          {mail.data.text && (
            <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="sent-mail-text">
              {mail.data.text}
            </Text>
          )}
        </Stack>
      )}
    </Modal>
  );
}
