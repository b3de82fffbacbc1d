import { ADMIN_ROLE, type PartnerType, type PermissionTitle } from '@cuspid/contracts';
import { eq, inArray, or } from 'drizzle-orm';
import { DECLARED } from '../declarations';
import { companies, companyBankAccounts } from '../modules/companies/companies.schema';
import { seedHelpContent } from '../modules/content';
import { seedMailTemplates } from '../modules/mail-templates';
import { permissions } from '../modules/permissions/permissions.schema';
import { selfServiceViolations } from '../modules/roles';
import { rolePermissions, roles } from '../modules/roles/roles.schema';
import { hashPassword } from '../modules/sessions';
import { findOperatorCompany } from '../modules/users';
import { userRoles, users } from '../modules/users/users.schema';
import type { Db, Tx } from './client';

type RoleSeed = {
  name: string;
  title: string;
  partnerType?: PartnerType;
  priority: number;
  canRegister?: boolean;
  canEditCommissions?: boolean;
  assignOnRegistration?: boolean;
  permissions: PermissionTitle[] | 'all' | 'backoffice';
};

// The engine's scope belongs to the engine's service account, not to people (ADR 0101).
const backofficeTitles = DECLARED.permissions
  .filter((p) => p.scope === 'backoffice' && p.title !== 'backoffice-case-engine')
  .map((p) => p.title);
/** Everything a customer does with its own cases (ADR 0102). */
const CASE_WORK = [
  'backoffice-case-instance',
  'backoffice-case-instance-approve',
  'backoffice-case-instance-recalculate',
  'backoffice-case-instance-delete',
  'backoffice-case-instance-lock',
] as const;

/** Roles a fresh install starts with; administrators change their permissions afterwards. */
export const DEFAULT_ROLES: RoleSeed[] = [
  { name: ADMIN_ROLE, title: 'Administrator', priority: 0, canEditCommissions: true, permissions: 'all' },
  {
    name: 'employee',
    title: 'Back-office employee',
    priority: 10,
    permissions: ['list-users', 'list-roles', 'list-permissions', 'list-groupings', ...backofficeTitles],
  },
  {
    name: 'reseller',
    title: 'Reseller',
    partnerType: 'reseller',
    priority: 20,
    permissions: [
      'backoffice-company',
      'backoffice-unit',
      'backoffice-credit',
      ...CASE_WORK,
      'backoffice-ticket',
      'backoffice-referral',
      'list-users',
      'create-user',
      'update-user',
    ],
  },
  {
    name: 'sales-partner',
    title: 'Sales partner',
    partnerType: 'sales-partner',
    priority: 30,
    permissions: ['backoffice-company', 'backoffice-referral'],
  },
  {
    name: 'service-partner',
    title: 'Service partner',
    partnerType: 'service-partner',
    priority: 30,
    permissions: ['backoffice-company', 'backoffice-credit', ...CASE_WORK, 'backoffice-ticket'],
  },
  {
    name: 'commercial-agent',
    title: 'Commercial agent',
    partnerType: 'commercial-agent',
    priority: 40,
    permissions: ['backoffice-company', 'backoffice-referral'],
  },
  {
    name: 'affiliate',
    title: 'Affiliate',
    partnerType: 'affiliate',
    priority: 40,
    permissions: ['backoffice-referral'],
  },
  {
    name: 'engine',
    title: 'AI engine (API keys)',
    priority: 5,
    permissions: ['backoffice-case-engine'],
  },
  {
    name: 'end-user',
    title: 'Dental practice',
    partnerType: 'end-user',
    priority: 50,
    canRegister: true,
    assignOnRegistration: true,
    permissions: [
      ...CASE_WORK,
      'backoffice-credit',
      'backoffice-ticket',
      'backoffice-payment-history',
      'backoffice-referral',
    ],
  },
];

