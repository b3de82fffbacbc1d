import { type MailTemplateAssignment, type MailTemplateAssignmentsSave, mailModuleOf } from '@cuspid/contracts/mail';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { mailSchemasOf } from '../../lib/declarations';
import { AppError } from '../../lib/errors';
import { assertMayChangeLinkMails } from '../mail-templates';
import { relinkedEvents } from './mail-template-assignments.policy';
import * as repo from './mail-template-assignments.repository';

/** One line per event the areas declare, in the module list's order, with the template it uses (or none). */
async function allAssignments(deps: Deps): Promise<MailTemplateAssignment[]> {
  const stored = new Map((await repo.listAssignments(deps.db)).map((a) => [a.event, a]));
  return deps.declared.mailEvents.map((event) => {
    const row = stored.get(event);
    return {
      event,
      module: mailModuleOf(event),
      template_id: row?.templateId ?? null,
      template_name: row?.templateName ?? null,
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  });
}

/** The event catalogue is small and fixed, so the list is answered whole. */
export async function listAssignments(deps: Deps) {
  const data = await allAssignments(deps);
  return { data, total: data.length };
}

export async function listAssignmentsByModule(deps: Deps, module: string) {
  const data = (await allAssignments(deps)).filter((a) => a.module === module);
  return { data, total: data.length };
}

/** Saves the given events' templates together; an unknown template is 404 and nothing is saved. */
export async function saveAssignments(deps: Deps, actor: Actor, body: MailTemplateAssignmentsSave) {
  const input = mailSchemasOf(deps.declared).assignmentsSave.parse(body);
  const ids = [...new Set(input.assignments.map((a) => a.template_id).filter((id): id is string => !!id))];
  await deps.db.transaction(async (tx) => {
    const found = await repo.existingTemplateIds(tx, ids);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new AppError('MAIL_TEMPLATE_NOT_FOUND', { params: { template_id: missing } });
    const before = new Map((await repo.listAssignments(tx)).map((a) => [a.event, a.templateId]));
    // The template of a mail carrying an account link decides where the link goes (ADR 0034).
    assertMayChangeLinkMails(actor, relinkedEvents(before, input.assignments));
    await repo.upsertAssignments(
      tx,
      input.assignments.map((a) => ({ event: a.event, templateId: a.template_id })),
    );
    // One entry per event whose template changed (the event names the assignment).
    for (const a of input.assignments) {
      if (!before.has(a.event) && !a.template_id) continue;
      await recordAudit(tx, actor, {
        entity: 'mail-template-assignment',
        entityId: a.event,
        action: before.has(a.event) ? 'update' : 'create',
        before: before.has(a.event) ? { template_id: before.get(a.event) ?? null } : null,
        after: { template_id: a.template_id },
      });
    }
  });
  return { message: 'The mail template assignments were saved', ...(await listAssignments(deps)) };
}
