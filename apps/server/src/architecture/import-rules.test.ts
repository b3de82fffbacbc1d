import { describe, expect, it } from 'vitest';
import { checkImports, parseImports, type WorkspacePackage } from './import-rules';

// Small in-memory workspaces: each test proves that one rule fails on a file set that breaks it, with
// the message a developer will read, and stays quiet on its allowed twin.

const contracts: WorkspacePackage = {
  name: '@cuspid/contracts',
  exports: { '.': 'packages/contracts/src/index.ts', './mail': 'packages/contracts/src/mail.ts' },
};

const check = (files: Record<string, string>) => checkImports(new Map(Object.entries(files)), [contracts]);
const messages = (files: Record<string, string>) => check(files).map((v) => v.message);

describe('parseImports', () => {
  it('reads static, multi-line, type-only, export-from, side-effect and dynamic imports, and skips comments', () => {
    const source = [
      "import { a } from './a';",
      'import {',
      '  b,',
      '  type C,',
      "} from './b';",
      "import type { D } from './d';",
      "import E, * as F from './e';",
      "export * from './f';",
      "export type { G } from './g';",
      "import './h.css';",
      '/* import { x } from "./commented"; */',
      "// import { y } from './commented-too';",
      'async function later() {',
      "  const m = await import('./lazy');",
      "  type T = typeof import('./typed');",
      '  const s = "import { z } from \'./in-a-string\'";',
      '}',
    ].join('\n');
    expect(parseImports(source)).toEqual([
      { specifier: './a', typeOnly: false, line: 1 },
      { specifier: './b', typeOnly: false, line: 2 },
      { specifier: './d', typeOnly: true, line: 6 },
      { specifier: './e', typeOnly: false, line: 7 },
      { specifier: './f', typeOnly: false, line: 8 },
      { specifier: './g', typeOnly: true, line: 9 },
      { specifier: './h.css', typeOnly: false, line: 10 },
      { specifier: './lazy', typeOnly: false, line: 14 },
      { specifier: './typed', typeOnly: true, line: 15 },
    ]);
  });

  it('forbids lib/ and storage/ to import a module', () => {
    const files = {
      'apps/server/src/lib/audit.ts': "import { findUser } from '../modules/users';",
      'apps/server/src/modules/users/index.ts': 'export const findUser = 1;',
    };
    expect(messages(files)).toEqual([
      "apps/server/src/lib/audit.ts:1 imports '../modules/users' (apps/server/src/modules/users/index.ts): lib/, db/, storage/ and jobs/ stand below the modules (db/seed.ts excepted); move what both need to lib/ [lib-imports-no-module]",
    ]);
  });
});

describe('checkImports: cycles', () => {
  it('reports a runtime cycle with its path, through index files and workspace packages', () => {
    expect(
      messages({
        'apps/server/src/a.ts': "import { b } from './b';",
        'apps/server/src/b/index.ts': "import { mail } from '@cuspid/contracts/mail';",
        'packages/contracts/src/mail.ts': "import { a } from '../../../apps/server/src/a';",
      }),
    ).toEqual([
      'import cycle (runtime): apps/server/src/a.ts → apps/server/src/b/index.ts → packages/contracts/src/mail.ts → apps/server/src/a.ts',
    ]);
  });

  it('reports a cycle closed only by type imports as type-only, and a dynamic import as runtime', () => {
    expect(
      messages({
        'apps/web/src/lib/a.ts': "import type { B } from './b';",
        'apps/web/src/lib/b.ts': "import { a } from './a';",
        'apps/web/src/lib/c.ts': "export const c = () => import('./d');",
        'apps/web/src/lib/d.ts': "import { c } from './c';",
      }),
    ).toEqual([
      'import cycle (type-only): apps/web/src/lib/a.ts → apps/web/src/lib/b.ts → apps/web/src/lib/a.ts',
      'import cycle (runtime): apps/web/src/lib/c.ts → apps/web/src/lib/d.ts → apps/web/src/lib/c.ts',
    ]);
  });

  it('names one shortest cycle and how many files are tangled', () => {
    expect(
      messages({
        'apps/server/src/a.ts': "import { b } from './b';\nimport { c } from './c';",
        'apps/server/src/b.ts': "import { a } from './a';",
        'apps/server/src/c.ts': "import { a } from './a';",
      }),
    ).toEqual([
      'import cycle (runtime): apps/server/src/a.ts → apps/server/src/b.ts → apps/server/src/a.ts (3 files tangled)',
    ]);
  });

  it('finds none in a graph without a way back', () => {
    expect(
      check({
        'apps/server/src/a.ts': "import { b } from './b';\nimport { c } from './c';",
        'apps/server/src/b.ts': "import { c } from './c';",
        'apps/server/src/c.ts': 'export const c = 1;',
      }),
    ).toEqual([]);
  });
});

