import { type Actor, isAdmin } from '../../lib/actor';

/**
 * The account links (invitation, password reset) a stored mail carries are credentials: the sent-mail
 * viewer shows them to administrators only, everyone else reads a same-shape placeholder (ADR 0034).
 */
export const mayReadAccountLinks = (actor: Actor) => isAdmin(actor);
