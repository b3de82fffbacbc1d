/** Every key the web app keeps in localStorage, in one place. */
export const STORAGE_KEYS = {
  session: 'cuspid.session',
  language: 'cuspid.language',
  layout: 'cuspid.layout',
  colorScheme: 'cuspid.color-scheme',
  /** The menu sections the user collapsed (a JSON list of their groups). */
  navCollapsed: 'cuspid.nav-collapsed',
} as const;
