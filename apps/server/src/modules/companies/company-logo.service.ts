import { randomUUID } from 'node:crypto';
import type { Company } from '@cuspid/contracts/companies';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { authorize } from '../../lib/authorize';
import { AppError, notFound } from '../../lib/errors';
import { StorageNotFoundError } from '../../storage/storage';
import { viewLogoPolicy } from './companies.policy';
import * as repo from './companies.repository';
import { getCompany } from './companies.service';
import {
  claimedLogoType,
  detectLogoType,
  LOGO_EXTENSION,
  type LogoContentType,
  SvgSanitizeError,
  sanitizeSvg,
} from './company-logo-content';

export type LogoUpload = { fileName: string; content: Buffer };

type LogoRefusal = 'COMPANY_LOGO_NOT_AN_IMAGE' | 'COMPANY_LOGO_TYPE_MISMATCH' | 'COMPANY_LOGO_SVG_EMPTY';

/** The refusal, named on the form's file field too. */
function fileError(code: LogoRefusal) {
  return new AppError(code, { errors: { file: [new AppError(code).message] } });
}

/** What gets stored: the checked type and, for SVG, the sanitised document. */
function checkLogo(upload: LogoUpload): { contentType: LogoContentType; content: Buffer } {
  const detected = detectLogoType(upload.content);
  if (!detected) throw fileError('COMPANY_LOGO_NOT_AN_IMAGE');
  const claimed = claimedLogoType(upload.fileName);
  if (!claimed) throw fileError('COMPANY_LOGO_NOT_AN_IMAGE');
  if (claimed !== detected) throw fileError('COMPANY_LOGO_TYPE_MISMATCH');
  if (detected !== 'image/svg+xml') return { contentType: detected, content: upload.content };
  try {
    return { contentType: detected, content: sanitizeSvg(upload.content) };
  } catch (error) {
    if (error instanceof SvgSanitizeError) throw fileError('COMPANY_LOGO_SVG_EMPTY');
    throw error;
  }
}

async function deleteObject(deps: Deps, key: string) {
  try {
    await deps.storage.delete(key);
  } catch (err) {
    // The company no longer points at it; an orphaned object is logged, the change stands.
    deps.logger.warn({ err, key }, 'old company logo could not be deleted from storage');
  }
}

/**
 * Stores a company's logo (PNG, JPEG or SVG, checked by content; SVG sanitised) under the company
 * and replaces the previous one, whose object is deleted once the change is committed. Another
 * company's logo is not found (company scope). Nothing stays in storage when the change fails.
 */
export async function uploadCompanyLogo(
  deps: Deps,
  actor: Actor,
  companyId: string,
  upload: LogoUpload,
): Promise<Company> {
  if (!(await repo.findVisibleCompany(deps.db, actor, companyId))) throw notFound();
  const logo = checkLogo(upload);
  const key = `companies/${companyId}/logo-${randomUUID()}.${LOGO_EXTENSION[logo.contentType]}`;
  await deps.storage.put(key, logo.content, { contentType: logo.contentType, contentLength: logo.content.length });
  let oldKey: string | null;
  try {
    oldKey = await deps.db.transaction(async (tx) => {
      const row = await repo.lockVisibleCompanyLogo(tx, actor, companyId);
      if (!row) throw notFound();
      if (!(await repo.updateCompany(tx, actor, companyId, { logoKey: key }))) throw notFound();
      await recordAudit(tx, actor, {
        entity: 'company',
        entityId: companyId,
        action: 'update',
        before: { logoKey: row.logoKey },
        after: { logoKey: key },
      });
      return row.logoKey;
    });
  } catch (error) {
    await deleteObject(deps, key);
    throw error;
  }
  if (oldKey) await deleteObject(deps, oldKey);
  return getCompany(deps, actor, companyId);
}

/** Removes a company's logo (nothing to do when it has none). */
export async function deleteCompanyLogo(deps: Deps, actor: Actor, companyId: string): Promise<Company> {
  const oldKey = await deps.db.transaction(async (tx) => {
    const row = await repo.lockVisibleCompanyLogo(tx, actor, companyId);
    if (!row) throw notFound();
    if (!row.logoKey) return null;
    if (!(await repo.updateCompany(tx, actor, companyId, { logoKey: null }))) throw notFound();
    await recordAudit(tx, actor, {
      entity: 'company',
      entityId: companyId,
      action: 'update',
      before: { logoKey: row.logoKey },
      after: { logoKey: null },
    });
    return row.logoKey;
  });
  if (oldKey) await deleteObject(deps, oldKey);
  return getCompany(deps, actor, companyId);
}

/**
 * A company's logo for display. Every user sees their own company's logo; other companies' logos
 * need backoffice-company and the company scope (ADR 0075). No logo, or not visible: 404.
 */
export async function openCompanyLogo(deps: Deps, actor: Actor, companyId: string) {
  authorize(actor, viewLogoPolicy, { id: companyId });
  const row = await repo.findVisibleCompany(deps.db, actor, companyId);
  const key = row?.company.logoKey;
  if (!key) throw notFound();
  try {
    return { key, object: await deps.storage.get(key) };
  } catch (err) {
    if (err instanceof StorageNotFoundError) throw notFound();
    throw err;
  }
}
