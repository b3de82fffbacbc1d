import { createTemplateFieldsSchema, type DocumentTemplate } from '@cuspid/contracts';
import { FileInput, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconFileTypeDocx } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormActions } from '../../../components/form-actions';
import { zodFormValidator } from '../../../lib/form-validation';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { useCreateTemplate, useUpdateTemplate } from '../api/document-templates';
import { documentTemplatePaths } from '../paths';

type TemplateValues = { name: string; description: string; file: File | null };

type TemplateFormProps = {
  /** Editing an existing template (name and description); without it, a new one with its DOCX. */
  template?: DocumentTemplate;
};

/** Create (name, description, DOCX) or edit (name, description) a document template. */
export function TemplateForm({ template }: TemplateFormProps) {
  const { t } = useTranslation(['document-templates', 'validation']);
  const navigate = useNavigate();
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const schemaValidate = zodFormValidator<TemplateValues>(createTemplateFieldsSchema);
  const form = useForm<TemplateValues>({
    initialValues: { name: template?.name ?? '', description: template?.description ?? '', file: null },
    validate: (values) => {
      const errors = schemaValidate(values);
      if (!template && !values.file) errors.file = t('validation:fileRequired');
      return errors;
    },
  });

  const handleSubmit = form.onSubmit(async (values) => {
    try {
      if (template) {
        await update.mutateAsync({ id: template.id, name: values.name, description: values.description || null });
        notifySuccess(t('templates.saved'));
        void navigate(documentTemplatePaths.documentTemplateShow(template.id));
      } else if (values.file) {
        const created = await create.mutateAsync({
          name: values.name,
          description: values.description,
          file: values.file,
        });
        notifySuccess(t('templates.created'));
        void navigate(documentTemplatePaths.documentTemplateShow(created.id));
      }
    } catch (error) {
      notifyError(error, form);
    }
  });

  return (
    <form onSubmit={handleSubmit} noValidate data-testid="template-form">
      <Stack>
        <TextInput
          label={t('templates.fields.name')}
          required
          {...form.getInputProps('name')}
          data-testid="template-name"
        />
        <Textarea
          label={t('templates.fields.description')}
          autosize
          minRows={2}
          {...form.getInputProps('description')}
          data-testid="template-description"
        />
        {!template && (
          <FileInput
            label={t('templates.fields.file')}
            placeholder={t('templates.fields.filePlaceholder')}
            description={t('templates.fields.fileHint')}
            accept=".docx,application/vnd.openxmlformats-officedocument.wordprocessingml.document"
            leftSection={<IconFileTypeDocx size={18} aria-hidden />}
            required
            clearable
            {...form.getInputProps('file')}
            data-testid="template-file"
          />
        )}
        <FormActions
          saveLabel={t('templates.save')}
          cancelLabel={t('templates.cancel')}
          submitting={create.isPending || update.isPending}
          submitTestId="template-submit"
        />
      </Stack>
    </form>
  );
}
