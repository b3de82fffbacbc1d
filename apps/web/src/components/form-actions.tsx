import { Button, Group } from '@mantine/core';
import { useNavigate } from 'react-router';

/** The end of a form: Cancel (back to where the user came from) and the submit button, busy while saving. */
export function FormActions({
  saveLabel,
  cancelLabel,
  submitting,
}: {
  saveLabel: string;
  cancelLabel?: string;
  submitting: boolean;
}) {
  const navigate = useNavigate();
  return (
    <Group justify="flex-end">
      {cancelLabel && (
        <Button variant="default" onClick={() => void navigate(-1)}>
          {cancelLabel}
        </Button>
      )}
      <Button type="submit" loading={submitting}>
        {saveLabel}
      </Button>
    </Group>
  );
}