export const OPERATOR_COMPANY_NAME = 'Cuspid Operations';
export const DEMO_PASSWORD = 'Cuspid#Demo1';
export const DEMO_USERS = [
  { mail: 'admin@cuspid.local', firstName: 'Ada', lastName: 'Admin', role: ADMIN_ROLE, company: OPERATOR_COMPANY_NAME },
  {
    mail: 'staff@cuspid.local',
    firstName: 'Emil',
    lastName: 'Employee',
    role: 'employee',
    company: OPERATOR_COMPANY_NAME,
  },
  {
    mail: 'reseller@cuspid.local',
    firstName: 'Rita',
    lastName: 'Reseller',
    role: 'reseller',
    company: 'Demo Dental Supply GmbH',
  },
  {
    mail: 'practice@cuspid.local',
    firstName: 'Paul',
    lastName: 'Practice',
    role: 'end-user',
    company: 'Demo Dental Practice',
  },
] as const;

/**
 * The demo operator's bank account, so that invoices paid by bank transfer can be issued on a demo install (they are
 * refused without one). The IBAN is the well-known example of the German banks' documentation, not a real account.
 */
export const DEMO_OPERATOR_BANK_ACCOUNT = {
  accountHolder: OPERATOR_COMPANY_NAME,
  bankName: 'Demo Bank',
  iban: 'DE89370400440532013000',
  bic: 'COBADEFFXXX',
} as const;

const titlesOf = (seed: RoleSeed): string[] =>
  seed.permissions === 'all'
    ? DECLARED.permissions.map((p) => p.title)
    : seed.permissions === 'backoffice'
      ? backofficeTitles
      : seed.permissions;

/** A default role that anyone could obtain on registration with more than self-service permissions is a bug. */
export function assertDefaultRolesSafe(seeds: readonly RoleSeed[] = DEFAULT_ROLES) {
  for (const seed of seeds) {
    const flags = {
      name: seed.name,
      canRegister: seed.canRegister ?? false,
      assignOnRegistration: seed.assignOnRegistration ?? false,
    };
    const violations = selfServiceViolations(flags, titlesOf(seed), DECLARED.permissions);
    if (violations.length) {
      throw new Error(
        `Default role ${seed.name} is given on registration but carries ${violations.join(', ')}; a registration role carries self-service permissions only`,
      );
    }
  }
}

/**
 * Clears the registration flags of every role that carries more than self-service permissions (an
 * install from before this rule, or a permission granted by other means than the role editor): such a
 * role would hand back-office access to whoever registers. Returns the names of the roles it changed.
 */
async function disarmUnsafeRegistrationRoles(tx: Tx): Promise<string[]> {
  const flagged = await tx
    .select({ id: roles.id, name: roles.name, canRegister: roles.canRegister, assign: roles.assignOnRegistration })
    .from(roles)
    .where(or(eq(roles.canRegister, true), eq(roles.assignOnRegistration, true)));
  const disarmed: string[] = [];
  for (const role of flagged) {
    const held = await tx
      .select({ title: permissions.title })
      .from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(eq(rolePermissions.roleId, role.id));
    const flags = { name: role.name, canRegister: role.canRegister, assignOnRegistration: role.assign };
    if (
      !selfServiceViolations(
        flags,
        held.map((p) => p.title),
        DECLARED.permissions,
      ).length
    )
      continue;
    await tx.update(roles).set({ canRegister: false, assignOnRegistration: false }).where(eq(roles.id, role.id));
    disarmed.push(role.name);
  }
  return disarmed;
}

/**
 * Brings the reference data to what this version needs, idempotently, on every start: the
 * permission catalogue, the default roles (created once; admin always holds every permission),
 * the operator's company, a default mail template (en, de, fr) for every event and, on an install without
 * any, the default help content (FAQ and data privacy, en, de, fr). Returns the roles
 * whose registration flags it had to clear (see `disarmUnsafeRegistrationRoles`), for the start-up log.
 */
