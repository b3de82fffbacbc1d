import fs from 'node:fs';
import path from 'node:path';

/**
 * The import rules of the workspace (ADR 0037), checked on the source text: no import cycles in
 * apps/server/src, apps/web/src and packages/*\/src, and the per-import rules of `importRules` below.
 * Pure functions over a map of repository-relative paths to source text, so the tests can feed it
 * small file sets; `loadWorkspace` reads the real files.
 */

/** Repository-relative path (forward slashes) → source text. */
export type SourceFiles = ReadonlyMap<string, string>;

/** A workspace package that source imports by name: `@cuspid/contracts`, `@cuspid/contracts/mail`. */
export type WorkspacePackage = { name: string; exports: Readonly<Record<string, string>> };

export type ImportStatement = {
  specifier: string;
  /** `import type`, `export type`, or `typeof import('…')`: erased when compiled. */
  typeOnly: boolean;
  line: number;
};

export type ResolvedImport = ImportStatement & {
  from: string;
  /** The imported source file, or null for a package from node_modules (and files outside the set). */
  target: string | null;
};

export type Violation = { rule: string; message: string };

/** The directories whose source files are read, and in which cycles are looked for. */
export const SOURCE_ROOTS = ['apps/server/src', 'apps/web/src', 'packages/*/src'] as const;

const SOURCE_FILE = /\.(ts|tsx|mts)$/;
const TEST_FILE = /\.test\.(ts|tsx)$|\.guards\.ts$|(^|\/)(test|testing)\//;

export const isTestFile = (file: string) => TEST_FILE.test(file);

// Top-level statements start a line unindented (Biome formats them so); a string or comment inside a
// function that happens to read like an import is indented and is therefore not taken for one.
const STATIC_IMPORT =
  /^(import|export)\s+(type\s+)?(?:[\w$]+\s*,?\s*)?(?:\*(?:\s+as\s+[\w$]+)?|\{[^}]*\})?\s*from\s*['"]([^'"\n]+)['"]/gm;
const SIDE_EFFECT_IMPORT = /^import\s*['"]([^'"\n]+)['"]/gm;
const DYNAMIC_IMPORT = /(typeof\s+)?\bimport\(\s*['"]([^'"\n]+)['"]\s*\)/g;
const BLOCK_COMMENT = /\/\*[\s\S]*?\*\//g;
const LINE_COMMENT = /^[ \t]*\/\/.*$/gm;

