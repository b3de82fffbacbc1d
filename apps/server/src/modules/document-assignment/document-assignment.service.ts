import {
  DOCUMENT_TYPES,
  type DocumentAssignmentList,
  type DocumentType,
  type SaveDocumentAssignmentBody,
} from '@cuspid/contracts';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findTemplatesByIds } from '../documents';
import { firstUnusableTemplate } from './document-assignment.policy';
import * as repo from './document-assignment.repository';

/** Every document type with its template, or null when none is assigned (ADR 0047). */
export async function getDocumentAssignments(deps: Deps): Promise<DocumentAssignmentList> {
  const rows = await repo.listDocumentAssignments(deps.db);
  const byType = new Map(rows.map((r) => [r.documentType, r]));
  return {
    data: DOCUMENT_TYPES.map((documentType) => {
      const row = byType.get(documentType);
      return {
        document_type: documentType,
        template_id: row?.templateId ?? null,
        template_name: row?.templateName ?? null,
      };
    }),
  };
}

/**
 * Sets the template of each listed document type (null removes it). Each template must be one the actor
 * can see (company scope); otherwise nothing is saved and the answer is 404.
 */
export async function saveDocumentAssignments(
  deps: Deps,
  actor: Actor,
  body: SaveDocumentAssignmentBody,
): Promise<DocumentAssignmentList> {
  const seen = new Set<DocumentType>();
  body.assignments.forEach((a, i) => {
    if (seen.has(a.document_type)) {
      throw new AppError('VALIDATION_FAILED', {
        message: 'Each document type may appear once',
        errors: { [`assignments.${i}.document_type`]: ['Each document type may appear once'] },
      });
    }
    seen.add(a.document_type);
  });
  await deps.db.transaction(async (tx) => {
    const ids = [...new Set(body.assignments.flatMap((a) => (a.template_id ? [a.template_id] : [])))];
    const found = new Set((await findTemplatesByIds(tx, actor, ids)).map((t) => t.id));
    const missing = firstUnusableTemplate(ids, found);
    if (missing) throw new AppError('DOCUMENT_TEMPLATE_NOT_FOUND', { params: { template_id: missing } });
    const before = new Map((await repo.listDocumentAssignments(tx)).map((r) => [r.documentType, r.templateId]));
    for (const a of body.assignments) {
      const old = before.get(a.document_type) ?? null;
      if (old !== (a.template_id ?? null)) {
        await recordAudit(tx, actor, {
          entity: 'document-assignment',
          entityId: a.document_type,
          action: old === null ? 'create' : a.template_id ? 'update' : 'delete',
          before: old === null ? null : { template_id: old },
          after: a.template_id ? { template_id: a.template_id } : null,
        });
      }
      if (a.template_id) {
        await repo.upsertDocumentAssignment(tx, {
          documentType: a.document_type,
          templateId: a.template_id,
          updatedBy: actor.userId,
        });
      } else {
        await repo.deleteDocumentAssignment(tx, a.document_type);
      }
    }
  });
  return getDocumentAssignments(deps);
}
