// Runs one benchmark: `npm run bench -- NAME [args...]` → `node --import tsx bench/NAME.ts [args...]`.
import { spawn } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const benchDir = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(benchDir, '..');

/** Every `bench/*.ts` file is a benchmark, named after the file. */
export function listBenchmarks() {
  return readdirSync(benchDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

function usage() {
  const names = listBenchmarks();
  console.info('Usage: npm run bench -- <name> [args...]\n\nAvailable benchmarks:');
  for (const name of names) console.info(`  ${name}`);
}

const [name, ...args] = process.argv.slice(2);

if (!name) {
  usage();
  process.exit(0);
}
if (!listBenchmarks().includes(name)) {
  console.error(`Unknown benchmark "${name}".\n`);
  usage();
  process.exit(1);
}

const child = spawn(process.execPath, ['--import', 'tsx', path.join('bench', `${name}.ts`), ...args], {
  cwd: repoRoot,
  stdio: 'inherit',
});

// Ctrl-C reaches the child through the terminal's process group; keep this process alive until the child exits.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill(signal));
}

child.on('error', (error) => {
  console.error(error);
  process.exit(1);
});
child.on('exit', (code, signal) => {
  if (signal) {
    console.error(`benchmark "${name}" stopped by ${signal}`);
    process.exit(1);
  }
  process.exit(code ?? 1);
});
