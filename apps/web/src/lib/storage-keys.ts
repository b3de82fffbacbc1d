/** Every key the web app keeps in localStorage (or sessionStorage, where said), in one place. */
export const STORAGE_KEYS = {
  session: 'cuspid.session',
  language: 'cuspid.language',
  layout: 'cuspid.layout',
  colorScheme: 'cuspid.color-scheme',
  /** The menu sections the user opened or closed (a JSON object: group → open). */
  navSections: 'cuspid.nav-sections',
  /** sessionStorage: what was typed into a new case, per user (`<key>.<user id>`), until it is submitted. */
  caseDraft: 'cuspid.case-draft',
} as const;
