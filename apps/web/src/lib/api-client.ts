import type { LoginResponse } from '@cuspid/contracts';
import { AUTH_ROUTES } from '@cuspid/contracts/auth-routes';
import { ApiError } from './api-error';
import { currentLanguage } from './i18n';
import { notifyRelogin } from './notify';
import { type ServiceName, serviceUrl } from './runtime-config';
import { sessionStore } from './session';

export { ApiError } from './api-error';

type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  /** JSON-serialised unless it is FormData or a Blob. */
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  /** Sign-in and token refresh themselves: a 401 is an answer, not an expired session. */
  skipSessionHandling?: boolean;
  /** 'file': the answer is a file (a Blob with the name from Content-Disposition), not JSON. */
  responseType?: 'json' | 'file';
};

/** A file answered by a service: the bytes and its Content-Disposition (see lib/save-file). */
export type DownloadedFile = { blob: Blob; disposition: string | null };

type SessionEndHandler = (options: { showMessage: boolean }) => void;

// The route guard also reacts to the cleared session; the router wires an explicit navigation to / in here
// so the client stays free of React and the router.
let onSessionEnd: SessionEndHandler = () => {};

export function configureApiClient(options: { onSessionEnd: SessionEndHandler }): void {
  onSessionEnd = options.onSessionEnd;
}

function buildUrl(service: ServiceName, path: string, query?: Record<string, QueryValue>): string {
  const url = serviceUrl(service, path);
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${url}${url.includes('?') ? '&' : '?'}${search}` : url;
}

function send(service: ServiceName, path: string, options: RequestOptions, token: string | undefined) {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    // Every service gets the language; the main backend needs it (spec section 7), the others use it for messages.
    'Accept-Language': currentLanguage(),
    ...options.headers,
  };
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (options.body instanceof FormData || options.body instanceof Blob) {
    body = options.body;
  } else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }
  return fetch(buildUrl(service, path, options.query), {
    method: options.method ?? (body === undefined ? 'GET' : 'POST'),
    headers,
    body,
    signal: options.signal,
  }).catch((error: unknown) => {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, {});
  });
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) {
    try {
      return JSON.parse(text);
    } catch {
      return text;
    }
  }
  return text;
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = await readBody(response).catch(() => undefined);
  return new ApiError(response.status, typeof body === 'object' && body !== null ? body : {});
}

// Single flight: every request that meets a 401 while a refresh runs waits for that same refresh.
let refreshing: Promise<boolean> | null = null;

function refreshSession(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = sessionStore.get()?.refresh_token;
    if (!refreshToken) return false;
    try {
      const response = await send(
        'auth',
        AUTH_ROUTES.refreshToken,
        { method: 'POST', body: { refresh_token: refreshToken } },
        undefined,
      );
      if (!response.ok) return false;
      sessionStore.replaceTokens((await readBody(response)) as LoginResponse);
      return true;
    } catch {
      return false;
    }
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Exchanges the refresh token for a new pair now (after enabling two-factor sign-in, whose answer
 * changes token_info). False when the session could not be renewed: it is then ended.
 */
export async function refreshOrEndSession(): Promise<boolean> {
  const renewed = await refreshSession();
  if (!renewed) endSession(true);
  return renewed;
}

/**
 * The main backend said the session ended: a 419 (the forced logout of a main-backend 419, without a message, spec
 * section 4), or a live stream's last `event: end`, which comes unasked: it says 'You need to relogin'.
 */
export function endExpiredSession(showMessage = false): void {
  endSession(showMessage);
}

/** Forced logout: clear storage, say so (except for the main backend's 419), return to the root. */
function endSession(showMessage: boolean): void {
  const hadSession = sessionStore.get() !== null;
  sessionStore.clear();
  if (!hadSession) return;
  if (showMessage) notifyRelogin();
  onSessionEnd({ showMessage });
}

/** The one way the web calls a service: bearer token, language, refresh on 401, one error type. */
export async function apiRequest<T>(service: ServiceName, path: string, options: RequestOptions = {}): Promise<T> {
  const sentToken = options.skipSessionHandling ? undefined : sessionStore.get()?.token;
  let response = await send(service, path, options, sentToken);

  if (response.status === 401 && !options.skipSessionHandling && sentToken) {
    // Another request may already have rotated the token: then retry with it instead of refreshing again.
    const renewed = sessionStore.get()?.token !== sentToken || (await refreshSession());
    const token = sessionStore.get()?.token;
    if (!renewed || !token) {
      const error = await toApiError(response);
      endSession(true);
      throw error;
    }
    response = await send(service, path, options, token);
    if (response.status === 401) {
      const error = await toApiError(response);
      endSession(true);
      throw error;
    }
  }

  if (response.status === 419 && !options.skipSessionHandling) {
    const error = await toApiError(response);
    endSession(service !== 'api');
    throw error;
  }

  if (!response.ok) {
    const error = await toApiError(response);
    if (error.code === 'TWO_FACTOR_SETUP_REQUIRED' && !options.skipSessionHandling)
      sessionStore.requireTwoFactorSetup();
    throw error;
  }
  if (options.responseType === 'file') {
    const file: DownloadedFile = {
      blob: await response.blob(),
      disposition: response.headers.get('content-disposition'),
    };
    return file as T;
  }
  return (await readBody(response)) as T;
}

export const api = {
  get: <T>(service: ServiceName, path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(service, path, { ...options, method: 'GET' }),
  post: <T>(service: ServiceName, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(service, path, { ...options, method: 'POST', body }),
  put: <T>(service: ServiceName, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(service, path, { ...options, method: 'PUT', body }),
  patch: <T>(service: ServiceName, path: string, body?: unknown, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(service, path, { ...options, method: 'PATCH', body }),
  delete: <T>(service: ServiceName, path: string, options?: Omit<RequestOptions, 'method' | 'body'>) =>
    apiRequest<T>(service, path, { ...options, method: 'DELETE' }),
};
