import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

/**
 * The end of a form: Cancel and the submit button, busy while saving. Cancel leads to `cancelTo` (the list or the
 * record), else back to where the user came from.
 */
export function FormActions({
  saveLabel,
  cancelLabel,
  cancelTo,
  submitting,
  submitTestId,
}: {
  saveLabel: string;
  cancelLabel?: string;
  cancelTo?: string;
  submitting: boolean;
  submitTestId?: string;
}) {
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      {cancelLabel && (
        <Button variant="default" onClick={() => void (cancelTo ? navigate(cancelTo) : navigate(-1))}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={submitting} data-testid={submitTestId}>
        {saveLabel}
      </Button>
    </Group>
  );
}
