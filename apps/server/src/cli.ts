import { parseArgs } from 'node:util';
import { ADMIN_ROLE, createUserBodySchema } from '@cuspid/contracts';
import { closeDeps, createDeps, createLogger } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { insertCompany } from './modules/companies';
import { ledgerMismatches } from './modules/credits';
import { findRolesByName } from './modules/roles';
import { createUserRecord, findOperatorCompany } from './modules/users';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --mail MAIL --password PASSWORD [--admin] [--role NAME]... [--first-name X] [--last-name Y] [--company NAME]
      Creates a user. --admin makes a back-office administrator in the operator's company;
      otherwise the user gets the named roles in a new company called --company (default: the mail).
  credits-check [--company ID]
      Checks the credit books (ADR 0090): every company's balance per credit type against the sum of its
      ledger entries. Prints each mismatch and exits 1 if there is any.`;

async function userCreate(argv: string[]) {
  const { values } = parseArgs({
    args: argv,
    options: {
      mail: { type: 'string' },
      password: { type: 'string' },
      admin: { type: 'boolean', default: false },
      role: { type: 'string', multiple: true, default: [] },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      company: { type: 'string' },
    },
  });
  const parsed = createUserBodySchema.safeParse({
    mail: values.mail ?? '',
    password: values.password ?? '',
    first_name: values['first-name'],
    last_name: values['last-name'],
    roles: values.admin ? [ADMIN_ROLE, ...values.role] : values.role,
  });
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('\n'));
  }
  const config = loadConfig();
  const deps = await createDeps(config, createLogger({ ...config, logLevel: 'warn' }), {
    migrate: true,
    seedDemo: false,
  });
  try {
    const roles = await findRolesByName(deps.db, parsed.data.roles ?? []);
    const missing = (parsed.data.roles ?? []).filter((name) => !roles.some((r) => r.name === name));
    if (missing.length) throw new ConfigError(`Unknown role: ${missing.join(', ')}`);
    const companyId = values.admin
      ? (await findOperatorCompany(deps.db))!.id
      : (await insertCompany(deps.db, { companyName: values.company ?? parsed.data.mail })).id;
    const user = await createUserRecord(deps, {
      ...parsed.data,
      companyId,
      roleIds: roles.map((r) => r.id),
      roleNames: roles.map((r) => r.name),
    });
    console.info(`Created ${user.mail} (${user.id}) with roles: ${roles.map((r) => r.name).join(', ') || 'none'}`);
  } finally {
    await closeDeps(deps);
  }
}

async function creditsCheck(argv: string[]) {
  const { values } = parseArgs({ args: argv, options: { company: { type: 'string' } } });
  const config = loadConfig();
  const deps = await createDeps(config, createLogger({ ...config, logLevel: 'warn' }), {
    migrate: true,
    seedDemo: false,
  });
  try {
    const mismatches = await ledgerMismatches(deps.db, values.company);
    for (const m of mismatches) {
      console.error(
        `company ${m.company_id} ${m.credit_type}: balance ${m.balance ?? 'none'}, ledger sum ${m.ledger_sum ?? 0}, last entry's balance ${m.last_balance_after ?? 'none'}`,
      );
    }
    console.info(
      mismatches.length
        ? `${mismatches.length} mismatches`
        : 'The credit books are right: every balance equals its ledger.',
    );
    if (mismatches.length) process.exitCode = 1;
  } finally {
    await closeDeps(deps);
  }
}

const commands: Record<string, (argv: string[]) => Promise<void>> = {
  'user:create': userCreate,
  'credits-check': creditsCheck,
};

async function main() {
  const [name, ...argv] = process.argv.slice(2);
  const command = name ? commands[name] : undefined;
  if (!command) {
    console.info(USAGE);
    process.exit(name ? 1 : 0);
  }
  await command(argv);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
