import { Card, Container, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { QueryState } from '../../../components/query-state';
import { useTemplate } from '../api/document-templates';
import { TemplateForm } from '../components/template-form';
import { documentTemplatePaths } from '../paths';

/** /document-templates/create: name, description and the DOCX. */
export function DocumentTemplateCreatePage() {
  const { t } = useTranslation(['document-templates', 'nav']);
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg" data-testid="document-template-create-page">
        <PageHeader
          back={{ to: documentTemplatePaths.documentTemplates, list: t('nav:documentTemplates') }}
          title={t('templates.createTitle')}
        />
        <Card withBorder radius="lg" padding="lg">
          <TemplateForm />
        </Card>
      </Stack>
    </Container>
  );
}

/** /document-templates/{id}/edit: name and description. */
export function DocumentTemplateEditPage() {
  const { t } = useTranslation(['document-templates', 'nav']);
  const { id = '' } = useParams();
  const template = useTemplate(id);
  return (
    <Container size="sm" px={0}>
      <Stack gap="lg" data-testid="document-template-edit-page">
        <PageHeader
          back={{ to: documentTemplatePaths.documentTemplates, list: t('nav:documentTemplates') }}
          title={t('templates.editTitle')}
        />
        <Card withBorder radius="lg" padding="lg">
          <QueryState
            query={template}
            skeletonHeight={200}
            back={{ to: documentTemplatePaths.documentTemplates, list: t('nav:documentTemplates') }}
          >
            {(data) => <TemplateForm template={data} />}
          </QueryState>
        </Card>
      </Stack>
    </Container>
  );
}
