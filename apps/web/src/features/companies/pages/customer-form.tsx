import { COUNTRY_CODES, type Company, companyCreateSchema, type PartnerRelation } from '@cuspid/contracts/companies';
import { Card, Checkbox, Container, NativeSelect, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { PageHeader } from '../../../components/page-header';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { RecordLabelsEditor } from '../../flags';
import { companyKeys, useCompany, usePartnerOptions, useSaveCompany } from '../api/companies';
import { CompanyLogo } from '../components/company-logo';
import { companyPaths } from '../paths';

type CompanyFormValues = {
  company_name: string;
  company_number: string;
  vat_id: string;
  country: string;
  address_line1: string;
  address_line2: string;
  city: string;
  zip: string;
  invoice_email_address: string;
  warning_mail_address: string;
  apply_reverse_charge: boolean;
  external_order_number: string;
  contact_person: string;
  reseller_id: string;
  sales_partner_id: string;
  service_partner_id: string;
  iban: string;
  bic: string;
  bank_name: string;
  account_holder: string;
};

function toValues(company?: Company): CompanyFormValues {
  const account = company?.bank_accounts.find((a) => a.is_default) ?? company?.bank_accounts[0];
  return {
    company_name: company?.company_name ?? '',
    company_number: company?.company_number ?? '',
    vat_id: company?.vat_id ?? '',
    country: company?.country ?? '',
    address_line1: company?.address_line1 ?? '',
    address_line2: company?.address_line2 ?? '',
    city: company?.city ?? '',
    zip: company?.zip ?? '',
    invoice_email_address: company?.invoice_email_address ?? '',
    warning_mail_address: company?.warning_mail_address ?? '',
    apply_reverse_charge: company?.apply_reverse_charge ?? false,
    external_order_number: company?.external_order_number ?? '',
    contact_person: company?.contact_person ?? '',
    reseller_id: company?.reseller?.id ?? '',
    sales_partner_id: company?.sales_partner?.id ?? '',
    service_partner_id: company?.service_partner?.id ?? '',
    iban: account?.iban ?? '',
    bic: account?.bic ?? '',
    bank_name: account?.bank_name ?? '',
    account_holder: account?.account_holder ?? '',
  };
}

/** The request body: empty partner choices are "none"; the bank fields make the (default) bank account. */
function toBody(values: CompanyFormValues, company?: Company) {
  const { iban, bic, bank_name, account_holder, reseller_id, sales_partner_id, service_partner_id, ...fields } = values;
  const others = (company?.bank_accounts ?? []).filter((a) => !a.is_default).map(({ id: _id, ...a }) => a);
  return {
    ...fields,
    reseller_id: reseller_id || null,
    sales_partner_id: sales_partner_id || null,
    service_partner_id: service_partner_id || null,
    bank_accounts: iban.trim() ? [{ iban, bic, bank_name, account_holder, is_default: true }, ...others] : others,
  };
}

function CompanyForm({ company }: { company?: Company }) {
  const { t, i18n } = useTranslation(['companies', 'common']);
  const navigate = useNavigate();
  const save = useSaveCompany();
  const partners = usePartnerOptions();
  const form = useForm<CompanyFormValues>({
    initialValues: toValues(company),
    validate: (values) => zodFormValidator<unknown>(companyCreateSchema)(toBody(values, company)),
  });
  const names = useMemo(() => new Intl.DisplayNames([i18n.language], { type: 'region' }), [i18n.language]);
  const partnerChoices = (type: PartnerRelation) => [
    { value: '', label: t('form.noPartner') },
    ...(partners.data?.data ?? [])
      .filter((p) => p.types.includes(type) && p.id !== company?.id)
      .map((p) => ({ value: p.id, label: p.company_name })),
  ];

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync({
        ...(company ? { id: company.id } : {}),
        body: companyCreateSchema.parse(toBody(values, company)),
      });
      notifySuccess(t('form.saved'));
      void navigate(companyPaths.customerShow(saved.id));
    } catch (error) {
      notifyError(error, form);
    }
  });

  const text = (field: keyof CompanyFormValues, label: string, extra: Record<string, unknown> = {}) => (
    <TextInput label={t(label)} {...extra} {...form.getInputProps(field)} />
  );

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="customer-form">
      <Stack gap="lg">
        <Card withBorder radius="lg" padding="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('company_name', 'fields.companyName', { required: true, 'data-autofocus': true })}
            {text('company_number', 'fields.companyNumber', { description: t('form.companyNumberHint') })}
            <NativeSelect
              label={t('fields.country')}
              required
              data={[
                { value: '', label: t('form.chooseCountry') },
                ...COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code })),
              ]}
              {...form.getInputProps('country')}
            />
            {text('vat_id', 'fields.vatId')}
            {text('address_line1', 'fields.addressLine1')}
            {text('address_line2', 'fields.addressLine2')}
            {text('zip', 'fields.zip')}
            {text('city', 'fields.city')}
            {text('contact_person', 'fields.contactPerson')}
            {text('external_order_number', 'fields.externalOrderNumber')}
            {text('invoice_email_address', 'fields.invoiceEmailAddress', { type: 'email' })}
            {text('warning_mail_address', 'fields.warningMailAddress', { type: 'email' })}
          </SimpleGrid>
          <Checkbox
            mt="md"
            label={t('fields.applyReverseCharge')}
            {...form.getInputProps('apply_reverse_charge', { type: 'checkbox' })}
          />
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('form.partners')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <NativeSelect
              label={t('fields.reseller')}
              data={partnerChoices('reseller')}
              {...form.getInputProps('reseller_id')}
            />
            <NativeSelect
              label={t('fields.salesPartner')}
              data={partnerChoices('sales-partner')}
              {...form.getInputProps('sales_partner_id')}
            />
            <NativeSelect
              label={t('fields.servicePartner')}
              data={partnerChoices('service-partner')}
              {...form.getInputProps('service_partner_id')}
            />
          </SimpleGrid>
        </Card>
        <Card withBorder radius="lg" padding="lg">
          <Title order={2} size="h4" mb="sm">
            {t('form.defaultBankAccount')}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {text('iban', 'fields.iban')}
            {text('bic', 'fields.bic')}
            {text('bank_name', 'fields.bankName')}
            {text('account_holder', 'fields.accountHolder')}
          </SimpleGrid>
        </Card>
        <FormActions saveLabel={t('form.save')} cancelLabel={t('form.cancel')} submitting={form.submitting} />
      </Stack>
    </form>
  );
}

