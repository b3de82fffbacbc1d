import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { alignsAtEnd, COLUMN_KINDS, columnCellProps, keepsOneLine } from './column-kind';

describe('column kinds', () => {
  it('lets only free text wrap: dates, figures, badges and codes keep to one line', () => {
    expect(COLUMN_KINDS.filter(keepsOneLine)).toEqual(['date', 'number', 'money', 'badge', 'code']);
    expect(keepsOneLine('text')).toBe(false);
  });

  it('aligns figures at the end of the cell', () => {
    expect(COLUMN_KINDS.filter(alignsAtEnd)).toEqual(['number', 'money']);
  });

  it('marks the cells of each kind for the table style sheet', () => {
    expect(columnCellProps()).toEqual({ 'data-column-kind': 'text' });
    expect(columnCellProps('date')).toEqual({ 'data-column-kind': 'date', 'data-one-line': true });
    expect(columnCellProps('code')).toEqual({ 'data-column-kind': 'code', 'data-one-line': true });
    expect(columnCellProps('money')).toEqual({
      'data-column-kind': 'money',
      'data-one-line': true,
      'data-align-end': true,
    });
  });

  it('has a style sheet that keeps one-line cells unwrapped and badges whole', () => {
    const css = readFileSync(join(import.meta.dirname, 'list-table.css'), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '');
    const rule = (selector: string) => {
      const start = css.indexOf(`${selector} {`);
      expect(start, selector).toBeGreaterThanOrEqual(0);
      return css.slice(start, css.indexOf('}', start));
    };
    expect(rule('[data-list-table] td[data-one-line]')).toContain('white-space: nowrap');
    expect(rule('[data-list-table] .mantine-Badge-root')).toMatch(/max-width: none;[\s\S]*overflow: visible/);
    expect(rule('[data-list-table] .mantine-Badge-label')).toMatch(/overflow: visible;[\s\S]*text-overflow: clip/);
  });
});
