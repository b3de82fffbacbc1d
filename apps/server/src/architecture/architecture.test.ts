import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkRules, cycleMessage, findCycles, loadWorkspace, resolveAll, staleAllowances } from './import-rules';

// The import rules of ADR 0037 on the real workspace: apps/server/src, apps/web/src and packages/*/src.
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const { files, packages } = loadWorkspace(root);
const imports = resolveAll(files, packages);

describe('the workspace imports', () => {
  it('are read from every source root (so the checks below cannot pass on an empty set)', () => {
    const roots = ['apps/server/src/', 'apps/web/src/', 'packages/contracts/src/'];
    for (const prefix of roots)
      expect([...files.keys()].filter((f) => f.startsWith(prefix)).length).toBeGreaterThan(10);
    const internal = imports.filter((i) => i.target && files.has(i.target));
    expect(internal.length).toBeGreaterThan(1000);
    expect(internal).toContainEqual(
      expect.objectContaining({
        from: 'apps/server/src/plugins/authenticate.ts',
        target: 'packages/contracts/src/index.ts',
      }),
    );
  });

  it('form no cycle, runtime or type-only', () => {
    expect(findCycles(imports, files).map(cycleMessage)).toEqual([]);
  });

  it('keep to the rules: Drizzle only in repositories, features through their index, plugins below services', () => {
    expect(checkRules(imports).map((v) => v.message)).toEqual([]);
  });

  it('need every allow-list entry still', () => {
    expect(staleAllowances(imports)).toEqual([]);
  });
});

describe('the route files', () => {
  it('take every path from the contracts’ route constants, never a string of their own', () => {
    const routeFiles = [...files].filter(([file]) =>
      /^apps\/server\/src\/modules\/[^/]+\/[^/]+\.routes\.ts$/.test(file),
    );
    expect(routeFiles.length).toBeGreaterThan(15);
    // A template literal that starts from a constant (`${R.file}/:id`) is fine.
    const literal = /\bapp\.(get|post|put|patch|delete|route)\(\s*(['"]|`(?!\$\{))/g;
    const found = routeFiles.flatMap(([file, source]) =>
      [...source.matchAll(literal)].map((m) => `${file}:${source.slice(0, m.index).split('\n').length}`),
    );
    expect(found).toEqual([]);
  });
});

describe('the web route table', () => {
  it('loads no contracts module of an area: every page needs the route table, the login page too', () => {
    // A value import of `@cuspid/contracts/<area>` in a feature's routes, menu or commands puts that area's schemas
    // (zod) into the login page's bundle (bench web-size); permission titles are written out, typed PermissionTitle.
    const tableFiles = [...files].filter(([file]) =>
      /^apps\/web\/src\/features\/[^/]+\/(routes\.tsx|navigation\.ts|commands\.ts|paths\.ts)$/.test(file),
    );
    expect(tableFiles.length).toBeGreaterThan(20);
    const valueImport = /^import\s+(?!type\b)[^;]*from\s+'@cuspid\/contracts\/[^']+';/gm;
    const found = tableFiles.flatMap(([file, source]) => [...source.matchAll(valueImport)].map(() => file));
    expect(found).toEqual([]);
  });
});
