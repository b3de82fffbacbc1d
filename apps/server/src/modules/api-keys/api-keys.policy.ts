import type { Actor } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';
import { AppError } from '../../lib/errors';

/** Managing keys is for people: a key cannot mint, widen, rotate, revoke or delete keys. */
export const mayManageApiKeys = (actor: Actor) => actor.kind === 'user';

const keysCannotManageKeys = () => new AppError('FORBIDDEN', { message: 'API keys cannot manage API keys' });

/** Checked before any key is looked up, so a key gets the same 403 for every id. */
export function assertMayManageApiKeys(actor: Actor) {
  if (!mayManageApiKeys(actor)) throw keysCannotManageKeys();
}

/** A key the company scope let the query find; changing it follows `mayManageApiKeys`. */
export const apiKeyPolicy: Policy<unknown> = { allow: mayManageApiKeys, refuse: keysCannotManageKeys };
