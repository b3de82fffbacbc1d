/** CSV cells as every export writes them: RFC 4180 quoting, formulas defused (ADR 0060). */

/**
 * Characters after which a spreadsheet may start a new cell: the separators of every locale (`,` and
 * `;`, tab, `|` of "other" separators) and line ends. A spreadsheet that reads the file with another
 * separator than ours, or ignores the quotes, starts a cell after any of them.
 */
const CELL_STARTS = ',;|\t\r\n';
/** What makes a cell a formula (`=`, `+`, `-`, `@` and their full-width forms), and what must be escaped with them. */
const FORMULA_STARTS = "=+\\-@\uFF1D\uFF0B\uFF0D\uFF20\t\r'";
// Lookbehind, not a captured separator: a separator that itself needs an apostrophe (tab, CR) still
// counts as the start of the next cell.
const DEFUSE = new RegExp(`(?<=^|[${CELL_STARTS}])(?=[ ]*[${FORMULA_STARTS}])`, 'g');
const UNDEFUSE = new RegExp(`(?<=^|[${CELL_STARTS}])'(?=[ ]*[${FORMULA_STARTS}])`, 'g');

/**
 * Defuses formulas (ADR 0060): wherever a cell could start, at the beginning of the value or after any
 * separator or line end, an apostrophe goes before a formula character (spaces before it included), so no
 * spreadsheet in any locale runs it (`x;=1+2` becomes `x;'=1+2`). An apostrophe found there gets one
 * too, so {@link undefuseFormulas} takes exactly the added ones off and the import reads back exactly
 * what was exported.
 */
export const defuseFormulas = (text: string) => text.replace(DEFUSE, "'");

/** Undoes {@link defuseFormulas}. */
export const undefuseFormulas = (text: string) => text.replace(UNDEFUSE, '');

/** An amount written as a plain decimal number (`-26.75`): a number, never text, so no formula to defuse. */
export class CsvDecimal {
  constructor(readonly text: string) {}
}

/** Cents as a decimal amount with two places and a dot, as spreadsheets and accounting imports read it. */
export const csvCents = (cents: number) => new CsvDecimal((cents / 100).toFixed(2));

export type CsvValue = string | number | boolean | null | CsvDecimal;

/**
 * One CSV cell: every text is quoted (RFC 4180, quotes doubled) and its formulas defused; booleans,
 * numbers and decimals are written as they are; null is an empty cell.
 */
export function csvCell(value: CsvValue): string {
  if (value === null) return '';
  if (value instanceof CsvDecimal) return value.text;
  if (typeof value !== 'string') return String(value);
  return `"${defuseFormulas(value).replace(/"/g, '""')}"`;
}

export const csvLine = (cells: CsvValue[]) => `${cells.map(csvCell).join(',')}\r\n`;
