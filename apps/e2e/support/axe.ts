import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

/** WCAG 2.1 A and AA, the level the portal is held to (issue 12). */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** One failing element of an axe rule, reduced to what a reader needs to fix it. */
export type AxeNode = {
  target: string;
  html: string;
  summary: string;
  /** For colour-contrast: the colours axe measured. */
  colors?: { fg: string; bg: string; ratio: number; expected: string; fontSize: string; fontWeight: string };
};
export type AxeViolation = { id: string; impact: string | null; help: string; nodes: AxeNode[] };

/**
 * Waits for running CSS transitions and animations: a dialog fading in or a skin switch fading colours shows blended
 * colours for a moment, and axe must measure the end state.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    await Promise.all(
      document
        .getAnimations()
        .filter((animation) =>
          Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    );
  });
}

/**
 * Runs axe-core in the page (its source injected, `axe.run` in page.evaluate) on the whole document, WCAG 2.1 A/AA
 * rules only, and returns the violations.
 */
export async function runAxe(page: Page): Promise<AxeViolation[]> {
  await transitionsDone(page);
  const injected = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe !== 'undefined');
  if (!injected) await page.evaluate(AXE_SOURCE);
  return page.evaluate(async (tags) => {
    type Check = { id: string; data?: Record<string, unknown> | null; message: string };
    type Node = {
      target: unknown[];
      html: string;
      failureSummary?: string;
      any: Check[];
      all: Check[];
      none: Check[];
    };
    type Result = { id: string; impact?: string | null; help: string; nodes: Node[] };
    const axe = (
      window as unknown as { axe: { run: (ctx: unknown, options: unknown) => Promise<{ violations: Result[] }> } }
    ).axe;
    const results = await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] });
    return results.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? null,
      help: violation.help,
      nodes: violation.nodes.map((node) => {
        const contrast = [...node.any, ...node.all, ...node.none].find((check) => check.id === 'color-contrast');
        const data = contrast?.data as
          | {
              fgColor?: string;
              bgColor?: string;
              contrastRatio?: number;
              expectedContrastRatio?: string;
              fontSize?: string;
              fontWeight?: string;
            }
          | undefined;
        return {
          target: node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' '),
          html: node.html.length > 160 ? `${node.html.slice(0, 157)}...` : node.html,
          summary: (node.failureSummary ?? '').replace(/\s+/g, ' ').trim(),
          colors:
            data?.fgColor && data.bgColor
              ? {
                  fg: data.fgColor,
                  bg: data.bgColor,
                  ratio: data.contrastRatio ?? 0,
                  expected: data.expectedContrastRatio ?? '',
                  fontSize: data.fontSize ?? '',
                  fontWeight: data.fontWeight ?? '',
                }
              : undefined,
        };
      }),
    }));
  }, AXE_TAGS);
}

/** Violations as lines a person can act on: rule, impact, selector, colours measured (or axe's summary). */
export function formatViolations(violations: AxeViolation[]): string[] {
  const lines: string[] = [];
  for (const violation of violations) {
    lines.push(`${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help}`);
    for (const node of violation.nodes) {
      const detail = node.colors
        ? `${node.colors.fg} on ${node.colors.bg} = ${node.colors.ratio}:1, needs ${node.colors.expected} (${node.colors.fontSize}, weight ${node.colors.fontWeight})`
        : node.summary;
      lines.push(`    ${node.target}  ${detail}`);
      lines.push(`      ${node.html}`);
    }
  }
  return lines;
}
