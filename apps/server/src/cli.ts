import { parseArgs } from 'node:util';
import { ADMIN_ROLE, createUserBodySchema } from '@cuspid/contracts';
import { closeDeps, createDeps, createLogger } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { insertCompany } from './modules/companies';
import { findRolesByName } from './modules/roles';
import { createUserRecord, findOperatorCompany } from './modules/users';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --mail MAIL --password PASSWORD [--admin] [--role NAME]... [--first-name X] [--last-name Y] [--company NAME]
      Creates a user. --admin makes a back-office administrator in the operator's company;
      otherwise the user gets the named roles in a new company called --company (default: the mail).`;

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

const commands: Record<string, (argv: string[]) => Promise<void>> = { 'user:create': userCreate };

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
