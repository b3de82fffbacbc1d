import auth from './auth.json';
import common from './common.json';

// Partial dictionary (tu = Turkish, as the spec spells it): missing keys fall back to English.
export const dictionary = { common, auth };
