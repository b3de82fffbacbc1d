import type { Actor, UserActor } from '../../lib/actor';

/** A person signed in with mail and password holds a session; an API key has none to list or end. */
export const hasSession = (actor: Actor): actor is UserActor => actor.kind === 'user';
