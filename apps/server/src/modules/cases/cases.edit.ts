// Creating a case (submitting its scans and teeth) and editing its details.
import { randomUUID } from 'node:crypto';
import type { createCaseSchema, updateCaseSchema } from '@cuspid/contracts/cases';
import { type Case, type Jaw, type ParsedTeeth, parseTeethText } from '@cuspid/contracts/cases';
import type { z } from 'zod';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError } from '../../lib/errors';
import { findVisibleCompanyCountry } from '../companies';
import { priceCase } from '../country-credits';
import { spendCredits } from '../credits';
import { consumeUpload, type StoredUpload } from '../uploads';
import { changeCase } from './cases.change';
import { byActor, logCase } from './cases.machine';
import { enqueueProcessing } from './cases.processing';
import { getCase } from './cases.read';
import * as repo from './cases.repository';

/**
 * POST /case-lists: the case is created and submitted in one transaction (ADR 0102). The verified uploads
 * become its jaws, the price of its teeth (the credits pricing function, in the company's country) is
 * spent, the case and its jaws are queued and the processing job enqueued. 'Not enough credits' (402)
 * leaves everything as it was, the uploads too.
 */
export async function createCase(deps: Deps, actor: Actor, body: z.output<typeof createCaseSchema>): Promise<Case> {
  const id = randomUUID();
  return deps.db.transaction(async (tx) => {
    const uploads: (StoredUpload & { jaw: Jaw })[] = [];
    for (const jaw of ['upper', 'lower'] as const) {
      const uploadId = jaw === 'upper' ? body.upper_upload_id : body.lower_upload_id;
      if (!uploadId) continue;
      try {
        uploads.push({ jaw, ...(await consumeUpload(tx, { uploadId, companyId: actor.companyId })) });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        throw new AppError('CASE_UPLOAD_UNUSABLE', {
          params: { jaw, reason: err.message },
          errors: { [`${jaw}_upload_id`]: [err.message] },
        });
      }
    }
    assertTeethHaveScans(body.upper_teeth, body.lower_teeth, uploads);
    const company = await findVisibleCompanyCountry(tx, actor, actor.companyId);
    const price = await priceCase(tx, {
      country: company?.country ?? null,
      upperTeeth: body.upper_teeth,
      lowerTeeth: body.lower_teeth,
    });
    const spend =
      price.credits > 0
        ? await spendCredits(tx, {
            companyId: actor.companyId,
            amount: price.credits,
            reason: 'case_submission',
            caseId: id,
            actor,
          })
        : null;
    const row = await repo.insertCase(tx, {
      id,
      companyId: actor.companyId,
      createdBy: actor.userId,
      name: body.name,
      patient: body.patient,
      patientBirthYear: body.patient_birth_year,
      notes: body.notes,
      status: 'queued',
      upperTeeth: price.teeth.upper,
      lowerTeeth: price.teeth.lower,
      creditsSpent: price.credits,
      chargeBookingId: spend?.bookingId ?? null,
      processingRun: 1,
      engine: deps.engines.defaultId,
    });
    await repo.insertJaws(
      tx,
      uploads.map((u) => ({
        caseId: id,
        jaw: u.jaw,
        uploadId: u.id,
        fileName: u.fileName,
        contentType: u.contentType,
        size: u.size,
        sha256: u.sha256,
        storageKey: u.storageKey,
        status: 'queued',
      })),
    );
    await logCase(tx, id, byActor(actor), {
      kind: 'created',
      toStatus: 'queued',
      code: 'submitted',
      params: { credits: price.credits, teeth: price.teeth.upper.length + price.teeth.lower.length },
      details: { credits: price.credits, upper_teeth: price.teeth.upper, lower_teeth: price.teeth.lower },
    });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'create',
      companyId: actor.companyId,
      after: {
        name: row.name,
        patient: row.patient,
        status: row.status,
        upper_teeth: row.upperTeeth,
        lower_teeth: row.lowerTeeth,
        credits_spent: row.creditsSpent,
        jaws: uploads.map((u) => `${u.jaw}: ${u.fileName}`),
      },
    });
    await repo.notifyCaseChanged(tx, id);
    await enqueueProcessing(deps, tx, row);
    return getCase(deps, actor, id, tx);
  });
}

export async function updateCase(
  deps: Deps,
  actor: Actor,
  id: string,
  body: z.output<typeof updateCaseSchema>,
): Promise<Case> {
  return changeCase(deps, actor, id, async (tx, row) => {
    const values: repo.CaseValues = {};
    if (body.name !== undefined) values.name = body.name;
    if (body.patient !== undefined) values.patient = body.patient;
    if (body.patient_birth_year !== undefined) values.patientBirthYear = body.patient_birth_year;
    if (body.notes !== undefined) values.notes = body.notes;
    const changed = Object.keys(values).filter(
      (k) => (row as Record<string, unknown>)[k] !== (values as Record<string, unknown>)[k],
    );
    if (!changed.length) return;
    await repo.updateCase(tx, id, values);
    await logCase(tx, id, byActor(actor), { kind: 'edit', code: 'edited', params: { fields: changed } });
    await recordAudit(tx, actor, {
      entity: 'case',
      entityId: id,
      action: 'update',
      companyId: row.companyId,
      before: Object.fromEntries(changed.map((k) => [k, (row as Record<string, unknown>)[k]])),
      after: Object.fromEntries(changed.map((k) => [k, (values as Record<string, unknown>)[k]])),
    });
  });
}

export function assertTeethHaveScans(
  upperTeeth: readonly number[],
  lowerTeeth: readonly number[],
  jaws: { jaw: string }[],
) {
  const has = (jaw: Jaw) => jaws.some((j) => j.jaw === jaw);
  if (upperTeeth.length && !has('upper'))
    throw new AppError('CASE_JAW_MISSING', {
      params: { jaw: 'upper' },
      errors: { upper_teeth: ['Upload the upper jaw scan for the upper teeth you chose'] },
    });
  if (lowerTeeth.length && !has('lower'))
    throw new AppError('CASE_JAW_MISSING', {
      params: { jaw: 'lower' },
      errors: { lower_teeth: ['Upload the lower jaw scan for the lower teeth you chose'] },
    });
}

export function parseTeethFile(content: Buffer): ParsedTeeth {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(content);
  const parsed = parseTeethText(text);
  if (!parsed.ok)
    throw new AppError('TEETH_FILE_INVALID', {
      params: { reason: parsed.message },
      errors: { file: [parsed.message] },
    });
  return parsed.teeth;
}
