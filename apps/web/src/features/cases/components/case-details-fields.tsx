import { NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';

export type CaseDetailsValues = {
  name: string;
  patient: string;
  patient_birth_year: number | string;
  notes: string;
};

export const detailsOf = (item?: {
  name: string;
  patient: string;
  patient_birth_year: number | null;
  notes?: string | null;
}): CaseDetailsValues => ({
  name: item?.name ?? '',
  patient: item?.patient ?? '',
  patient_birth_year: item?.patient_birth_year ?? '',
  notes: item?.notes ?? '',
});

/** The request's fields of name, patient, birth year and notes (a blank year or notes is null). */
export const detailsBody = (values: CaseDetailsValues) => ({
  name: values.name,
  patient: values.patient,
  patient_birth_year: values.patient_birth_year === '' ? null : Number(values.patient_birth_year),
  notes: values.notes.trim() || null,
});

/** Name, patient, birth year and notes: the same inputs on the create and the edit form. */
export function CaseDetailsFields<V extends CaseDetailsValues>({
  form,
  disabled = false,
}: {
  form: UseFormReturnType<V>;
  disabled?: boolean;
}) {
  const { t } = useTranslation('cases');
  return (
    <>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('fields.name')}
          description={t('form.nameHint')}
          required
          disabled={disabled}
          data-autofocus
          {...form.getInputProps('name')}
          data-testid="case-name"
        />
        <TextInput
          label={t('fields.patient')}
          description={t('form.patientHint')}
          required
          disabled={disabled}
          {...form.getInputProps('patient')}
          data-testid="case-patient"
        />
        <NumberInput
          label={t('fields.birthYear')}
          description={t('form.birthYearHint')}
          min={1900}
          max={new Date().getFullYear()}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="none"
          disabled={disabled}
          {...form.getInputProps('patient_birth_year')}
          data-testid="case-birth-year"
        />
      </SimpleGrid>
      <Textarea
        label={t('fields.notes')}
        rows={3}
        disabled={disabled}
        {...form.getInputProps('notes')}
        data-testid="case-notes"
      />
    </>
  );
}
