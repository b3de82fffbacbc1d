import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine, defuseFormulas, undefuseFormulas } from './companies-csv';

/** Values a spreadsheet must never run, whatever separator its locale uses. */
const TRICKY_VALUES = [
  'x;=10+20',
  'x,=10+20',
  'x\t=10+20',
  'x\r=10+20',
  'x\n=10+20',
  'x|=1',
  'x; =1',
  '-2+3',
  '+49 30 1234',
  '@SUM(A1)',
  '=HYPERLINK("http://evil")',
  '\t=1',
  '\r=1',
  '＝1+1',
  "'quoted",
  "x;'=1",
  'say "hi", then; go',
  '00123',
  '1e5',
  'Zahnärzte Müller; Straße é €',
  'plain',
];

/** Whether a spreadsheet splitting at any separator or line end would find a cell starting a formula. */
const startsFormula = (cellText: string) => /(^|[,;|\t\r\n])[ ]*[=+\-@＝＋－＠]/.test(cellText);

describe('company CSV', () => {
  it('quotes every text cell, doubles quotes, and leaves booleans bare and null empty', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', null, true, 3])).toBe('"a","b,c","say ""hi""",,true,3\r\n');
    expect(csvCell('line\nbreak')).toBe('"line\nbreak"');
    expect(csvCell('00123')).toBe('"00123"');
  });

  it('defuses a formula at the start of the cell and after every separator or line end', () => {
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('x;=10+20')).toBe(`"x;'=10+20"`);
    expect(csvCell('x\t-1')).toBe(`"x\t'-1"`);
    expect(csvCell('x\r@A1')).toBe(`"x\r'@A1"`);
    expect(csvCell('a,  +1')).toBe(`"a,'  +1"`);
    expect(csvCell('-2+3')).toBe(`"'-2+3"`);
    expect(csvCell('＝1')).toBe(`"'＝1"`);
    // An apostrophe where a cell may start gets one more, so the import can take exactly one off.
    expect(csvCell("'quoted")).toBe(`"''quoted"`);
    expect(csvCell('e-mail a@b.de')).toBe('"e-mail a@b.de"');
  });

  it('writes a file whose every cell parses back to the value, and no cell could start a formula', () => {
    const file = csvLine(['value', 'n']) + TRICKY_VALUES.map((v, i) => csvLine([v, i])).join('');
    // A spreadsheet that ignores the quotes and splits at any separator or line end finds no formula either.
    for (const piece of file.split(/[,;|\t\r\n]/)) {
      expect(/^[ ]*[=+\-@＝＋－＠]/.test(piece.replace(/^"+/, '')), JSON.stringify(piece)).toBe(false);
    }
    const rows = parse(file) as string[][];
    expect(rows.slice(1).map(([v]) => undefuseFormulas(v!))).toEqual(TRICKY_VALUES);
    for (const [v] of rows.slice(1)) expect(startsFormula(v!)).toBe(false);
  });

  it('undoes exactly its own defusing, whatever the text', () => {
    const alphabet = ['a', ' ', ',', ';', '|', '\t', '\r', '\n', '=', '+', '-', '@', "'", '＝'];
    let seed = 7;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed;
    };
    for (let i = 0; i < 20_000; i++) {
      const text = Array.from({ length: next() % 9 }, () => alphabet[next() % alphabet.length]).join('');
      expect(undefuseFormulas(defuseFormulas(text))).toBe(text);
      expect(startsFormula(defuseFormulas(text))).toBe(false);
    }
  });
});
