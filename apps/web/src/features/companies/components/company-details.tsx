import type { Company } from '@cuspid/contracts/companies';
import { Badge, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function Field({ label, value }: { label: string; value: string | null | undefined }) {
  return (
    <div>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text>{value || '–'}</Text>
    </div>
  );
}

/** Every field of a company (spec section 3), read-only. */
export function CompanyDetails({ company }: { company: Company }) {
  const { t, i18n } = useTranslation('companies');
  const countryName = company.country
    ? (new Intl.DisplayNames([i18n.language], { type: 'region' }).of(company.country) ?? company.country)
    : null;
  const address = [company.address_line1, company.address_line2, [company.zip, company.city].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Field label={t('fields.companyName')} value={company.company_name} />
        <Field label={t('fields.companyNumber')} value={company.company_number} />
        <Field label={t('fields.vatId')} value={company.vat_id} />
        <Field label={t('fields.country')} value={countryName} />
        <Field label={t('fields.address')} value={address} />
        <Field label={t('fields.contactPerson')} value={company.contact_person} />
        <Field label={t('fields.invoiceEmailAddress')} value={company.invoice_email_address} />
        <Field label={t('fields.warningMailAddress')} value={company.warning_mail_address} />
        <Field label={t('fields.externalOrderNumber')} value={company.external_order_number} />
        <Field label={t('fields.reseller')} value={company.reseller?.company_name} />
        <Field label={t('fields.salesPartner')} value={company.sales_partner?.company_name} />
        <Field label={t('fields.servicePartner')} value={company.service_partner?.company_name} />
      </SimpleGrid>
      {company.apply_reverse_charge && (
        <Badge variant="light" w="fit-content">
          {t('fields.applyReverseCharge')}
        </Badge>
      )}
      <div>
        <Title order={3} size="h5" mb="xs">
          {t('fields.bankAccounts')}
        </Title>
        {company.bank_accounts.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('noBankAccounts')}
          </Text>
        ) : (
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('fields.iban')}</Table.Th>
                <Table.Th>{t('fields.bic')}</Table.Th>
                <Table.Th>{t('fields.bankName')}</Table.Th>
                <Table.Th>{t('fields.accountHolder')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {company.bank_accounts.map((account) => (
                <Table.Tr key={account.id}>
                  <Table.Td>
                    {account.iban}{' '}
                    {account.is_default && (
                      <Badge size="xs" variant="light">
                        {t('defaultAccount')}
                      </Badge>
                    )}
                  </Table.Td>
                  <Table.Td>{account.bic ?? '–'}</Table.Td>
                  <Table.Td>{account.bank_name ?? '–'}</Table.Td>
                  <Table.Td>{account.account_holder ?? '–'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </div>
    </Stack>
  );
}
