import { describe, expect, it } from 'vitest';
import { casePriceOf, type ToothCosts } from './case-price';

const costs: ToothCosts = { upperToothCredits: 3, lowerToothCredits: 2, source: 'country' };

describe('the price of a case', () => {
  it("sums the country's upper and lower tooth costs over the teeth", () => {
    const price = casePriceOf(costs, 1.5, { upperTeeth: [11, 21], lowerTeeth: [31, 41, 48] }, 'DE');
    expect(price).toMatchObject({
      credits: 2 * 3 + 3 * 2,
      upper_tooth_credits: 3,
      lower_tooth_credits: 2,
      teeth: { upper: [11, 21], lower: [31, 41, 48] },
      recalculation: false,
      country: 'DE',
      source: 'country',
    });
  });

  it('counts a tooth named twice once', () => {
    expect(casePriceOf(costs, 1, { upperTeeth: [11, 11, 12], lowerTeeth: [] }, null)).toMatchObject({
      credits: 6,
      teeth: { upper: [11, 12], lower: [] },
    });
  });

  it('charges a recalculation the price times the factor, rounded up to a whole credit', () => {
    // 5 upper teeth at 1 credit: 5 × 1.5 = 7.5 → 8.
    const one: ToothCosts = { upperToothCredits: 1, lowerToothCredits: 1, source: 'default' };
    const teeth = { upperTeeth: [11, 12, 13, 14, 15], lowerTeeth: [] };
    expect(casePriceOf(one, 1.5, { ...teeth, recalculation: true }).credits).toBe(8);
    expect(casePriceOf(one, 1.5, { ...teeth, recalculation: false }).credits).toBe(5);
    // Exact products are not rounded up by floating point noise: 100 × 1.15 is 115.
    const hundred: ToothCosts = { upperToothCredits: 100, lowerToothCredits: 0, source: 'default' };
    expect(casePriceOf(hundred, 1.15, { upperTeeth: [11], lowerTeeth: [], recalculation: true }).credits).toBe(115);
    expect(casePriceOf(one, 0, { ...teeth, recalculation: true }).credits).toBe(0);
    expect(casePriceOf(one, 0.01, { ...teeth, recalculation: true }).credits).toBe(1);
  });

  it('costs nothing for teeth that cost nothing', () => {
    const free: ToothCosts = { upperToothCredits: 0, lowerToothCredits: 0, source: 'default' };
    expect(casePriceOf(free, 2, { upperTeeth: [11], lowerTeeth: [31], recalculation: true }).credits).toBe(0);
  });
});