describe('checkImports: rules', () => {
  it('forbids Drizzle outside repositories, db/ and jobs/, and ignores tests', () => {
    const files = {
      'apps/server/src/modules/units/units.service.ts':
        "import { eq } from 'drizzle-orm';\nimport type { PgColumn } from 'drizzle-orm/pg-core';",
      'apps/server/src/modules/units/units.repository.ts': "import { eq } from 'drizzle-orm';",
      'apps/server/src/modules/units/units.routes.test.ts': "import { eq } from 'drizzle-orm';",
      'apps/server/src/db/client.ts': "import { drizzle } from 'drizzle-orm/pglite';",
      'apps/server/src/jobs/queue.ts': "import { sql } from 'drizzle-orm';",
    };
    expect(messages(files)).toEqual([
      "apps/server/src/modules/units/units.service.ts:1 imports 'drizzle-orm': queries belong in a *.repository.ts (or db/, or the job queue in jobs/); call the repository instead [drizzle-outside-repositories]",
      "apps/server/src/modules/units/units.service.ts:2 imports 'drizzle-orm/pg-core': queries belong in a *.repository.ts (or db/, or the job queue in jobs/); call the repository instead [drizzle-outside-repositories]",
    ]);
  });

  it("forbids a web feature to import another feature's internals, but not its index or its own files", () => {
    const files = {
      'apps/web/src/features/users/components/user-form.tsx': [
        "import { useRoleList } from '../../roles/api/roles';",
        "import { roleKeys } from '../../roles';",
        "import { userKeys } from '../api/users';",
      ].join('\n'),
      'apps/web/src/features/users/api/users.ts': 'export const userKeys = {};',
      'apps/web/src/features/roles/api/roles.ts': 'export const useRoleList = () => [];',
      'apps/web/src/features/roles/index.ts': "export { useRoleList } from './api/roles';",
      'apps/web/src/app/pages/roles.tsx': "import { useRoleList } from '../../features/roles/api/roles';",
    };
    expect(messages(files)).toEqual([
      "apps/web/src/features/users/components/user-form.tsx:1 imports '../../roles/api/roles' (apps/web/src/features/roles/api/roles.ts): a feature imports another feature only through that feature's index.ts [web-feature-internals]",
    ]);
  });

  it('forbids the app-wide plugins to import a module', () => {
    const files = {
      'apps/server/src/plugins/authenticate.ts': [
        "import { loadActor } from '../modules/auth/auth.repository';",
        "import { loadActor as fromLib } from '../lib/actor.repository';",
      ].join('\n'),
      'apps/server/src/modules/auth/auth.repository.ts': 'export const loadActor = 1;',
      'apps/server/src/lib/actor.repository.ts': 'export const loadActor = 1;',
    };
    expect(messages(files)).toEqual([
      "apps/server/src/plugins/authenticate.ts:1 imports '../modules/auth/auth.repository' (apps/server/src/modules/auth/auth.repository.ts): the app-wide plugins stand below the modules; move what both need to lib/ [plugins-import-no-module]",
    ]);
  });

  it('lets an allow-listed import pass and nothing else', () => {
    const files = {
      'apps/server/src/lib/company-scope.ts': "import { sql } from 'drizzle-orm';",
      'apps/server/src/lib/other-scope.ts': "import { sql } from 'drizzle-orm';",
    };
    expect(check(files).map((v) => v.rule)).toEqual(['drizzle-outside-repositories']);
    expect(messages(files)[0]).toMatch(/^apps\/server\/src\/lib\/other-scope\.ts:1 /);
  });

  it('lets a module reach another only through its index.ts', () => {
    const files = new Map(
      Object.entries({
        'apps/server/src/modules/companies/companies.service.ts': [
          "import { findUser } from '../users/users.repository';",
          "import { usersApi } from '../users';",
        ].join('\n'),
        'apps/server/src/modules/users/users.repository.ts': 'export const findUser = 1;',
        'apps/server/src/modules/users/index.ts': 'export const usersApi = 1;',
      }),
    );
    expect(checkImports(files, [contracts]).map((v) => v.message)).toEqual([
      "apps/server/src/modules/companies/companies.service.ts:1 imports '../users/users.repository' (apps/server/src/modules/users/users.repository.ts): a module imports another module only through that module's index.ts [module-internals]",
    ]);
  });

  it('forbids lib/ and storage/ to import a module', () => {
    const files = {
      'apps/server/src/lib/audit.ts': "import { findUser } from '../modules/users';",
      'apps/server/src/modules/users/index.ts': 'export const findUser = 1;',
    };
    expect(messages(files)).toEqual([
      "apps/server/src/lib/audit.ts:1 imports '../modules/users' (apps/server/src/modules/users/index.ts): lib/, db/, storage/ and jobs/ stand below the modules (db/seed.ts excepted); move what both need to lib/ [lib-imports-no-module]",
    ]);
  });
});

