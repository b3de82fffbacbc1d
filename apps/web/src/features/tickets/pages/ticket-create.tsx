import { TICKET_PRIORITIES, type TicketPriority, ticketCreateSchema } from '@cuspid/contracts/tickets';
import { Button, Card, Container, Group, NativeSelect, Select, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { UnsavedChangesGuard } from '../../../components/unsaved-changes-guard';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useSeesOtherCompanies } from '../../../lib/use-is-staff';
import { CompanyFilter } from '../../cases';
import { type TicketDraft, useCreateTicket, useTicketCaseChoices } from '../api/tickets';
import { filesFit, TicketFilesInput } from '../components/ticket-files-input';
import { ticketPaths } from '../paths';

/**
 * /tickets/create: subject, description, priority, optionally one of the company's cases, and files. The back
 * office and partners may open it for a customer's company (their own otherwise).
 */
export function TicketCreatePage() {
  const { t } = useTranslation(['tickets', 'common', 'nav']);
  const navigate = useNavigate();
  const create = useCreateTicket();
  const [files, setFiles] = useState<File[]>([]);
  const [caseSearch, setCaseSearch] = useState('');
  const [debouncedSearch] = useDebouncedValue(caseSearch, 300);
  const choosesCompany = useSeesOtherCompanies() === true;
  const form = useForm<TicketDraft>({
    initialValues: { subject: '', description: '', priority: 'normal', case_id: '', company_id: '' },
    validate: zodFormValidator<TicketDraft>(ticketCreateSchema),
  });
  const caseChoices = useTicketCaseChoices(debouncedSearch, form.values.company_id);
  // Set once opened: the unsaved-changes guard lets go, then the ticket's page opens.
  const [createdId, setCreatedId] = useState<string | null>(null);
  useEffect(() => {
    if (createdId) void navigate(ticketPaths.ticketEdit(createdId));
  }, [createdId, navigate]);

  const handleSubmit = form.onSubmit(async (values) => {
    if (!filesFit(files)) return;
    try {
      const ticket = await create.mutateAsync({ draft: values, files });
      notifySuccess(t('form.created', { number: ticket.number }));
      setCreatedId(ticket.id);
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <Container size="md" px={0}>
      <UnsavedChangesGuard when={!createdId && !create.isPending && (form.isDirty() || files.length > 0)} />
      <form onSubmit={handleSubmit} noValidate data-testid="ticket-form">
        <Stack gap="lg">
          <PageHeader
            back={{ to: ticketPaths.tickets, list: t('nav:tickets') }}
            title={t('form.createTitle')}
            description={t('form.createIntro')}
          />
          <Card withBorder radius="lg" padding="lg">
            <Stack gap="md">
              <TextInput
                label={t('fields.subject')}
                required
                data-autofocus
                {...form.getInputProps('subject')}
                data-testid="ticket-subject"
              />
              <Textarea
                label={t('fields.description')}
                required
                rows={6}
                {...form.getInputProps('description')}
                data-testid="ticket-description"
              />
              {choosesCompany && (
                <CompanyFilter
                  label={t('fields.company')}
                  placeholder={t('form.companyPlaceholder')}
                  description={t('form.companyHint')}
                  value={form.values.company_id}
                  onChange={(value) => {
                    form.setFieldValue('company_id', value);
                    // A case belongs to one company: another company's choice starts without one.
                    form.setFieldValue('case_id', '');
                  }}
                  error={form.errors.company_id}
                  w="100%"
                  data-testid="ticket-company"
                />
              )}
              <Group grow align="flex-start">
                <NativeSelect
                  label={t('fields.priority')}
                  data={TICKET_PRIORITIES.map((value: TicketPriority) => ({ value, label: t(`priority.${value}`) }))}
                  {...form.getInputProps('priority')}
                  data-testid="ticket-priority"
                />
                <Select
                  label={t('fields.case')}
                  placeholder={t('form.casePlaceholder')}
                  searchable
                  clearable
                  filter={({ options }) => options}
                  onSearchChange={setCaseSearch}
                  data={(caseChoices.data?.data ?? []).map((c) => ({ value: c.id, label: `${c.name} · ${c.patient}` }))}
                  value={form.values.case_id || null}
                  onChange={(value) => form.setFieldValue('case_id', value ?? '')}
                  error={form.errors.case_id}
                  data-testid="ticket-case"
                />
              </Group>
              <TicketFilesInput value={files} onChange={setFiles} data-testid="ticket-files" />
            </Stack>
          </Card>
          <Group justify="flex-end">
            <Button variant="default" component={Link} to={ticketPaths.tickets}>
              {t('actions.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending} data-testid="ticket-submit">
              {t('form.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Container>
  );
}
