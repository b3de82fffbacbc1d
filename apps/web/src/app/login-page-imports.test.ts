import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// What the login page loads before its first paint: the entry (main.tsx) and the login route's page, with what they
// import statically, transitively. Lazy `import()` is not followed: it loads later, on demand. The gzipped size of
// that JS has a budget (bench web-size, ADR 0110); these checks keep out what once broke it.
//
// As the bundler does for packages without side effects (the web and the contracts), a named import is followed to
// the module that defines the name, not into every module a barrel (index.ts) re-exports.

const srcDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(srcDir, '../../..');
const ROOTS = ['main.tsx', 'features/auth/pages/login.tsx'].map((file) => path.join(srcDir, file));

const contractsDir = path.join(repoRoot, 'packages/contracts');
const contractsExports = JSON.parse(readFileSync(path.join(contractsDir, 'package.json'), 'utf8')).exports as Record<
  string,
  string
>;

/** Names taken from a module (`default` for a default import); `'*'` for a namespace or side-effect import. */
type Names = string[] | '*';
type ModuleSyntax = {
  imports: { specifier: string; names: Names }[];
  /** `export { a as b } from` gives b → a; `export * from` is listed in `stars`. */
  reExports: { specifier: string; names: Map<string, string> }[];
  stars: string[];
  locals: Set<string>;
};

const CLAUSE = String.raw`(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\}|\w+(?:\s*,\s*(?:\{[^}]*\}|\*\s+as\s+\w+))?)`;
const FROM = new RegExp(String.raw`^\s*(import|export)\s+(${CLAUSE})\s+from\s+['"]([^'"]+)['"]`, 'gm');
const BARE = /^\s*import\s+['"]([^'"]+)['"]/gm;
const LOCAL = /^\s*export\s+(?:declare\s+)?(?:async\s+)?(?:const|let|var|function\*?|class|enum)\s+(\w+)/gm;
const EAGER_GLOB = /import\.meta\.glob(?:<[^>]*>)?\(\s*'([^']+)'\s*,\s*\{([^}]*)\}/g;

/** `{ a, type B, c as d }` → [[a, a], [c, d]]: value specifiers only, as [imported, local or exported] pairs. */
function specifiers(clause: string): [string, string][] {
  const braces = clause.match(/\{([^}]*)\}/)?.[1] ?? '';
  return braces
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith('type '))
    .map((part) => {
      const [imported = '', alias] = part.split(/\s+as\s+/).map((s) => s.trim());
      return [imported, alias ?? imported];
    });
}

function parse(source: string): ModuleSyntax {
  const syntax: ModuleSyntax = { imports: [], reExports: [], stars: [], locals: new Set() };
  for (const [, keyword, clause = '', specifier = ''] of source.matchAll(FROM)) {
    if (/^type\s/.test(clause)) continue;
    const pairs = specifiers(clause);
    if (keyword === 'export') {
      if (clause.startsWith('*')) syntax.stars.push(specifier);
      else if (pairs.length > 0) syntax.reExports.push({ specifier, names: new Map(pairs.map(([a, b]) => [b, a])) });
      continue;
    }
    if (clause.startsWith('*') || /^\w+\s*,\s*\*/.test(clause)) {
      syntax.imports.push({ specifier, names: '*' });
      continue;
    }
    const names = pairs.map(([imported]) => imported);
    if (/^\w+/.test(clause)) names.push('default');
    if (names.length > 0) syntax.imports.push({ specifier, names });
  }
  for (const [, specifier = ''] of source.matchAll(BARE)) syntax.imports.push({ specifier, names: '*' });
  for (const [, name = ''] of source.matchAll(LOCAL)) syntax.locals.add(name);
  if (/^\s*export\s+default\b/m.test(source)) syntax.locals.add('default');
  return syntax;
}

function resolveFile(base: string): string | undefined {
  const stem = base.replace(/\.js$/, '');
  return [base, `${stem}.ts`, `${stem}.tsx`, `${stem}/index.ts`, `${stem}/index.tsx`].find(
    (candidate) => /\.tsx?$/.test(candidate) && existsSync(candidate),
  );
}

