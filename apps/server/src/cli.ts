import { parseArgs } from 'node:util';
import { ADMIN_ROLE, createUserBodySchema } from '@cuspid/contracts';
import { closeDeps, createDeps, createLogger } from './bootstrap';
import { ConfigError, loadConfig } from './config/env';
import { AppError } from './lib/errors';
import type { SettingsKey } from './lib/settings';
import { insertCompany } from './modules/companies';
import { ledgerMismatches } from './modules/credits';
import { findRolesByName } from './modules/roles';
import { saveSettings } from './modules/settings';
import { createUserRecord, findOperatorCompany } from './modules/users';

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  user:create --mail MAIL --password PASSWORD [--admin] [--role NAME]... [--first-name X] [--last-name Y] [--company NAME]
      Creates a user. --admin makes a back-office administrator in the operator's company;
      otherwise the user gets the named roles in a new company called --company (default: the mail).
  credits-check [--company ID]
      Checks the credit books (ADR 0090): every company's balance per credit type against the sum of its
      ledger entries. Prints each mismatch and exits 1 if there is any.
  settings:set SECTION FIELD=VALUE...
      Saves business settings (ADR 0133), e.g. settings:set invoices tax_rate=700 number_pattern='R-{YYYY}-{NNNN}'.
      A value is read as JSON when it is (numbers, true, null), as text otherwise; fields not named keep theirs.`;

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

/** A command-line value: JSON when it parses as JSON (1900, true, null), the text itself otherwise. */
function jsonOrText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function settingsSet(argv: string[]) {
  const [key, ...pairs] = argv;
  const given = Object.fromEntries(
    pairs.map((pair) => {
      const at = pair.indexOf('=');
      if (at < 1) throw new ConfigError(`Not FIELD=VALUE: ${pair}`);
      return [pair.slice(0, at), jsonOrText(pair.slice(at + 1))];
    }),
  );
  const config = loadConfig();
  const deps = await createDeps(config, createLogger({ ...config, logLevel: 'warn' }), {
    migrate: true,
    seedDemo: false,
  });
  try {
    if (!key || !deps.settings.section(key)) throw new ConfigError(`Unknown settings section: ${key ?? '(none)'}`);
    const section = key as SettingsKey;
    const saved = await saveSettings(deps, null, section, { ...(await deps.settings.get(section)), ...given });
    console.info(`Saved ${section}: ${JSON.stringify(saved)}`);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    throw new ConfigError(`${error.message} ${JSON.stringify(error.errors ?? {})}`);
  } finally {
    await closeDeps(deps);
  }
}

const commands: Record<string, (argv: string[]) => Promise<void>> = {
  'user:create': userCreate,
  'credits-check': creditsCheck,
  'settings:set': settingsSet,
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
