import './list-table.css';

/**
 * What a list column holds, which decides how its cells lay out (ADR 0124):
 * - `text`: free text (names, titles, subjects, notes); the only kind that wraps, at word boundaries;
 * - `date`: a date, date and time or relative time ("3 days ago");
 * - `number` and `money`: figures, one line, aligned at the end with digits of equal width;
 * - `badge`: a status or category, as a badge or a short word; badges are never cut short;
 * - `code`: an identifier (ticket and invoice numbers, coupon codes, ids) that must never break.
 * Every kind but `text` keeps its values on one line, so the column is as wide as its widest value and the table
 * scrolls sideways inside its card when the columns do not fit, instead of squashing them.
 */
export const COLUMN_KINDS = ['text', 'date', 'number', 'money', 'badge', 'code'] as const;
export type ColumnKind = (typeof COLUMN_KINDS)[number];

/** Whether the column's values stay on one line (never wrap, never cut short). */
export function keepsOneLine(kind: ColumnKind): boolean {
  return kind !== 'text';
}

/** Whether the column's values (and its header) align at the end of the cell. */
export function alignsAtEnd(kind: ColumnKind): boolean {
  return kind === 'number' || kind === 'money';
}

/**
 * The attributes of a column's header and body cells: `data-column-kind` for list-table.css, which lays the cells
 * out by kind, and for tests that find e.g. every date cell. The table itself carries `data-list-table`.
 */
export function columnCellProps(kind: ColumnKind = 'text'): {
  'data-column-kind': ColumnKind;
  'data-one-line'?: true;
  'data-align-end'?: true;
} {
  return {
    'data-column-kind': kind,
    ...(keepsOneLine(kind) ? { 'data-one-line': true as const } : {}),
    ...(alignsAtEnd(kind) ? { 'data-align-end': true as const } : {}),
  };
}