export async function seedReference(db: Db): Promise<{ disarmedRoles: string[] }> {
  assertDefaultRolesSafe();
  return db.transaction(async (tx) => {
    const added = await tx
      .insert(permissions)
      .values(
        DECLARED.permissions.map((p) => ({ title: p.title, value: p.value, scope: p.scope, grouping: p.grouping })),
      )
      .onConflictDoNothing({ target: permissions.title })
      .returning({ title: permissions.title });
    const newTitles = new Set(added.map((p) => p.title));
    const allPermissions = await tx.select({ id: permissions.id, title: permissions.title }).from(permissions);
    const idOf = new Map(allPermissions.map((p) => [p.title, p.id]));

    for (const seed of DEFAULT_ROLES) {
      const [created] = await tx
        .insert(roles)
        .values({
          name: seed.name,
          title: seed.title,
          partnerType: seed.partnerType ?? null,
          priority: seed.priority,
          canRegister: seed.canRegister ?? false,
          canEditCommissions: seed.canEditCommissions ?? false,
          assignOnRegistration: seed.assignOnRegistration ?? false,
        })
        .onConflictDoNothing({ target: roles.name })
        .returning({ id: roles.id });
      const [role] = created
        ? [created]
        : await tx.select({ id: roles.id }).from(roles).where(eq(roles.name, seed.name));
      const grant = seed.permissions === 'all' ? allPermissions.map((p) => p.title) : titlesOf(seed);
      // New roles get their defaults; the admin role follows the catalogue as it grows. A permission
      // new to this install (a new version's feature) also goes to the existing default roles that list
      // it; permissions administrators already took away stay away.
      const toGrant = created || seed.permissions === 'all' ? grant : grant.filter((title) => newTitles.has(title));
      if (toGrant.length) {
        const ids = toGrant.map((title) => idOf.get(title)).filter((id): id is string => !!id);
        if (ids.length) {
          await tx
            .insert(rolePermissions)
            .values(ids.map((permissionId) => ({ roleId: role!.id, permissionId })))
            .onConflictDoNothing();
        }
      }
    }

    const [operator] = await tx.select({ id: companies.id }).from(companies).where(eq(companies.isOperator, true));
    if (!operator) await tx.insert(companies).values({ companyName: OPERATOR_COMPANY_NAME, isOperator: true });
    await seedMailTemplates(tx, DECLARED.mail);
    await seedHelpContent(tx);
    return { disarmedRoles: await disarmUnsafeRegistrationRoles(tx) };
  });
}

/**
 * Demo companies and one user per kind of role, all with DEMO_PASSWORD, and the operator's demo bank account when it
 * has none. Only on an empty install.
 */
export async function seedDemo(db: Db): Promise<boolean> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(inArray(users.mail, DEMO_USERS.map((u) => u.mail) as string[]))
    .limit(1);
  if (existing) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    const companyIds = new Map<string, string>();
    // The operator as everything else finds it (the oldest), also where tests have added staff companies.
    const operator = await findOperatorCompany(tx);
    companyIds.set(OPERATOR_COMPANY_NAME, operator!.id);
    const [account] = await tx
      .select({ id: companyBankAccounts.id })
      .from(companyBankAccounts)
      .where(eq(companyBankAccounts.companyId, operator!.id))
      .limit(1);
    if (!account)
      await tx
        .insert(companyBankAccounts)
        .values({ companyId: operator!.id, ...DEMO_OPERATOR_BANK_ACCOUNT, isDefault: true });
    for (const demo of DEMO_USERS) {
      if (!companyIds.has(demo.company)) {
        const [company] = await tx.insert(companies).values({ companyName: demo.company, country: 'DE' }).returning();
        companyIds.set(demo.company, company!.id);
      }
      const [user] = await tx
        .insert(users)
        .values({
          mail: demo.mail,
          passwordHash,
          firstName: demo.firstName,
          lastName: demo.lastName,
          companyId: companyIds.get(demo.company)!,
          timezone: 'Europe/Berlin',
        })
        .returning();
      const [role] = await tx.select().from(roles).where(eq(roles.name, demo.role));
      await tx.insert(userRoles).values({ userId: user!.id, roleId: role!.id });
    }
  });
  return true;
}