/** The import and export-from statements of one file, with dynamic `import('…')` calls. */
export function parseImports(source: string): ImportStatement[] {
  // Comments are blanked (newlines kept, so line numbers stay right).
  const text = source.replace(BLOCK_COMMENT, (c) => c.replace(/[^\n]/g, ' ')).replace(LINE_COMMENT, '');
  const lineOf = (index: number) => text.slice(0, index).split('\n').length;
  const found: ImportStatement[] = [];
  for (const m of text.matchAll(STATIC_IMPORT)) {
    found.push({ specifier: m[3]!, typeOnly: m[2] !== undefined, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(SIDE_EFFECT_IMPORT)) {
    found.push({ specifier: m[1]!, typeOnly: false, line: lineOf(m.index) });
  }
  for (const m of text.matchAll(DYNAMIC_IMPORT)) {
    found.push({ specifier: m[2]!, typeOnly: m[1] !== undefined, line: lineOf(m.index) });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** The file a specifier names: relative paths and workspace packages; null for anything from node_modules. */
export function resolveImport(
  from: string,
  specifier: string,
  files: SourceFiles,
  packages: readonly WorkspacePackage[],
): string | null {
  const candidates = (base: string) => {
    const stem = base.replace(/\.(js|jsx|mjs)$/, '');
    return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`, `${base}/index.tsx`];
  };
  if (specifier.startsWith('.')) {
    const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
    return candidates(base).find((c) => files.has(c)) ?? base;
  }
  for (const pkg of packages) {
    if (specifier !== pkg.name && !specifier.startsWith(`${pkg.name}/`)) continue;
    const subpath = `.${specifier.slice(pkg.name.length)}`;
    const file = pkg.exports[subpath];
    // A subpath the package does not export fails to build; report it as its own unresolved name.
    return file ?? `${specifier} (not exported by ${pkg.name})`;
  }
  return null;
}

export function resolveAll(files: SourceFiles, packages: readonly WorkspacePackage[]): ResolvedImport[] {
  const all: ResolvedImport[] = [];
  for (const [from, source] of files) {
    for (const statement of parseImports(source)) {
      all.push({ ...statement, from, target: resolveImport(from, statement.specifier, files, packages) });
    }
  }
  return all;
}

// ---------------------------------------------------------------------------------------------------
// Per-import rules
// ---------------------------------------------------------------------------------------------------

export type ImportRule = {
  name: string;
  /** Said in every violation: what the rule wants instead. */
  reason: string;
  /** The importing files the rule looks at (tests are never looked at: they may reach anywhere). */
  appliesTo: (file: string) => boolean;
  forbids: (imported: ResolvedImport) => boolean;
  /** Known exceptions, each with its reason: `from` file → `to` (target file or package specifier). */
  allow?: readonly { from: string; to: string; why: string }[];
};

const SERVER = 'apps/server/src/';
const MODULES = `${SERVER}modules/`;
const WEB_FEATURES = 'apps/web/src/features/';

const isDrizzle = (specifier: string) => specifier === 'drizzle-orm' || specifier.startsWith('drizzle-orm/');

/** A module's table definitions (ADR 0130): `modules/<area>/<name>.schema.ts`. */
const isSchemaFile = (file: string) => file.startsWith(MODULES) && file.endsWith('.schema.ts');
/**
 * What a module offers other areas of its tables (ADR 0130): `modules/<area>/<area>.tables.ts`, queries, SQL
 * fragments and subqueries that keep the area's rules. It imports no other module but their tables files, so it
 * stands below every module's index.ts and importing it closes no cycle.
 */
const isTablesApi = (file: string) =>
  /^([^/]+)\/\1\.tables\.ts$/.test(file.startsWith(MODULES) ? file.slice(MODULES.length) : '');
/**
 * Today's uses of another area's tables, each until its owner exports what the user needs (ADR 0130): a
 * `to` table file (or each of several) is imported by the `from` files, for the reason given.
 */
const tableDebts: readonly { to: string | readonly string[]; from: readonly string[]; why: string }[] = [
  {
    to: [
      'modules/api-keys/api-keys.schema.ts',
      'modules/companies/companies.schema.ts',
      'modules/permissions/permissions.schema.ts',
      'modules/roles/roles.schema.ts',
      'modules/sessions/sessions.schema.ts',
      'modules/users/users.schema.ts',
    ],
    from: ['lib/actor.repository.ts'],
    why: 'loads the signed-in actor (user, roles, permissions, session or API key) below the modules, for every request; until the sessions module loads it',
  },
  {
    to: 'modules/audit-log/audit-log.schema.ts',
    from: ['lib/audit.ts'],
    why: "every module writes its audit entry in its own transaction; until recordAudit moves into the audit-log module's tables file",
  },
  {
    to: 'modules/companies/companies.schema.ts',
    from: ['lib/company-scope.ts'],
    why: 'the company visibility (ADR 0050) every repository adds; until the companies module exports it from its tables file',
  },
  {
    to: 'modules/cases/cases.schema.ts',
    from: ['modules/case-results/case-results.repository.ts'],
    why: "a result's review reads its case and the case's result versions with it (ADR 0101); until cases.tables.ts offers that read",
  },
  {
    to: 'modules/companies/companies.schema.ts',
    from: [
      'modules/api-keys/api-keys.repository.ts',
      'modules/cases/cases.list.repository.ts',
      'modules/cases/cases.repository.ts',
      'modules/crm/crm.repository.ts',
      'modules/invoices/invoices.repository.ts',
      'modules/payments/payments.repository.ts',
      'modules/units/units.repository.ts',
      'modules/users/users.repository.ts',
      'modules/users/users.service.ts',
    ],
    why: "joins a company's name, address or state to its own rows; until companies.tables.ts offers them as subqueries",
  },
  {
    to: 'modules/users/users.schema.ts',
    from: [
      'modules/account-links/account-links.repository.ts',
      'modules/account/account.repository.ts',
      'modules/api-keys/api-keys.repository.ts',
      'modules/api-keys/api-keys.service.ts',
      'modules/case-results/case-results.repository.ts',
      'modules/cases/cases.list.repository.ts',
      'modules/cases/cases.repository.ts',
      'modules/companies/companies.repository.ts',
      'modules/crm/crm.repository.ts',
      'modules/invoices/invoices.exports.repository.ts',
      'modules/registration/registration.repository.ts',
      'modules/roles/roles.repository.ts',
      'modules/sessions/sessions.repository.ts',
      'modules/two-factor/two-factor.repository.ts',
      'modules/units/units.repository.ts',
    ],
    why: "joins a user's name or mail, or writes an account's sign-in fields; until users.tables.ts offers them",
  },
  {
    to: 'modules/roles/roles.schema.ts',
    from: [
      'modules/companies/companies.repository.ts',
      'modules/registration/registration.repository.ts',
      'modules/two-factor/two-factor.repository.ts',
      'modules/users/users.repository.ts',
    ],
    why: "reads a role's name or kind (a company's users, the role a registration gives); until roles.tables.ts offers them",
  },
  {
    to: 'modules/permissions/permissions.schema.ts',
    from: ['modules/roles/roles.repository.ts'],
    why: "a role's permissions by key; until permissions.tables.ts offers them",
  },
  {
    to: 'modules/flags/flags.schema.ts',
    from: ['modules/cases/cases.list.repository.ts', 'modules/cases/cases.repository.ts'],
    why: "filters and shows a case's flags and tags; until flags.tables.ts offers them",
  },
  {
    to: 'modules/documents/documents.schema.ts',
    from: ['modules/document-assignment/document-assignment.repository.ts'],
    why: 'an assignment names a template file; until documents.tables.ts offers it',
  },
  {
    to: 'modules/document-assignment/document-assignment.schema.ts',
    from: ['modules/documents/documents.repository.ts'],
    why: 'a template in use is not deleted; until document-assignment.tables.ts offers the check',
  },
  {
    to: 'modules/mail-templates/mail-templates.schema.ts',
    from: ['modules/mail-template-assignments/mail-template-assignments.repository.ts'],
    why: 'an assignment names a template; until mail-templates.tables.ts offers it',
  },
  {
    to: 'modules/mail-template-assignments/mail-template-assignments.schema.ts',
    from: ['modules/mail-templates/mail-templates.repository.ts'],
    why: 'a template in use is not deleted; until mail-template-assignments.tables.ts offers the check',
  },
];

/** The area of a file under `root` (`<root><area>/…`), or undefined outside it. */
const areaOf = (root: string, file: string) =>
  file.startsWith(root) ? file.slice(root.length).split('/')[0] : undefined;

/**
 * Folders of areas (`<root><area>/…`): a file of one area reaches another area only through that
 * area's `index.ts` (or `index.tsx`); its own area, and files outside the root, are free.
 */
export function areasThroughIndex(
  name: string,
  root: string,
  noun: string,
  leftToOtherRules: (target: string) => boolean = () => false,
): ImportRule {
  return {
    name,
    reason: `a ${noun} imports another ${noun} only through that ${noun}'s index.ts`,
    appliesTo: (file) => areaOf(root, file) !== undefined,
    forbids: ({ from, target }) => {
      const other = target ? areaOf(root, target) : undefined;
      if (other === undefined || other === areaOf(root, from) || leftToOtherRules(target!)) return false;
      return !/^index\.tsx?$/.test(target!.slice(`${root}${other}/`.length));
    },
  };
}

/** One row per rule. */
export const importRules: readonly ImportRule[] = [
  {
    name: 'drizzle-outside-repositories',
    reason: 'queries belong in a *.repository.ts (or db/, or the job queue in jobs/); call the repository instead',
    appliesTo: (file) =>
      file.startsWith(SERVER) &&
      !file.endsWith('.repository.ts') &&
      !isSchemaFile(file) &&
      !isTablesApi(file) &&
      !file.startsWith(`${SERVER}db/`) &&
      !file.startsWith(`${SERVER}jobs/`),
    forbids: (imported) => isDrizzle(imported.specifier),
    allow: [
      // The visibility rule (ADR 0050) as an SQL condition that every repository adds to its where clause;
      // it runs no query. Services still build it and hand it to their repositories, so it cannot move into
      // one repository; the policy layer of the modules layout gives it its home and removes this entry.
      ...['drizzle-orm', 'drizzle-orm/pg-core'].map((to) => ({
        from: `${SERVER}lib/company-scope.ts`,
        to,
        why: 'the company-visibility condition shared by every repository',
      })),
    ],
  },
  // A module's tables file is public like its index.ts; who may import its table definitions is the rule
  // tables-belong-to-modules' to say.
  areasThroughIndex('module-internals', MODULES, 'module', (target) => isSchemaFile(target) || isTablesApi(target)),
  {
    name: 'tables-files-stand-alone',
    reason:
      "a module's *.tables.ts imports of modules only its own tables and other modules' *.tables.ts, so it stands below every index.ts",
    appliesTo: isTablesApi,
    forbids: ({ from, target }) => {
      if (!target?.startsWith(MODULES) || isTablesApi(target)) return false;
      return !(isSchemaFile(target) && areaOf(MODULES, target) === areaOf(MODULES, from));
    },
  },
  areasThroughIndex('web-feature-internals', WEB_FEATURES, 'feature'),
  {
    name: 'tables-belong-to-modules',
    reason:
      "a table is imported only by its own module (ADR 0130); use what the owning module's index.ts exports (a query, a subquery, a function that keeps its rules)",
    appliesTo: (file) => file.startsWith(SERVER),
    forbids: ({ from, target }) => {
      // The seed in db/ fills any table; tests arrange and read any table.
      if (!target || !isSchemaFile(target) || from.startsWith(`${SERVER}db/`)) return false;
      // A table may reference another area's table (a foreign key): that is the database's shape, no query.
      return !isSchemaFile(from) && areaOf(MODULES, from) !== areaOf(MODULES, target);
    },
    allow: tableDebts.flatMap(({ to, from, why }) =>
      [to].flat().flatMap((table) => from.map((file) => ({ from: `${SERVER}${file}`, to: `${SERVER}${table}`, why }))),
    ),
  },
  {
    name: 'plugins-import-no-module',
    reason: 'the app-wide plugins stand below the modules; move what both need to lib/',
    appliesTo: (file) => file.startsWith(`${SERVER}plugins/`),
    forbids: ({ target }) => target?.startsWith(MODULES) ?? false,
  },
  {
    name: 'lib-imports-no-module',
    reason: 'lib/, db/, storage/ and jobs/ stand below the modules (db/seed.ts excepted); move what both need to lib/',
    appliesTo: (file) =>
      // db/schema/namespaces.ts stands below the modules' tables.
      ['lib/', 'storage/', 'jobs/define-job', 'jobs/queue', 'db/client', 'db/schema/namespaces', 'db/paging'].some(
        (dir) => file.startsWith(`${SERVER}${dir}`),
      ),
    // A table file imports no module code, so it closes no cycle; who may use it is tables-belong-to-modules' to say.
    forbids: ({ target }) => (target?.startsWith(MODULES) ?? false) && !isSchemaFile(target!),
  },
];

const describeImport = (imported: ResolvedImport) =>
  imported.target && imported.target !== imported.specifier
    ? `'${imported.specifier}' (${imported.target})`
    : `'${imported.specifier}'`;

export function checkRules(
  imports: readonly ResolvedImport[],
  rules: readonly ImportRule[] = importRules,
): Violation[] {
  const violations: Violation[] = [];
  for (const rule of rules) {
    for (const imported of imports) {
      if (isTestFile(imported.from) || !rule.appliesTo(imported.from) || !rule.forbids(imported)) continue;
      const allowed = rule.allow?.some(
        (a) => a.from === imported.from && (a.to === imported.target || a.to === imported.specifier),
      );
      if (allowed) continue;
      violations.push({
        rule: rule.name,
        message: `${imported.from}:${imported.line} imports ${describeImport(imported)}: ${rule.reason} [${rule.name}]`,
      });
    }
  }
  return violations;
}

/** Allow-list entries that no longer match an import: the exception is gone, so the entry must go too. */
export function staleAllowances(imports: readonly ResolvedImport[], rules: readonly ImportRule[] = importRules) {
  return rules.flatMap((rule) =>
    (rule.allow ?? [])
      .filter((a) => !imports.some((i) => i.from === a.from && (a.to === i.target || a.to === i.specifier)))
      .map((a) => `${rule.name}: ${a.from} → ${a.to} (${a.why}) matches no import any more; remove it`),
  );
}

// ---------------------------------------------------------------------------------------------------
// Cycles
// ---------------------------------------------------------------------------------------------------

type Graph = Map<string, Set<string>>;

function graphOf(imports: readonly ResolvedImport[], files: SourceFiles, runtimeOnly: boolean): Graph {
  const graph: Graph = new Map([...files.keys()].map((file) => [file, new Set<string>()]));
  for (const imported of imports) {
    if (runtimeOnly && imported.typeOnly) continue;
    if (imported.target && files.has(imported.target)) graph.get(imported.from)!.add(imported.target);
  }
  return graph;
}

/** Strongly connected components with more than one file, or one file importing itself (Tarjan). */
function tangles(graph: Graph): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node)!, index.get(next)!));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || graph.get(node)?.has(node)) found.push(component.sort());
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

