import auth from './auth.json';
import common from './common.json';
import validation from './validation.json';

// Partial dictionary: missing keys fall back to English.
export const dictionary = { common, auth, validation };
