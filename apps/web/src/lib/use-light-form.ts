import type { FormErrors } from '@mantine/form';
import { type ChangeEvent, type FormEvent, useState } from 'react';

type Options<Values> = { initialValues: Values; validate: (values: Values) => FormErrors };

/**
 * Form state for the login page, whose JS has a size budget (bench: web-size): Mantine's useForm
 * weighs ~6 KB gzipped there. It keeps the same contract as far as a sign-in form needs it: values per
 * field, the first error per field from the contracts' zod schema, `setErrors` for the server's field
 * errors, and a busy flag while submitting. Every other form uses Mantine's useForm.
 */
export function useLightForm<Values extends Record<string, string>>({ initialValues, validate }: Options<Values>) {
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FormErrors>({});
  const [submitting, setSubmitting] = useState(false);

  const getInputProps = (field: keyof Values & string) => ({
    value: values[field],
    error: errors[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
      setErrors((current) => {
        if (!(field in current)) return current;
        const { [field]: _cleared, ...rest } = current;
        return rest;
      });
    },
  });

  const onSubmit = (handler: (values: Values) => Promise<void>) => async (event?: FormEvent) => {
    event?.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSubmitting(true);
    try {
      await handler(values);
    } finally {
      setSubmitting(false);
    }
  };

  return { values, errors, submitting, setErrors, getInputProps, onSubmit };
}
