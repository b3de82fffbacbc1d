import type { CaseStatus } from '@cuspid/contracts/cases';
import type { CreditType } from '@cuspid/contracts/credits';
import type { PaymentProvider } from '@cuspid/contracts/payments';
import type { DbOrTx } from '../db/client';
import type { Actor } from './actor';

/**
 * Domain events (ADR 0131): what one area tells the others happened, so that an area reacting to it declares a
 * handler (`defineModule({ on: { 'invoice.paid': handler } })`) instead of the emitting area importing it. Every
 * event and its payload is declared here, once.
 */
export type DomainEvents = {
  /** An open invoice was paid in full (every way of paying ends in payments' settlement, under the invoice's lock). */
  'invoice.paid': {
    invoiceId: string;
    companyId: string;
    number: string | null;
    paidAt: Date;
    /** The package the invoice sold (a credit purchase, ADR 0106), or null. */
    package: { id: string; credits: number; creditType: CreditType } | null;
    /** Staff who recorded the payment; undefined when a provider reported it. */
    actor: Actor | undefined;
  };
  /** Money for an invoice arrived (a payment recorded as paid, of a positive amount). */
  'payment.received': {
    paymentId: string;
    invoiceId: string;
    companyId: string;
    provider: PaymentProvider;
    amountCents: number;
    currency: string;
  };
  /** A case moved from one status to another (the state machine's one way, cases.machine.ts). */
  'case.status-changed': { caseId: string; companyId: string; from: CaseStatus; to: CaseStatus };
  /** A company signed itself up (self-registration), with its first user. */
  'company.registered': {
    companyId: string;
    userId: string;
    country: string;
    /** The free credits the registration configuration gives a new company (0: none). */
    freeCredits: number;
  };
};

export type EventName = keyof DomainEvents;

/** What a handler works with: the process's dependencies and the emitter's transaction (its writes commit with it). */
export type EventContext<D> = { deps: D; tx: DbOrTx };

/**
 * A reaction to an event. It runs inside the emitter's transaction: a throw rolls the emitter's work back too.
 * Slow work (a mail, a call to another service) is enqueued as a job with `{ tx }`, so it exists only on commit.
 */
export type EventHandler<E extends EventName, D> = (
  payload: DomainEvents[E],
  context: EventContext<D>,
) => Promise<void>;

/** The handlers one module declares, at most one per event. */
export type EventHandlers<D> = { readonly [E in EventName]?: EventHandler<E, D> };

/** Every module's handlers of each event, in the modules' order. */
export type EventBus<D> = { handlersOf<E extends EventName>(name: E): readonly EventHandler<E, D>[] };

/**
 * The bus of a module list: `declarations` are the modules' `on`, in the list's order (the order handlers run in).
 * Generic in the dependencies so that lib/ does not import Deps (deps.ts holds an EventBus<Deps>).
 */
export function createEventBus<D>(declarations: readonly (EventHandlers<D> | undefined)[]): EventBus<D> {
  const byName = new Map<EventName, EventHandler<never, D>[]>();
  for (const declared of declarations) {
    for (const [name, handler] of Object.entries(declared ?? {}) as [EventName, EventHandler<never, D>][]) {
      byName.set(name, [...(byName.get(name) ?? []), handler]);
    }
  }
  return {
    handlersOf: <E extends EventName>(name: E) => (byName.get(name) ?? []) as EventHandler<E, D>[],
  };
}

/**
 * Tells every handler of `name`, one after another, inside `tx`; resolves when all have run. A handler's throw is
 * the emitter's: it propagates and the transaction rolls back.
 */
export async function emit<D extends { events: EventBus<D> }, E extends EventName>(
  deps: D,
  tx: DbOrTx,
  name: E,
  payload: DomainEvents[E],
): Promise<void> {
  for (const handler of deps.events.handlersOf(name)) await handler(payload, { deps, tx });
}