/** A workspace file for relative and `@cuspid/contracts` specifiers; undefined for packages. */
function resolveSpecifier(from: string, specifier: string): string | undefined {
  if (specifier.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), specifier));
  const contracts = specifier.match(/^@cuspid\/contracts(\/.+)?$/);
  if (contracts) {
    const target = contractsExports[`.${contracts[1] ?? ''}`];
    if (!target) throw new Error(`${specifier} is not exported by @cuspid/contracts`);
    return path.join(contractsDir, target);
  }
  return undefined;
}

/** Files of an eager `import.meta.glob('./*\/routes.tsx', { base, eager: true, import })`, with the name taken. */
function eagerGlobs(file: string, source: string): { file: string; names: Names }[] {
  const found: { file: string; names: Names }[] = [];
  for (const [, pattern = '', options = ''] of source.matchAll(EAGER_GLOB)) {
    if (!/eager:\s*true/.test(options)) continue;
    const base = path.resolve(path.dirname(file), options.match(/base:\s*'([^']+)'/)?.[1] ?? '.');
    const [dirPart, name] = pattern.replace(/^\.\//, '').split('/');
    if (dirPart !== '*' || !name) throw new Error(`${file}: glob ${pattern} is not of the form ./*/file`);
    const imported = options.match(/import:\s*'(\w+)'/)?.[1];
    for (const dir of readdirSync(base)) {
      const match = path.join(base, dir, name);
      if (existsSync(match)) found.push({ file: match, names: imported ? [imported] : '*' });
    }
  }
  return found;
}

const syntaxCache = new Map<string, ModuleSyntax>();
function syntaxOf(file: string): ModuleSyntax {
  const cached = syntaxCache.get(file);
  if (cached) return cached;
  const syntax = parse(readFileSync(file, 'utf8'));
  syntaxCache.set(file, syntax);
  return syntax;
}

/** The file that defines `name` exported by `file`, through re-exports; undefined if not found. */
function definingFile(file: string, name: string, seen = new Set<string>()): string | undefined {
  if (seen.has(file)) return undefined;
  seen.add(file);
  const syntax = syntaxOf(file);
  if (syntax.locals.has(name)) return file;
  for (const { specifier, names } of syntax.reExports) {
    const imported = names.get(name);
    const target = imported === undefined ? undefined : resolveSpecifier(file, specifier);
    if (imported !== undefined) return target ? definingFile(target, imported, seen) : file;
  }
  for (const specifier of syntax.stars) {
    const target = resolveSpecifier(file, specifier);
    const found = target && definingFile(target, name, seen);
    if (found) return found;
  }
  return undefined;
}

const relative = (file: string) => path.relative(repoRoot, file);

type Graph = {
  /** Every workspace file loaded, with the file that first imported it (undefined for the roots). */
  files: Map<string, string | undefined>;
  /** Every package import of a loaded file. */
  packages: { file: string; specifier: string; names: Names }[];
};

function loginPageGraph(): Graph {
  const graph: Graph = { files: new Map(), packages: [] };
  const queue: { file: string; whole: boolean }[] = [];
  const ownCodeDone = new Set<string>();
  const wholeDone = new Set<string>();
  const load = (file: string, by: string | undefined, whole: boolean) => {
    if (!graph.files.has(file)) graph.files.set(file, by);
    if (!ownCodeDone.has(file) || (whole && !wholeDone.has(file))) queue.push({ file, whole });
  };
  for (const root of ROOTS) load(root, undefined, false);

  for (let next = queue.shift(); next; next = queue.shift()) {
    const { file, whole } = next;
    const syntax = syntaxOf(file);
    if (!ownCodeDone.has(file)) {
      ownCodeDone.add(file);
      const imports = [
        ...syntax.imports.map(({ specifier, names }) => ({
          specifier,
          names,
          target: resolveSpecifier(file, specifier),
        })),
        ...eagerGlobs(file, readFileSync(file, 'utf8')).map((glob) => ({
          specifier: '',
          names: glob.names,
          target: glob.file,
        })),
      ];
      for (const { specifier, names, target } of imports) {
        if (target === undefined) {
          if (specifier.startsWith('.') && !/\.(css|json|svg|png)$/.test(specifier))
            throw new Error(`${relative(file)}: cannot resolve ${specifier}`);
          if (!specifier.startsWith('.') && !specifier.endsWith('.css'))
            graph.packages.push({ file, specifier, names });
        } else if (names === '*') {
          load(target, file, true);
        } else {
          for (const name of names) load(definingFile(target, name) ?? target, file, false);
        }
      }
    }
    // A namespace import takes every re-export along.
    if (whole && !wholeDone.has(file)) {
      wholeDone.add(file);
      for (const { specifier } of syntax.reExports) {
        const target = resolveSpecifier(file, specifier);
        if (target) load(target, file, true);
      }
      for (const specifier of syntax.stars) {
        const target = resolveSpecifier(file, specifier);
        if (target) load(target, file, true);
      }
    }
  }
  return graph;
}

/** `a.ts ← b.ts ← main.tsx`: how the login page reaches a file. */
function chainOf(graph: Graph, file: string): string {
  const chain = [relative(file)];
  for (let at = graph.files.get(file); at; at = graph.files.get(at)) chain.push(relative(at));
  return chain.join(' ← ');
}

describe("the login page's static imports", () => {
  const graph = loginPageGraph();
  const loaded = (file: string) => graph.files.has(path.join(repoRoot, file));

  it('are read (so the checks below cannot pass on an empty graph)', () => {
    for (const root of ROOTS) expect(existsSync(root), relative(root)).toBe(true);
    expect(graph.files.size).toBeGreaterThan(40);
    // The route table's eager glob, a barrel followed to the defining module, a leaf of the contracts.
    expect(loaded('apps/web/src/features/users/routes.tsx')).toBe(true);
    expect(loaded('apps/web/src/features/auth/api/list-permissions.ts')).toBe(true);
    expect(loaded('apps/web/src/features/auth/api/register.ts')).toBe(false);
    expect(loaded('packages/contracts/src/sign-in.ts')).toBe(true);
    expect(graph.packages.some((p) => p.specifier === '@mantine/core')).toBe(true);
    expect(graph.packages.some((p) => p.specifier === 'zod/mini')).toBe(true);
  });

  it('leave full zod out: zod/mini at most (full zod adds ~25 kB gzipped)', () => {
    // The contracts build their schemas when loaded: a name defined beside a full-zod schema brings full zod along.
    // The login page reads zod-free leaves (auth-routes, validation-rules, i18n, …) and zod/mini ones (sign-in).
    const fullZod = graph.packages.filter((p) => /^zod(\/|$)/.test(p.specifier) && p.specifier !== 'zod/mini');
    expect(fullZod.map((p) => `${p.specifier}: ${chainOf(graph, p.file)}`)).toEqual([]);
  });

  it('take no floating or overlay component of Mantine (Menu, Popover, … bring floating-ui along)', () => {
    // Menu.extend in the theme once put Menu, Popover and floating-ui (~30 kB gzipped) into the entry chunk.
    const floating =
      /^(Menu|Popover|Tooltip|HoverCard|Combobox|Select|MultiSelect|Autocomplete|TagsInput|Modal|Drawer|Spotlight)$/;
    const found = graph.packages.flatMap((p) =>
      p.specifier !== '@mantine/core'
        ? []
        : (p.names === '*' ? ['*'] : p.names.filter((name) => floating.test(name))).map(
            (name) => `${name}: ${chainOf(graph, p.file)}`,
          ),
    );
    expect(found).toEqual([]);
  });

  it('take none of the packages that only signed-in pages use', () => {
    const signedInOnly =
      /^(@mantine\/(notifications|spotlight|dates|charts|dropzone|form)|recharts|three|dayjs|tus-js-client|fflate|hash-wasm)(\/|$)/;
    const found = graph.packages.filter((p) => signedInOnly.test(p.specifier));
    expect(found.map((p) => `${p.specifier}: ${chainOf(graph, p.file)}`)).toEqual([]);
  });
});
