import type { LoginResponse, PermissionHolder, TokenInfo, UserProfile } from '@cuspid/contracts';
import { useSyncExternalStore } from 'react';
// zod/mini: this module is in the entry chunk, which the login page loads first (bench web-size, ADR 0110).
import * as z from 'zod/mini';
import { STORAGE_KEYS } from './storage-keys';

export type Session = {
  token: string;
  refresh_token: string;
  token_info: TokenInfo;
  /** The user's permission titles, built after sign-in from the permission list; null until loaded. */
  permission_titles: string[] | null;
};

// Deliberately lenient: a stored session only needs the parts the web reads, so a server that adds
// or reshapes a profile field does not sign everybody out on reload.
const storedSessionSchema = z.object({
  token: z.string().check(z.minLength(1)),
  refresh_token: z.string().check(z.minLength(1)),
  token_info: z.looseObject({
    roles: z.array(z.string()),
    permissions: z.record(z.string(), z.array(z.string())),
    user: z.looseObject({ mail: z.string() }),
  }),
  permission_titles: z._default(z.nullable(z.array(z.string())), null),
});

type Listener = () => void;
const listeners = new Set<Listener>();
let current: Session | null = readStoredSession();

function readStoredSession(): Session | null {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEYS.session);
    if (!raw) return null;
    const parsed = storedSessionSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as Session) : null;
  } catch {
    return null;
  }
}

function write(next: Session | null): void {
  current = next;
  try {
    if (next) localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(next));
    else localStorage.removeItem(STORAGE_KEYS.session);
  } catch (error) {
    console.warn('Could not persist the session', error);
  }
  for (const listener of listeners) listener();
}

function samePermissions(a: TokenInfo['permissions'], b: TokenInfo['permissions']): boolean {
  const keys = Object.keys(a);
  if (keys.length !== Object.keys(b).length) return false;
  return keys.every((key) => {
    const left = a[key] ?? [];
    const right = b[key] ?? [];
    return left.length === right.length && left.every((value) => right.includes(value));
  });
}

/** The one place that holds the signed-in user: localStorage plus a subscribe API for React. */
export const sessionStore = {
  get(): Session | null {
    return current;
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** Stores a fresh sign-in; permission titles are loaded afterwards by the route guard. */
  signIn(response: LoginResponse): void {
    write({ ...pickTokens(response), permission_titles: null });
  },
  /** Stores a rotated token pair; keeps the titles unless the granted permissions changed. */
  replaceTokens(response: LoginResponse): void {
    const keep = current && samePermissions(current.token_info.permissions, response.token_info.permissions);
    write({ ...pickTokens(response), permission_titles: keep ? (current?.permission_titles ?? null) : null });
  },
  setPermissionTitles(titles: string[]): void {
    if (current) write({ ...current, permission_titles: titles });
  },
  /**
   * A call answered 403 TWO_FACTOR_SETUP_REQUIRED (a role started to require it, or an administrator
   * reset it): the web then shows the setup only, as after a sign-in that said so (ADR 0033).
   */
  requireTwoFactorSetup(): void {
    if (current && !current.token_info.two_factor_setup_required) {
      write({ ...current, token_info: { ...current.token_info, two_factor_setup_required: true } });
    }
  },
  setUser(user: UserProfile): void {
    if (current) write({ ...current, token_info: { ...current.token_info, user } });
  },
  /** Logout (after its server call, features/auth/api/logout) and forced logout: forgets the session here. */
  clear(): void {
    write(null);
  },
  /** For tests and for other tabs: re-read localStorage. */
  reload(): void {
    current = readStoredSession();
    for (const listener of listeners) listener();
  },
};

function pickTokens(response: LoginResponse): Omit<Session, 'permission_titles'> {
  return { token: response.token, refresh_token: response.refresh_token, token_info: response.token_info };
}

// Signing out (or in) in another tab applies here too.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.session || event.key === null) sessionStore.reload();
  });
}

export function useSession(): Session | null {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.get, sessionStore.get);
}

const NO_PERMISSIONS: PermissionHolder = { roles: [], permissions: [] };

/** What the contracts' permission checks need, from a session. */
export function toPermissionHolder(session: Session | null): PermissionHolder {
  if (!session) return NO_PERMISSIONS;
  return { roles: session.token_info.roles, permissions: session.permission_titles ?? [] };
}
