import { MAX_INVOICE_LINES, MAX_LINE_QUANTITY } from '@cuspid/contracts/invoices';
import { ActionIcon, Button, Group, NumberInput, Table, Text, TextInput, Tooltip } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { randomId } from '@mantine/hooks';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { amountToCents } from '../../../lib/money';
import { useInvoiceFormat } from './invoice-display';

type NumberValue = number | string;

/** One line as the form edits it: the unit price in currency units, the tax rate in percent. */
export type InvoiceLineValues = {
  /** Keeps a row's inputs when a line above it is removed. */
  key: string;
  article_number: string;
  name: string;
  quantity: NumberValue;
  unit_price: NumberValue;
  tax_rate: NumberValue;
};

/**
 * The draft form's values. They carry the request's field names, so that the schema's and the server's field
 * errors (`lines.0.unit_price`) land on their inputs.
 */
export type InvoiceFormValues = {
  company_id: string;
  payment_term_days: NumberValue;
  notes: string;
  lines: InvoiceLineValues[];
};

/** A new line: one piece, at the tax rate of the line above (19 % for the first). */
export function newLine(previous?: InvoiceLineValues): InvoiceLineValues {
  return {
    key: randomId(),
    article_number: '',
    name: '',
    quantity: 1,
    unit_price: '',
    tax_rate: previous?.tax_rate ?? 19,
  };
}

type InvoiceLinesEditorProps = {
  form: UseFormReturnType<InvoiceFormValues>;
  currency: string;
};

/** The editable table of a draft's lines: add, change and remove lines; each line's net as it is typed. */
export function InvoiceLinesEditor({ form, currency }: InvoiceLinesEditorProps) {
  const { t } = useTranslation('invoices');
  const format = useInvoiceFormat();
  const lines = form.values.lines;

  const lineNet = (line: InvoiceLineValues) => {
    const cents = amountToCents(line.unit_price);
    const quantity = Number(line.quantity);
    return line.unit_price !== '' && line.quantity !== '' && Number.isFinite(cents) && Number.isFinite(quantity)
      ? format.money(cents * quantity, currency)
      : '–';
  };

  return (
    <>
      <Table.ScrollContainer minWidth={860}>
        <Table verticalSpacing="xs" data-testid="invoice-lines">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={40}>#</Table.Th>
              <Table.Th w={140}>{t('lines.articleNumber')}</Table.Th>
              <Table.Th>{t('lines.name')}</Table.Th>
              <Table.Th w={100}>{t('lines.quantity')}</Table.Th>
              <Table.Th w={140}>{t('lines.unitPrice', { currency })}</Table.Th>
              <Table.Th w={110}>{t('lines.taxRate')}</Table.Th>
              <Table.Th w={120} ta="right">
                {t('lines.net')}
              </Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line, index) => {
              const position = index + 1;
              const path = `lines.${index}` as const;
              return (
                <Table.Tr key={line.key} data-testid="invoice-line" style={{ verticalAlign: 'top' }}>
                  <Table.Td pt={14}>{position}</Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('lines.articleNumberOf', { position })}
                      {...form.getInputProps(`${path}.article_number`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <TextInput
                      aria-label={t('lines.nameOf', { position })}
                      required
                      {...form.getInputProps(`${path}.name`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('lines.quantityOf', { position })}
                      min={1}
                      max={MAX_LINE_QUANTITY}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps(`${path}.quantity`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('lines.unitPriceOf', { position })}
                      decimalScale={2}
                      {...form.getInputProps(`${path}.unit_price`)}
                    />
                  </Table.Td>
                  <Table.Td>
                    <NumberInput
                      aria-label={t('lines.taxRateOf', { position })}
                      min={0}
                      max={100}
                      decimalScale={2}
                      allowNegative={false}
                      suffix=" %"
                      {...form.getInputProps(`${path}.tax_rate`)}
                    />
                  </Table.Td>
                  <Table.Td ta="right" pt={14} data-testid="invoice-line-net">
                    {lineNet(line)}
                  </Table.Td>
                  <Table.Td>
                    <Tooltip label={t('lines.removeOf', { position })}>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        mt={4}
                        aria-label={t('lines.removeOf', { position })}
                        onClick={() => form.removeListItem('lines', index)}
                      >
                        <IconTrash size={16} aria-hidden />
                      </ActionIcon>
                    </Tooltip>
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {lines.length === 0 && (
        <Text c="dimmed" size="sm" ta="center" py="sm" data-testid="invoice-lines-empty">
          {t('lines.none')}
        </Text>
      )}
      {typeof form.errors.lines === 'string' && (
        <Text c="red" size="sm">
          {form.errors.lines}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} aria-hidden />}
          disabled={lines.length >= MAX_INVOICE_LINES}
          onClick={() => form.insertListItem('lines', newLine(lines.at(-1)))}
          data-testid="invoice-line-add"
        >
          {t('lines.add')}
        </Button>
      </Group>
    </>
  );
}
