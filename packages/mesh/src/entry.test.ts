import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const srcDir = path.dirname(fileURLToPath(import.meta.url));

/** Every module specifier the file and its relative imports load (static imports and re-exports). */
function importsOf(entry: string): { files: string[]; external: string[] } {
  const files = new Set<string>();
  const external = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    const source = readFileSync(file, 'utf8');
    for (const match of source.matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'|import\s*\(\s*'([^']+)'\s*\)/g)) {
      const specifier = match[1] ?? match[2]!;
      if (specifier.startsWith('.')) visit(path.resolve(path.dirname(file), `${specifier}.ts`));
      else external.add(specifier);
    }
  };
  visit(path.join(srcDir, entry));
  return { files: [...files].map((f) => path.relative(srcDir, f)), external: [...external] };
}

describe('entries', () => {
  it('the main entry loads no Node module, no meshoptimizer and no three.js (it runs in a Web Worker)', () => {
    const { files, external } = importsOf('index.ts');
    expect(files).toContain('parse.ts');
    expect(files).not.toContain('simplify.ts');
    expect(external).toEqual([]);
  });

  it('the simplify entry adds only meshoptimizer; the testing entry nothing', () => {
    expect(importsOf('simplify.ts').external).toEqual(['meshoptimizer/simplifier']);
    expect(importsOf('testing/jaw-fixture.ts').external).toEqual([]);
  });
});
