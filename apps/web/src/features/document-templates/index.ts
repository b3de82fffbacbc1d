// What other features use of document templates: the template list (the document assignment's picker).
export { templatePageQuery } from './api/document-templates';
