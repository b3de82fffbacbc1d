import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { RegisterCompany, RegistrationConfiguration, SendRegisterMail } from '@cuspid/contracts/companies';
import { CAPTCHA_TEST_ANSWER } from '../../config/env';
import type { DbOrTx } from '../../db/client';
import type { Deps } from '../../deps';
import type { Actor } from '../../lib/actor';
import { recordAudit } from '../../lib/audit';
import { AppError, notFound } from '../../lib/errors';
import { emit } from '../../lib/events';
import { insertCompany } from '../companies';
import { findRegistrationRoles } from '../roles';
import { bumpThrottle, findLiveUserByMail } from '../sessions';
import { createUserRecord, sendWelcomeMail } from '../users';
import { CAPTCHA_TTL_MS, hashCaptchaAnswer, makeCaptcha } from './captcha';
import { mayGiveOnRegistration, registrationOpenFor, vatIdRequiredFor } from './registration.policy';
import * as repo from './registration.repository';
import { checkVat, toVatCheckResult } from './vat';
import type { ViesClient } from './vies';

const HOUR = 3600;

type RegistrationRefusal =
  | 'REGISTRATION_COUNTRY_CLOSED'
  | 'VAT_ID_REQUIRED'
  | 'VAT_ID_INVALID'
  | 'VAT_ID_UNKNOWN'
  | 'CAPTCHA_WRONG'
  | 'REGISTRATION_ROLE_NOT_FOUND'
  | 'ROLE_NOT_REGISTRABLE';

/** The refusal, named on its form field too. */
function fieldError(field: string, code: RegistrationRefusal, params: Record<string, string> = {}) {
  return new AppError(code, { params, errors: { [field]: [new AppError(code, { params }).message] } });
}

function toConfiguration(row: repo.RegistrationConfigurationRow): RegistrationConfiguration {
  return {
    role_id: row.roleId,
    free_credits: row.freeCredits,
    captcha_enabled: row.captchaEnabled,
    vat_required_countries: row.vatRequiredCountries,
    allowed_countries: row.allowedCountries,
  };
}

/**
 * The registration role in effect: the configured one while it is flagged can_register; otherwise
 * none, and registration gives the roles flagged for automatic assignment (ADR 0055).
 */
async function registrationRole(db: DbOrTx, config: repo.RegistrationConfigurationRow) {
  const role = config.roleId ? await repo.findRole(db, config.roleId) : undefined;
  return role && mayGiveOnRegistration(role) ? role : undefined;
}

/** The configuration as registration applies it (a role no longer flagged can_register answers null). */
async function effectiveConfiguration(db: DbOrTx) {
  const row = await repo.readConfiguration(db);
  return toConfiguration({ ...row, roleId: (await registrationRole(db, row))?.id ?? null });
}

export async function getConfiguration(deps: Deps) {
  return effectiveConfiguration(deps.db);
}

/** What the registration form needs to know before anyone signs in (no role, no credits). */
export async function getRegistrationOptions(deps: Deps) {
  const config = await repo.readConfiguration(deps.db);
  return {
    captcha_enabled: config.captchaEnabled,
    vat_required_countries: config.vatRequiredCountries,
    allowed_countries: config.allowedCountries,
  };
}

export async function saveConfiguration(deps: Deps, actor: Actor, body: RegistrationConfiguration) {
  return deps.db.transaction(async (tx) => {
    if (body.role_id) {
      const role = await repo.findRole(tx, body.role_id);
      if (!role) throw fieldError('role_id', 'REGISTRATION_ROLE_NOT_FOUND');
      if (!mayGiveOnRegistration(role)) throw fieldError('role_id', 'ROLE_NOT_REGISTRABLE', { role: role.name });
    }
    const before = await effectiveConfiguration(tx);
    const after = toConfiguration(
      await repo.saveConfiguration(tx, {
        roleId: body.role_id,
        freeCredits: body.free_credits,
        captchaEnabled: body.captcha_enabled,
        vatRequiredCountries: [...new Set(body.vat_required_countries)],
        allowedCountries: [...new Set(body.allowed_countries)],
      }),
    );
    await recordAudit(tx, actor, {
      entity: 'registration-configuration',
      entityId: '1',
      action: 'update',
      before,
      after,
    });
    return after;
  });
}

async function throttle(deps: Deps, key: string) {
  const attempts = await bumpThrottle(deps.db, key, HOUR);
  if (attempts > deps.config.loginThrottle.maxAttemptsPerIp) {
    throw new AppError('TOO_MANY_REQUESTS', { headers: { 'retry-after': String(HOUR) } });
  }
}

/** A new image captcha; its answer is stored hashed and can be used once within ten minutes. */
export async function createCaptcha(deps: Deps, ip: string) {
  await throttle(deps, `captcha-ip:${ip}`);
  await repo.purgeCaptchas(deps.db);
  const { text, image } = makeCaptcha();
  const id = randomUUID();
  const expiresAt = new Date(Date.now() + CAPTCHA_TTL_MS);
  await repo.insertCaptcha(deps.db, id, hashCaptchaAnswer(id, text), expiresAt);
  return { id, image, expires_at: expiresAt.toISOString() };
}

const sameHash = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * Spends the captcha whatever the answer (a wrong guess cannot be retried) and tells whether the
 * answer was right. In CAPTCHA_TEST_MODE the fixed test answer is accepted too (ADR 0051).
 */
