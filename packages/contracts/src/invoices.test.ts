import { describe, expect, it } from 'vitest';
import {
  checkInvoiceTransition,
  DEFAULT_INVOICE_NUMBER_PATTERN,
  divideRounded,
  formatInvoiceNumber,
  INVOICE_STATUSES,
  type InvoiceLineAmounts,
  type InvoiceStatus,
  invoiceNumberPatternSchema,
  invoiceTotals,
  isInvoiceNumberPattern,
  reverseChargeApplies,
} from './invoices';

const line = (quantity: number, unit_price: number, tax_rate = 1900): InvoiceLineAmounts => ({
  quantity,
  unit_price,
  tax_rate,
});

describe('invoice amounts', () => {
  it('rounds half away from zero, and only halves', () => {
    const cases: [number | bigint, number, number][] = [
      [5, 10, 1],
      [4, 10, 0],
      [15, 10, 2],
      [14, 10, 1],
      [-5, 10, -1],
      [-4, 10, 0],
      [-15, 10, -2],
      [0, 10, 0],
      [9_999, 10_000, 1],
      [4_999, 10_000, 0],
      [5_000, 10_000, 1],
      [1_999_999_995_000, 10_000, 200_000_000],
      [12_345_678_901_234_567_890n, 10_000, 1_234_567_890_123_457],
    ];
    for (const [value, divisor, rounded] of cases)
      expect(divideRounded(value, divisor), `${value}/${divisor}`).toBe(rounded);
  });

  // Each row: lines, reverse charge, expected net, tax, total and the tax per rate (highest rate first).
  const table: {
    name: string;
    lines: InvoiceLineAmounts[];
    reverseCharge?: boolean;
    net: number;
    tax: number;
    taxes: [number, number, number][];
  }[] = [
    { name: 'no lines', lines: [], net: 0, tax: 0, taxes: [] },
    { name: 'one line at 19 %', lines: [line(1, 10_000)], net: 10_000, tax: 1_900, taxes: [[1900, 10_000, 1_900]] },
    // 3 × 0.99 = 2.97; 19 % is 0.5643, 0.56.
    { name: 'tax rounded down', lines: [line(3, 99)], net: 297, tax: 56, taxes: [[1900, 297, 56]] },
    // 0.50 at 19 % is 0.095: the half rounds up to 0.10.
    { name: 'a half cent rounds up', lines: [line(1, 50)], net: 50, tax: 10, taxes: [[1900, 50, 10]] },
    // Per rate, not per line: three lines of 0.10 at 7 % are 0.021 together (0.02), not 3 × 0.007 (3 × 0.01).
    {
      name: 'tax on the sum of a rate, not per line',
      lines: [line(1, 10, 700), line(1, 10, 700), line(1, 10, 700)],
      net: 30,
      tax: 2,
      taxes: [[700, 30, 2]],
    },
    {
      name: 'two rates',
      lines: [line(2, 4_999), line(1, 1_234, 700), line(1, 1, 0)],
      net: 11_233,
      tax: 1_986,
      taxes: [
        [1900, 9_998, 1_900],
        [700, 1_234, 86],
        [0, 1, 0],
      ],
    },
    {
      name: 'a discount line lowers its rate',
      lines: [line(1, 10_000), line(1, -1_000)],
      net: 9_000,
      tax: 1_710,
      taxes: [[1900, 9_000, 1_710]],
    },
    // A credit note: the invoice's amounts negated, rounded to the same cents.
    { name: 'credit note', lines: [line(-1, 50)], net: -50, tax: -10, taxes: [[1900, -50, -10]] },
    {
      name: 'reverse charge: 0 % for every rate',
      lines: [line(1, 10_000), line(1, 1_000, 700)],
      reverseCharge: true,
      net: 11_000,
      tax: 0,
      taxes: [[0, 11_000, 0]],
    },
    // The largest invoice the limits allow: 200 lines of 10,000 at the highest price; its tax is past 2^53 before
    // the division.
    {
      name: 'large amounts stay exact',
      lines: Array.from({ length: 200 }, () => line(10_000, 2_147_483_647, 1_999)),
      net: 4_294_967_294_000_000,
      tax: 858_563_962_070_600,
      taxes: [[1999, 4_294_967_294_000_000, 858_563_962_070_600]],
    },
  ];

  for (const row of table) {
    it(row.name, () => {
      const totals = invoiceTotals(row.lines, { reverseCharge: row.reverseCharge ?? false });
      expect(totals).toEqual({
        net: row.net,
        tax: row.tax,
        total: row.net + row.tax,
        taxes: row.taxes.map(([tax_rate, net, tax]) => ({ tax_rate, net, tax })),
      });
    });
  }
});

