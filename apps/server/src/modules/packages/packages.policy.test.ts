import { describe, expect, it } from 'vitest';
import { offerIn } from './packages.policy';

describe('a package offered in a country', () => {
  const pkg = { priceCents: 10_000, currency: 'EUR' };

  it("costs the country's price where the country has one", () => {
    expect(offerIn(pkg, { priceCents: 8_500, currency: 'CHF', available: true })).toEqual({
      price_cents: 8_500,
      currency: 'CHF',
      price_source: 'country',
    });
  });

  it('costs its own price in a country without a price of its own', () => {
    expect(offerIn(pkg, undefined)).toEqual({ price_cents: 10_000, currency: 'EUR', price_source: 'default' });
  });

  it('is not offered where the country package makes it unavailable', () => {
    expect(offerIn(pkg, { priceCents: 8_500, currency: 'EUR', available: false })).toBeNull();
  });
});
