import { baseUrl } from './env';

export type ApiResponse<T = unknown> = { status: number; body: T };

/** A JSON call to the server under test (auth service under /auth, main backend under /api). */
export async function apiCall<T = unknown>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { body?: unknown; token?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T };
}

function expectStatus(response: ApiResponse, expected: number, what: string): void {
  if (response.status !== expected) {
    throw new Error(`${what}: expected HTTP ${expected}, got ${response.status}: ${JSON.stringify(response.body)}`);
  }
}

/** Self-registration: POST /auth/create-user → 201. */
export async function registerUser(mail: string, password: string): Promise<{ user_id: string }> {
  const response = await apiCall<{ user_id: string }>('POST', '/auth/create-user', { body: { mail, password } });
  expectStatus(response, 201, `register ${mail}`);
  return response.body;
}

/** POST /auth/login → the access token. */
export async function loginApi(mail: string, password: string): Promise<string> {
  const response = await apiCall<{ token?: string }>('POST', '/auth/login', { body: { mail, password } });
  expectStatus(response, 200, `login ${mail}`);
  const token = response.body.token;
  if (!token) throw new Error(`login ${mail}: the answer holds no token: ${JSON.stringify(response.body)}`);
  return token;
}

/** POST /auth/change-password; the server revokes the user's other sessions. */
export async function changePasswordApi(token: string, currentPassword: string, newPassword: string): Promise<void> {
  const response = await apiCall('POST', '/auth/change-password', {
    token,
    body: { current_password: currentPassword, new_password: newPassword },
  });
  if (response.status < 200 || response.status >= 300) {
    throw new Error(`change-password: HTTP ${response.status}: ${JSON.stringify(response.body)}`);
  }
}
