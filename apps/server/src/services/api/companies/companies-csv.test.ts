import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from './companies-csv';

describe('company CSV', () => {
  it('quotes separators, quotes and line breaks, and leaves empty cells for null', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null, true, 3])).toBe('a,"b,c","say ""hi""",,true,3\r\n');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
  });

  it('defuses cells a spreadsheet would run as a formula', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+49 30 1234')).toBe(`"'+49 30 1234"`);
    expect(csvCell('@cmd')).toBe(`"'@cmd"`);
    // A leading apostrophe of its own is doubled, so the import can always strip exactly one.
    expect(csvCell("'quoted")).toBe(`"''quoted"`);
  });
});
