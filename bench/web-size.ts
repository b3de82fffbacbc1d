// Gzipped JS the login page loads: `npm run bench -- web-size [--no-build] [--dist=DIR]`.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Budget for the login page's JS, gzipped (kB = 1000 bytes, as Vite reports sizes). */
export const BUDGET_BYTES = 200 * 1000;
/** A chunk named like this means 3D code leaked into the login page. */
export const THREE_D_PATTERN = /three|mesh|viewer/i;

/** One row of Vite's `.vite/manifest.json` (keys are source paths, or `_file.js` for shared chunks). */
export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface Loaded {
  /** Path inside dist, e.g. `assets/index-abc.js`. */
  file: string;
  /** Why it is loaded: `index.html`, or the manifest chain that pulls it in. */
  via: string;
  raw: number;
  gzip: number;
}

/** `src` of every `<script>` and `href` of every `<link rel="modulepreload">` in the HTML, in order. */
export function htmlJsReferences(html: string): string[] {
  const refs: string[] = [];
  for (const tag of html.match(/<(script|link)\b[^>]*>/gi) ?? []) {
    const attr = (name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, 'i'));
    const value = (name: string) => {
      const m = attr(name);
      return m ? (m[1] ?? m[2] ?? m[3] ?? '') : undefined;
    };
    if (/^<script/i.test(tag)) {
      const src = value('src');
      if (src) refs.push(src);
    } else if (value('rel')?.toLowerCase() === 'modulepreload') {
      const href = value('href');
      if (href) refs.push(href);
    }
  }
  return refs;
}