describe('checkImports: tables belong to modules', () => {
  const tables = {
    'apps/server/src/db/seed.ts': "import { companies } from '../modules/companies/companies.schema';",
    'apps/server/src/modules/invoices/invoices.schema.ts': "import { companies } from '../companies/companies.schema';",
    'apps/server/src/modules/invoices/invoices.repository.ts': "import { invoices } from './invoices.schema';",
    'apps/server/src/modules/invoices/invoices.tables.ts': "import { invoices } from './invoices.schema';",
    'apps/server/src/modules/companies/companies.schema.ts': 'export const companies = 1;',
    'apps/server/src/modules/companies/index.ts': 'export const companiesModule = 1;',
    'apps/server/src/modules/companies/companies.tables.ts': 'export const companyName = 1;',
  };

  it("refuses another module's table to every file but tests and the seed in db/", () => {
    const files = {
      ...tables,
      'apps/server/src/modules/news/news.repository.ts': [
        "import { invoices } from '../invoices/invoices.schema';",
        "import { markInvoicePaid } from '../invoices/invoices.tables';",
      ].join('\n'),
      'apps/server/src/lib/invoice-total.ts': "import { invoices } from '../modules/invoices/invoices.schema';",
      'apps/server/src/modules/news/news.routes.test.ts': "import { invoices } from '../invoices/invoices.schema';",
    };
    expect(messages(files)).toEqual([
      "apps/server/src/modules/news/news.repository.ts:1 imports '../invoices/invoices.schema' (apps/server/src/modules/invoices/invoices.schema.ts): a table is imported only by its own module (ADR 0130); use what the owning module's index.ts exports (a query, a subquery, a function that keeps its rules) [tables-belong-to-modules]",
      "apps/server/src/lib/invoice-total.ts:1 imports '../modules/invoices/invoices.schema' (apps/server/src/modules/invoices/invoices.schema.ts): a table is imported only by its own module (ADR 0130); use what the owning module's index.ts exports (a query, a subquery, a function that keeps its rules) [tables-belong-to-modules]",
    ]);
  });

  it("keeps a module's tables file below every index.ts: it imports other modules' tables files only", () => {
    const files = {
      ...tables,
      'apps/server/src/modules/invoices/invoices.tables.ts': [
        "import { invoices } from './invoices.schema';",
        "import { companyName } from '../companies/companies.tables';",
        "import { companiesModule } from '../companies';",
        "import { pdf } from './invoices.pdf';",
      ].join('\n'),
      'apps/server/src/modules/invoices/invoices.pdf.ts': 'export const pdf = 1;',
    };
    expect(check(files).map((v) => v.message.replace(/ \(apps.*$/, ''))).toEqual([
      "apps/server/src/modules/invoices/invoices.tables.ts:3 imports '../companies'",
      "apps/server/src/modules/invoices/invoices.tables.ts:4 imports './invoices.pdf'",
    ]);
  });
});
