import { describe, expect, it } from 'vitest';
import { mayGiveOnRegistration, registrationOpenFor, vatIdRequiredFor } from './registration.policy';

const config = (allowedCountries: string[], vatRequiredCountries: string[] = []) => ({
  allowedCountries,
  vatRequiredCountries,
});

describe('registration limits', () => {
  it('is open to every country without a list, and to the listed ones only with one', () => {
    expect(registrationOpenFor(config([]), 'FR')).toBe(true);
    expect(registrationOpenFor(config(['DE', 'AT']), 'AT')).toBe(true);
    expect(registrationOpenFor(config(['DE', 'AT']), 'FR')).toBe(false);
  });

  it('requires a VAT id in the listed countries only', () => {
    expect(vatIdRequiredFor(config([], ['DE']), 'DE')).toBe(true);
    expect(vatIdRequiredFor(config([], ['DE']), 'FR')).toBe(false);
  });

  it('gives only roles flagged "can register"', () => {
    expect(mayGiveOnRegistration({ canRegister: true })).toBe(true);
    expect(mayGiveOnRegistration({ canRegister: false })).toBe(false);
  });
});
