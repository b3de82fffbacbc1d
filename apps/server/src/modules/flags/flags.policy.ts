import { FLAG_ASSIGN_PERMISSION, type FlagAssignableType } from '@cuspid/contracts/flags';
import { type Actor, actorCan } from '../../lib/actor';
import type { Policy } from '../../lib/authorize';

// Who may do what with flags and tags (ADR 0054). Managing the definitions is the route's permission
// (backoffice-flag); reading them needs one labelling permission (the route's too). Which records an actor
// may label is the record type's company scope, in SQL (record-types.repository).

/** Labelling records of a type needs that type's labelling permission (any one opens the call itself). */
export const labelPolicy: Policy<FlagAssignableType> = {
  allow: (actor, type) => actorCan(actor, FLAG_ASSIGN_PERMISSION[type]),
};

/** Whether the actor may label records of this type (for lists of what the actor can label). */
export const mayLabel = (actor: Actor, type: FlagAssignableType) => labelPolicy.allow(actor, type);