export function CustomerCreatePage() {
  const { t } = useTranslation(['companies', 'nav']);
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: companyPaths.customers, list: t('nav:customers') }} title={t('form.createTitle')} />
        <CompanyForm />
      </Stack>
    </Container>
  );
}

export function CustomerEditPage() {
  const { t } = useTranslation(['companies', 'flags', 'nav']);
  const { id = '' } = useParams();
  const company = useCompany(id);
  const queryClient = useQueryClient();
  return (
    <Container size="lg" px={0}>
      <Stack gap="lg">
        <PageHeader back={{ to: companyPaths.customers, list: t('nav:customers') }} title={t('form.editTitle')} />
        {company.data ? (
          <>
            <Card withBorder radius="lg" padding="lg">
              <CompanyLogo company={company.data} />
            </Card>
            <Card withBorder radius="lg" padding="lg">
              <Title order={2} size="h4" mb="sm">
                {t('flags:editor.title')}
              </Title>
              <RecordLabelsEditor
                type="company"
                id={id}
                flag={company.data.flag}
                tags={company.data.tags}
                onSaved={() => void queryClient.invalidateQueries({ queryKey: companyKeys.all })}
              />
            </Card>
            <CompanyForm company={company.data} />
          </>
        ) : (
          <Skeleton h={320} />
        )}
      </Stack>
    </Container>
  );
}