/** The shortest cycle through `start` inside one component, as a path that ends where it starts. */
function shortestCycle(graph: Graph, start: string, within: ReadonlySet<string>): string[] {
  const cameFrom = new Map<string, string>();
  const queue = [start];
  while (queue.length > 0) {
    const node = queue.shift()!;
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!within.has(next)) continue;
      if (next === start) {
        const route = [node];
        while (route[0] !== start) route.unshift(cameFrom.get(route[0]!)!);
        return [...route, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, node);
        queue.push(next);
      }
    }
  }
  return [start, start];
}

export type ImportCycle = { runtime: boolean; files: string[]; path: string[] };

/**
 * Every tangle of files that import each other, with one shortest cycle as its example. A tangle is
 * `runtime` when the imports that survive compilation alone already form a cycle; otherwise only
 * type-only imports close it.
 */
export function findCycles(imports: readonly ResolvedImport[], files: SourceFiles): ImportCycle[] {
  const all = graphOf(imports, files, false);
  const runtime = graphOf(imports, files, true);
  const runtimeTangles = tangles(runtime);
  return tangles(all).map((component) => {
    const inside = runtimeTangles.find((r) => component.includes(r[0]!));
    const [graph, members] = inside ? [runtime, inside] : [all, component];
    return {
      runtime: inside !== undefined,
      files: component,
      path: shortestCycle(graph, members[0]!, new Set(members)),
    };
  });
}