describe('invoice statuses', () => {
  const allowed: [InvoiceStatus, InvoiceStatus][] = [
    ['draft', 'open'],
    ['open', 'paid'],
    ['open', 'cancelled'],
    ['paid', 'cancelled'],
  ];

  it('allows exactly the documented moves and refuses every other', () => {
    for (const from of INVOICE_STATUSES) {
      for (const to of INVOICE_STATUSES) {
        const expected = allowed.some(([a, b]) => a === from && b === to);
        const refusal = checkInvoiceTransition(from, to);
        expect(refusal === null, `${from} → ${to}`).toBe(expected);
        if (from === to) expect(refusal).toBe('The invoice already has this status');
        else if (!expected) expect(refusal).toBe(`An invoice cannot go from ${from} to ${to}`);
      }
    }
  });
});

describe('reverse charge', () => {
  const seller = { country: 'DE' };
  const business = { country: 'AT', vatId: 'ATU12345678', applyReverseCharge: true };

  it('applies to a confirmed EU business customer in another member state', () => {
    expect(reverseChargeApplies(seller, business)).toBe(true);
  });

  it('does not apply at home, outside the EU, without a VAT id or without the confirmation', () => {
    expect(reverseChargeApplies(seller, { ...business, country: 'DE' })).toBe(false);
    expect(reverseChargeApplies(seller, { ...business, country: 'CH' })).toBe(false);
    expect(reverseChargeApplies({ country: 'CH' }, business)).toBe(false);
    expect(reverseChargeApplies(seller, { ...business, vatId: null })).toBe(false);
    expect(reverseChargeApplies(seller, { ...business, vatId: '  ' })).toBe(false);
    expect(reverseChargeApplies(seller, { ...business, applyReverseCharge: false })).toBe(false);
  });
});

describe('invoice numbers', () => {
  it('writes the year and the zero-padded sequence into the pattern', () => {
    expect(formatInvoiceNumber(DEFAULT_INVOICE_NUMBER_PATTERN, 2026, 123)).toBe('2026-000123');
    expect(formatInvoiceNumber('RE{YY}/{NNNN}', 2026, 7)).toBe('RE26/0007');
    expect(formatInvoiceNumber('{NN}', 2026, 12_345)).toBe('12345');
    expect(formatInvoiceNumber('INV-{YYYY}-{YYYY}-{N}', 2031, 1)).toBe('INV-2031-2031-1');
  });

  it('takes a pattern with exactly one counter', () => {
    for (const good of ['{YYYY}-{NNNNNN}', '{N}', 'A{YY}{NNN}Z']) expect(isInvoiceNumberPattern(good), good).toBe(true);
    for (const bad of ['{YYYY}', '{N}-{N}', '', `{N}${'x'.repeat(60)}`, '{n}']) {
      expect(isInvoiceNumberPattern(bad), bad).toBe(false);
    }
    expect(invoiceNumberPatternSchema.safeParse('{YYYY}').error?.issues[0]?.message).toBe(
      'The number pattern holds exactly one {N…} counter (e.g. {YYYY}-{NNNNNN})',
    );
    expect(() => formatInvoiceNumber('{YYYY}', 2026, 1)).toThrow();
  });
});