/** Maps a URL from index.html to a path inside dist, or undefined for other origins. */
export function distPathOf(url: string): string | undefined {
  if (/^(?:[a-z]+:)?\/\//i.test(url)) return undefined;
  return url.split(/[?#]/)[0]!.replace(/^\.?\/+/, '');
}

/** Manifest keys of the login route's chunk(s): chunks of features/auth login modules, and lazy chunks named "login". */
export function findLoginChunks(manifest: Manifest): string[] {
  return Object.entries(manifest)
    .filter(
      ([key, c]) =>
        /(^|\/)src\/features\/auth\/(.*\/)?[^/]*login[^/]*$/i.test(c.src ?? '') ||
        (c.isDynamicEntry === true && /login/i.test(`${c.name ?? ''} ${c.src ?? key}`)),
    )
    .map(([key]) => key);
}

/** The chunk and everything it statically imports, transitively (manifest keys, each once). */
export function staticClosure(manifest: Manifest, roots: readonly string[]): Map<string, string> {
  const seen = new Map<string, string>();
  const visit = (key: string, via: string) => {
    const chunk = manifest[key];
    if (seen.has(key) || !chunk) return;
    seen.set(key, via);
    for (const next of chunk.imports ?? []) visit(next, `import of ${path.basename(chunk.file)}`);
  };
  for (const root of roots) visit(root, `manifest: ${root}`);
  return seen;
}

function sizeOf(distDir: string, file: string, via: string): Loaded | undefined {
  const full = path.join(distDir, file);
  if (!existsSync(full)) return undefined;
  const bytes = readFileSync(full);
  return { file, via, raw: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function kB(bytes: number): string {
  return (bytes / 1000).toFixed(2);
}

function formatTable(
  headers: readonly string[],
  rows: readonly (readonly string[])[],
  right: readonly boolean[],
): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: readonly string[]) =>
    cells.map((c, i) => (right[i] ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  return [line(headers), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)]
    .map((l) => l.trimEnd())
    .join('\n');
}

function build(): boolean {
  console.info('Building the web app (npm run build -w @cuspid/web)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const result = spawnSync(npm, ['run', 'build', '-w', '@cuspid/web'], { cwd: repoRoot, stdio: 'inherit' });
  return result.status === 0;
}

export function main(argv: string[]): number {
  const { values } = parseArgs({
    args: argv,
    options: {
      'no-build': { type: 'boolean', default: false },
      dist: { type: 'string', default: path.join(repoRoot, 'apps/web/dist') },
    },
  });
  const distDir = path.resolve(values.dist);
  const indexPath = path.join(distDir, 'index.html');

  if (values['no-build'] && existsSync(indexPath)) {
    console.info(`Using the existing build in ${path.relative(repoRoot, distDir) || distDir} (--no-build).`);
  } else {
    if (values['no-build']) console.warn(`--no-build given but ${indexPath} is missing; building.`);
    if (!build()) {
      console.error('FAIL: the web build failed.');
      return 1;
    }
  }
  if (!existsSync(indexPath)) {
    console.error(`FAIL: ${indexPath} not found after the build.`);
    return 1;
  }

  const loaded = new Map<string, Loaded>();
  const notes: string[] = [];
  const add = (file: string, via: string) => {
    if (loaded.has(file) || !file.endsWith('.js')) return;
    const size = sizeOf(distDir, file, via);
    if (size) loaded.set(file, size);
    else notes.push(`${file} (from ${via}) is not in dist — served at run time, not counted`);
  };

  // 1. The initial load: scripts and module preloads of index.html.
  for (const ref of htmlJsReferences(readFileSync(indexPath, 'utf8'))) {
    const file = distPathOf(ref);
    if (file === undefined) notes.push(`${ref} (index.html) is on another origin, not counted`);
    else if (!file.endsWith('.js')) notes.push(`${ref} (index.html) is not a .js file, not counted`);
    else add(file, 'index.html');
  }

  // 2. The manifest: the entry's static imports, then the login route's chunk and its static imports.
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  let loginKeys: string[] = [];
  let manifest: Manifest = {};
  if (existsSync(manifestPath)) {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
    const entryKeys = Object.keys(manifest).filter((key) => manifest[key]!.isEntry);
    for (const [key, via] of staticClosure(manifest, entryKeys)) add(manifest[key]!.file, via);
    loginKeys = findLoginChunks(manifest);
    if (loginKeys.length === 0) {
      notes.push('no login route chunk found in the manifest: counting the entry only');
    }
    for (const [key, via] of staticClosure(manifest, loginKeys)) add(manifest[key]!.file, via);
    const lazy = new Set(loginKeys.flatMap((key) => manifest[key]!.dynamicImports ?? []));
    if (lazy.size > 0) {
      const files = [...lazy].map((key) => manifest[key]?.file ?? key);
      notes.push(`dynamic imports of the login chunk, not counted: ${files.join(', ')}`);
    }
  } else {
    notes.push(`${path.relative(repoRoot, manifestPath)} missing (build.manifest off?): counting index.html only`);
  }

  const files = [...loaded.values()];
  const total = files.reduce((sum, f) => sum + f.gzip, 0);
  const totalRaw = files.reduce((sum, f) => sum + f.raw, 0);
  const names = new Map(Object.values(manifest).map((c) => [c.file, `${c.name ?? ''} ${c.src ?? ''}`]));
  const threeD = files.filter((f) => THREE_D_PATTERN.test(`${path.basename(f.file)} ${names.get(f.file) ?? ''}`));

  console.info(`\nLogin route chunk: ${loginKeys.length > 0 ? loginKeys.join(', ') : '(none found)'}\n`);
  console.info(
    formatTable(
      ['file', 'raw kB', 'gzip kB', 'loaded via'],
      [
        ...files.map((f) => [f.file, kB(f.raw), kB(f.gzip), f.via]),
        ['TOTAL', kB(totalRaw), kB(total), `${files.length} file(s)`],
      ],
      [false, true, true, false],
    ),
  );
  for (const note of notes) console.info(`note: ${note}`);

  const underBudget = total < BUDGET_BYTES;
  console.info(
    `\nTarget: login page JS under ${BUDGET_BYTES / 1000} KB gzipped (level 9) — ${kB(total)} kB: ${underBudget ? 'PASS' : 'FAIL'}`,
  );
  for (const f of threeD)
    console.error(`FAIL: ${f.file} looks like 3D code (three/mesh/viewer) in the login page's load`);
  if (threeD.length === 0) console.info('No 3D chunk (three/mesh/viewer) in the login page load: PASS');
  return underBudget && threeD.length === 0 ? 0 : 1;
}

process.exitCode = main(process.argv.slice(2));
