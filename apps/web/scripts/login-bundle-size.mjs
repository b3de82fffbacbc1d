// Gzipped size of the JS the login page loads: the entry chunk, the login page chunk, and their static imports.
// Usage (after `npm run build -w @cuspid/web`): node apps/web/scripts/login-bundle-size.mjs
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const loginKey = Object.keys(manifest).find((key) => key.endsWith('app/pages/login.tsx'));
if (!entryKey || !loginKey) throw new Error('entry or login chunk not found in the manifest');

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
};
visit(entryKey);
visit(loginKey);

let total = 0;
for (const file of files) {
  const size = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  total += size;
  console.info(`${(size / 1024).toFixed(1).padStart(7)} KB  ${file}`);
}
console.info(`${(total / 1024).toFixed(1).padStart(7)} KB  total gzip JS for the login page (${files.size} files)`);
