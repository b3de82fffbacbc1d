/**
 * The URLs the app shell itself relies on: the sign-in page at the root (forced logouts return there), the
 * landing page after sign-in, and the page unknown URLs and forbidden routes lead to. Every other URL is
 * declared by its feature (`features/<area>/paths.ts`, exported through the feature's index).
 */
export const appPaths = {
  login: '/',
  home: '/home',
  notFound: '/error-404',
} as const;
