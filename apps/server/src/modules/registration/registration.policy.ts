// Who may register, and with what (ADR 0051, 0055). Registration is open to anyone who is not signed in;
// these are the configured limits on it. Saving the configuration and resending the welcome mail are the
// routes' permissions, and the welcome mail goes only to users of companies in the caller's scope (SQL).

type Limits = { allowedCountries: readonly string[]; vatRequiredCountries: readonly string[] };

/** An empty list of allowed countries opens registration to every country. */
export const registrationOpenFor = (config: Limits, country: string) =>
  !config.allowedCountries.length || config.allowedCountries.includes(country);

export const vatIdRequiredFor = (config: Limits, country: string) => config.vatRequiredCountries.includes(country);

/** Only a role flagged "can register" may be given on registration. */
export const mayGiveOnRegistration = (role: { canRegister: boolean }) => role.canRegister;
