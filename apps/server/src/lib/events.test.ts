import { describe, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { createEventBus, type DomainEvents, type EventBus, type EventHandlers, emit } from './events';

type FakeDeps = { events: EventBus<FakeDeps>; name: string };

const registered: DomainEvents['company.registered'] = {
  companyId: 'c1',
  userId: 'u1',
  country: 'DE',
  freeCredits: 5,
};

describe('emit', () => {
  it("runs the handlers of an event one after another, in the declarations' order, with the emitter's tx", async () => {
    const calls: string[] = [];
    const tx = {} as DbOrTx;
    const declare = (label: string, delayMs: number): EventHandlers<FakeDeps> => ({
      'company.registered': async (payload, context) => {
        calls.push(`${label} start`);
        await new Promise((resolve) => setTimeout(resolve, delayMs));
        expect(payload).toBe(registered);
        expect(context.tx).toBe(tx);
        expect(context.deps.name).toBe('process');
        calls.push(`${label} end`);
      },
    });
    const deps: FakeDeps = {
      name: 'process',
      events: createEventBus([
        declare('first', 20),
        undefined,
        declare('second', 0),
        { 'invoice.paid': async () => {} },
      ]),
    };
    await emit(deps, tx, 'company.registered', registered);
    expect(calls).toEqual(['first start', 'first end', 'second start', 'second end']);
  });

  it('passes a throw on to the emitter and runs no later handler', async () => {
    const calls: string[] = [];
    const deps: FakeDeps = {
      name: 'process',
      events: createEventBus<FakeDeps>([
        {
          'company.registered': async () => {
            throw new Error('refused');
          },
        },
        { 'company.registered': async () => void calls.push('later') },
      ]),
    };
    await expect(emit(deps, {} as DbOrTx, 'company.registered', registered)).rejects.toThrow('refused');
    expect(calls).toEqual([]);
  });

  it('does nothing for an event no module handles', async () => {
    const deps: FakeDeps = { name: 'process', events: createEventBus<FakeDeps>([]) };
    await expect(emit(deps, {} as DbOrTx, 'company.registered', registered)).resolves.toBeUndefined();
  });
});