export const cycleMessage = (cycle: ImportCycle) =>
  `import cycle (${cycle.runtime ? 'runtime' : 'type-only'}): ${cycle.path.join(' → ')}` +
  (cycle.files.length > cycle.path.length - 1 ? ` (${cycle.files.length} files tangled)` : '');

/** Every violation in one file set: cycles first, then the rules. */
export function checkImports(
  files: SourceFiles,
  packages: readonly WorkspacePackage[],
  rules: readonly ImportRule[] = importRules,
): Violation[] {
  const imports = resolveAll(files, packages);
  return [
    ...findCycles(imports, files).map((cycle) => ({ rule: 'no-import-cycles', message: cycleMessage(cycle) })),
    ...checkRules(imports, rules),
  ];
}

// ---------------------------------------------------------------------------------------------------
// Reading the workspace
// ---------------------------------------------------------------------------------------------------

function walk(root: string, dir: string, into: Map<string, string>) {
  for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== 'dist') walk(root, relative, into);
    } else if (SOURCE_FILE.test(entry.name) && !entry.name.endsWith('.d.ts')) {
      into.set(relative, fs.readFileSync(path.join(root, relative), 'utf8'));
    }
  }
}

/** The source files under SOURCE_ROOTS and the workspace packages, read from the repository at `root`. */
export function loadWorkspace(root: string): { files: Map<string, string>; packages: WorkspacePackage[] } {
  const files = new Map<string, string>();
  const packages: WorkspacePackage[] = [];
  for (const pattern of SOURCE_ROOTS) {
    const [parent, , rest] = pattern.split(/\/(\*)\//);
    const dirs =
      rest === undefined
        ? [pattern]
        : fs
            .readdirSync(path.join(root, parent!), { withFileTypes: true })
            .filter((d) => d.isDirectory() && fs.existsSync(path.join(root, parent!, d.name, rest)))
            .map((d) => `${parent}/${d.name}/${rest}`);
    for (const dir of dirs) walk(root, dir, files);
  }
  for (const workspace of ['packages', 'apps']) {
    for (const d of fs.readdirSync(path.join(root, workspace), { withFileTypes: true })) {
      const manifest = path.join(root, workspace, d.name, 'package.json');
      if (!d.isDirectory() || !fs.existsSync(manifest)) continue;
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name: string; exports?: unknown };
      const exports: Record<string, string> = {};
      const declared = typeof pkg.exports === 'string' ? { '.': pkg.exports } : (pkg.exports ?? {});
      for (const [subpath, file] of Object.entries(declared as Record<string, unknown>)) {
        if (typeof file === 'string') exports[subpath] = path.posix.join(workspace, d.name, file);
      }
      packages.push({ name: pkg.name, exports });
    }
  }
  return { files, packages };
}
