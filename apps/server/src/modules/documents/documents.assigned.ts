import type { DocumentType } from '@cuspid/contracts';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import * as repo from './documents.repository';
import { pdfConverterOf, readWhole } from './documents.service';
import { renderDocxTemplate } from './docx-templates';

/**
 * A product document (an invoice, a credit note) from the DOCX template assigned to its type (ADR 0047), filled with
 * `variables` and converted to PDF by LibreOffice. Null when no template is assigned or LibreOffice is not installed:
 * the caller then makes the document its own way. A template that cannot be filled fails loudly (422), so a broken
 * template is noticed rather than silently replaced.
 */
export async function renderAssignedDocument(
  deps: Deps,
  db: DbOrTx,
  documentType: DocumentType,
  variables: Record<string, unknown>,
): Promise<Buffer | null> {
  const template = await repo.findAssignedTemplate(db, documentType);
  if (!template) return null;
  const converter = pdfConverterOf(deps);
  if (!(await converter.locate())) {
    deps.logger.warn(
      { documentType },
      'a template is assigned but LibreOffice is missing: the built-in layout is used',
    );
    return null;
  }
  const object = await deps.storage.get(template.storageKey);
  // Templates are stored at most maxTemplateBytes large (the upload's limit), so the limit only guards memory.
  const docx = await readWhole(object.body, deps.config.documents.maxTemplateBytes);
  return converter.convertDocx(renderDocxTemplate(docx, variables));
}
