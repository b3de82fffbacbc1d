import type { RouteOptions } from 'fastify';

type PublicMode = 'none' | 'optional';

/**
 * Every service route that answers without a session, in one place (ADR 0035). A route registered
 * with `auth: 'none'` or `'optional'` that is not listed here, or listed with another mode, stops the
 * app from building: nobody opens a route by accident. The authorization matrix test reads this list
 * too, so a public route is exempt from its 401 expectations only because it is named here.
 */
export const PUBLIC_ROUTES: Readonly<Record<string, { auth: PublicMode; why: string }>> = {
  'GET /auth/health': { auth: 'none', why: 'service health probe' },
  'GET /api/health': { auth: 'none', why: 'service health probe' },
  'GET /mail/health': { auth: 'none', why: 'service health probe' },
  'GET /documents/health': { auth: 'none', why: 'service health probe' },
  'POST /auth/login': { auth: 'none', why: 'sign-in' },
  'POST /auth/login/two-factor': { auth: 'none', why: 'second sign-in step; the challenge is the proof' },
  'POST /auth/refresh-token': { auth: 'none', why: 'the refresh token is the proof' },
  'POST /auth/logout': {
    auth: 'optional',
    why: 'ends the session of the access token, or of the refresh token when the access token expired',
  },
  'POST /auth/create-user': {
    auth: 'optional',
    why: 'self-registration without a token; with one it needs create-user',
  },
  'POST /auth/check-account-link': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
  'POST /auth/accept-invitation': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
  'POST /auth/forgot-password': { auth: 'none', why: 'the same answer for every address' },
  'POST /auth/reset-password': { auth: 'none', why: "a mailed link; the link's secret is the proof" },
  'POST /auth/token': { auth: 'none', why: "OAuth client credentials; the key's secret is the proof" },
  'GET /auth/jwks.json': { auth: 'none', why: 'public keys that verify tokens (ADR 0114); nothing secret' },
  'GET /api/captcha/api': { auth: 'none', why: 'company registration form' },
  'POST /api/check-vat-id': { auth: 'none', why: 'company registration form' },
  'GET /api/registration-options': { auth: 'none', why: 'company registration form' },
  'POST /api/register-company': { auth: 'none', why: 'company registration' },
  'POST /api/payments/stripe/webhook': { auth: 'none', why: "Stripe's deliveries; the Stripe-Signature is the proof" },
};

export const publicRouteKey = (method: string, url: string) => `${method} ${url}`;

/**
 * Throws (at registration, so the app does not build) when a route's authentication mode and the
 * list disagree. Called from the authentication hook's `onRoute`, for every service route.
 */
export function assertPublicRouteListed(route: RouteOptions) {
  const auth = (route.config as { auth?: string } | undefined)?.auth ?? 'required';
  const methods = (Array.isArray(route.method) ? route.method : [route.method]).filter((m) => m !== 'HEAD');
  for (const method of methods) {
    const key = publicRouteKey(method, route.url);
    const listed = PUBLIC_ROUTES[key];
    if (auth !== 'required' && !listed) {
      throw new Error(`${key} is registered with auth '${auth}' but is not in PUBLIC_ROUTES (public-routes.ts)`);
    }
    if (listed && listed.auth !== auth) {
      throw new Error(`${key} is listed in PUBLIC_ROUTES as auth '${listed.auth}' but registered with auth '${auth}'`);
    }
  }
}
