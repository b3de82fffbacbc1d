import { describe, expect, it } from 'vitest';
import { amountToCents, centsToAmount, percentToBasisPoints } from './money';

describe('money', () => {
  it('turns integer cents into the amount and back', () => {
    expect(centsToAmount(1250)).toBe(12.5);
    expect(amountToCents(12.5)).toBe(1250);
    expect(amountToCents(centsToAmount(99_999_999))).toBe(99_999_999);
  });

  it('reads an amount typed with a decimal comma and rounds it to the cent', () => {
    expect(amountToCents('12,5')).toBe(1250);
    expect(amountToCents(' 0.105 ')).toBe(11);
    expect(amountToCents(19.99)).toBe(1999);
  });

  it('answers NaN for what is no number', () => {
    expect(amountToCents('twelve')).toBeNaN();
    expect(percentToBasisPoints('x')).toBeNaN();
  });

  it('reads a percentage as basis points', () => {
    expect(percentToBasisPoints('7,5')).toBe(750);
  });
});