async function verifyCaptcha(deps: Deps, id: string | undefined, answer: string | undefined): Promise<boolean> {
  if (!id || !answer) return false;
  const stored = await repo.consumeCaptcha(deps.db, id);
  if (!stored) return false;
  if (sameHash(stored, hashCaptchaAnswer(id, answer))) return true;
  return deps.config.captchaTestMode && answer === CAPTCHA_TEST_ANSWER;
}

/**
 * POST /check-vat-id: offline, then with VIES when configured. Each online check costs a request to
 * VIES, which limits callers per IP: the same per-IP budget as the captcha keeps this open endpoint
 * from being used to flood it.
 */
export async function checkVatId(
  deps: Deps,
  vies: ViesClient | undefined,
  ip: string,
  vatId: string,
  country?: string,
) {
  if (vies) await throttle(deps, `vat-check-ip:${ip}`);
  return toVatCheckResult(await checkVat(vies, vatId, country));
}

/**
 * Self-registration of a company with its first user, who gets the configured role (or the roles
 * flagged for registration). Every check runs before anything is written; company and user are
 * written in one transaction.
 */
export async function registerCompany(deps: Deps, vies: ViesClient | undefined, body: RegisterCompany, ip: string) {
  await throttle(deps, `register-ip:${ip}`);
  const config = await repo.readConfiguration(deps.db);
  if (!registrationOpenFor(config, body.country)) {
    throw fieldError('country', 'REGISTRATION_COUNTRY_CLOSED', { country: body.country });
  }
  let vatId = body.vat_id;
  let vatCheckedOnline = false;
  if (vatId) {
    // VIES refusing the id refuses the registration; VIES not answering leaves the offline result.
    const check = await checkVat(vies, vatId, body.country);
    if (!check.valid && check.checkedOnline) throw fieldError('vat_id', 'VAT_ID_UNKNOWN', { vat_id: vatId });
    if (!check.valid && check.supported) throw fieldError('vat_id', 'VAT_ID_INVALID', { vat_id: vatId });
    vatId = check.vatId;
    vatCheckedOnline = check.checkedOnline;
  } else if (vatIdRequiredFor(config, body.country)) {
    throw fieldError('vat_id', 'VAT_ID_REQUIRED', { country: body.country });
  }
  if (await findLiveUserByMail(deps.db, body.mail)) {
    throw new AppError('MAIL_TAKEN', { errors: { mail: ['This mail address is already registered'] } });
  }
  if (config.captchaEnabled && !(await verifyCaptcha(deps, body.captcha_id, body.captcha_answer))) {
    throw fieldError('captcha_answer', 'CAPTCHA_WRONG');
  }

  const configuredRole = await registrationRole(deps.db, config);
  const roles = configuredRole ? [configuredRole] : await findRegistrationRoles(deps.db);
  const { company, user } = await deps.db.transaction(async (tx) => {
    const company = await insertCompany(tx, {
      companyName: body.company_name,
      vatId,
      country: body.country,
      addressLine1: body.address_line1,
      addressLine2: body.address_line2,
      city: body.city,
      zip: body.zip,
      contactPerson: body.contact_person,
      invoiceEmailAddress: body.mail,
    });
    // The registering person is no signed-in actor yet: the entry is the system's (the user's own
    // creation is recorded by createUserRecord).
    await recordAudit(tx, null, {
      entity: 'company',
      entityId: company.id,
      companyId: company.id,
      action: 'create',
      after: {
        company_name: company.companyName,
        vat_id: company.vatId,
        country: company.country,
        address_line1: company.addressLine1,
        address_line2: company.addressLine2,
        city: company.city,
        zip: company.zip,
        contact_person: company.contactPerson,
        invoice_email_address: company.invoiceEmailAddress,
        registered: true,
        vat_checked_online: vatCheckedOnline,
      },
    });
    const user = await createUserRecord(
      deps,
      {
        mail: body.mail,
        password: body.password,
        ...(body.first_name ? { first_name: body.first_name } : {}),
        ...(body.last_name ? { last_name: body.last_name } : {}),
        ...(body.contact_language ? { contact_language: body.contact_language } : {}),
        companyId: company.id,
        roleIds: roles.map((r) => r.id),
        roleNames: roles.map((r) => r.name),
      },
      { db: tx, afterInsert: sendWelcomeMail(deps) },
    );
    await emit(deps, tx, 'company.registered', {
      companyId: company.id,
      userId: user.id,
      country: body.country,
      freeCredits: config.freeCredits,
    });
    return { company, user };
  });
  return { message: 'Registration successful. You can sign in now.', company_id: company.id, user_id: user.id };
}

/**
 * POST /send-register-mail: sends the registration welcome mail again (for example when the first
 * one was lost), in the user's contact language, through the one mail entry point. Only users of a
 * company in the caller's scope; another company's user is not found.
 */
export async function sendRegisterMail(deps: Deps, actor: Actor, body: SendRegisterMail) {
  await deps.db.transaction(async (tx) => {
    const user = await repo.findVisibleUser(tx, actor, body.user_id);
    if (!user) throw notFound();
    await sendWelcomeMail(deps)(tx, user);
  });
  return { message: 'The registration mail was sent' };
}
