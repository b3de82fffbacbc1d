import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

/** One source file of a feature, as text, named by its path under features/. */
export type SourceFile = { file: string; text: string };

const isSource = (name: string) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name);

/** Every source file (.ts, .tsx, without the tests) under features/<dir>, at any depth. */
function sourcesUnder(dir: string): SourceFile[] {
  return readdirSync(path.join(featuresDir, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) return sourcesUnder(file);
    return isSource(entry.name) ? [{ file, text: readFileSync(path.join(featuresDir, file), 'utf8') }] : [];
  });
}

/** Every source file of every feature. */
export const featureSources = (): SourceFile[] =>
  sourcesUnder('.').map(({ file, text }) => ({ file: path.posix.normalize(file), text }));

/** Every page file: features/<area>/pages/<name>.tsx, without the tests. */
export const pageSources = (): SourceFile[] =>
  featureSources().filter(({ file }) => /^[\w-]+\/pages\/[\w-]+\.tsx$/.test(file));
