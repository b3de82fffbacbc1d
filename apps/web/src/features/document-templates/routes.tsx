import { type AppRoute, lazyPage } from '../../lib/routes';
import { documentTemplatePaths } from './paths';

export const routes: AppRoute[] = [
  {
    path: documentTemplatePaths.documentTemplates,
    page: lazyPage(() => import('./pages/document-templates'), 'DocumentTemplatesPage'),
    permission: 'backoffice-document-template',
  },
  {
    path: documentTemplatePaths.documentTemplateCreate,
    page: lazyPage(() => import('./pages/document-template-form'), 'DocumentTemplateCreatePage'),
    permission: 'backoffice-document-template',
  },
  {
    path: documentTemplatePaths.documentTemplateEditRoute,
    page: lazyPage(() => import('./pages/document-template-form'), 'DocumentTemplateEditPage'),
    permission: 'backoffice-document-template',
  },
  {
    path: documentTemplatePaths.documentTemplateShowRoute,
    page: lazyPage(() => import('./pages/document-template-show'), 'DocumentTemplateShowPage'),
    permission: 'backoffice-document-template',
  },
];
