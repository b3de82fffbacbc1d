import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const featuresDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../features');

/** One source file of a feature, as text, named by its path under features/. */
export type SourceFile = { file: string; text: string };

/** Every .tsx file (without the tests) of each feature's `folder` (pages, components). */
export function featureSources(folder: string): SourceFile[] {
  return readdirSync(featuresDir).flatMap((area) => {
    const dir = path.join(featuresDir, area, folder);
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return [];
    }
    return names
      .filter((name) => name.endsWith('.tsx') && !name.endsWith('.test.tsx'))
      .map((name) => ({ file: `${area}/${folder}/${name}`, text: readFileSync(path.join(dir, name), 'utf8') }));
  });
}

/** Every page file: features/<area>/pages/<name>.tsx, without the tests. */
export const pageSources = (): SourceFile[] => featureSources('pages');
