import { describe, expect, it } from 'vitest';
import { testActor } from '../../test/fixtures';
import { ACTOR_CACHE_MAX_ENTRIES, ActorCache } from './actor-cache';

const actor = testActor({ userId: 'u', companyId: 'c', permissions: ['list-users'] });

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('ActorCache', () => {
  it('reuses a caller for the TTL, then looks it up again', () => {
    const time = clock();
    const cache = new ActorCache(5_000, time.now);
    cache.set('t', actor, time.now() + 900_000, cache.generation());
    expect(cache.get('t')).toBe(actor);
    time.advance(4_999);
    expect(cache.get('t')).toBe(actor);
    time.advance(1);
    expect(cache.get('t')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a caller past its token’s expiry', () => {
    const time = clock();
    const cache = new ActorCache(5_000, time.now);
    cache.set('t', actor, time.now() + 1_000, cache.generation());
    time.advance(1_000);
    expect(cache.get('t')).toBeUndefined();
    cache.set('expired', actor, time.now(), cache.generation());
    expect(cache.get('expired')).toBeUndefined();
  });

  it('forgets every caller on clear, and drops a lookup that started before a change', () => {
    const time = clock();
    const cache = new ActorCache(5_000, time.now);
    cache.set('a', actor, time.now() + 60_000, cache.generation());
    const before = cache.generation();
    cache.clear();
    expect(cache.get('a')).toBeUndefined();
    // A lookup that read the database before the change ended must not be remembered after it.
    cache.set('b', actor, time.now() + 60_000, before);
    expect(cache.get('b')).toBeUndefined();
    cache.set('b', actor, time.now() + 60_000, cache.generation());
    expect(cache.get('b')).toBe(actor);
  });

  it('is off with a TTL of 0', () => {
    const cache = new ActorCache(0);
    cache.set('t', actor, Date.now() + 60_000, cache.generation());
    expect(cache.get('t')).toBeUndefined();
  });

  it('holds at most its maximum, dropping the oldest', () => {
    const time = clock();
    const cache = new ActorCache(5_000, time.now);
    for (let i = 0; i <= ACTOR_CACHE_MAX_ENTRIES; i++) cache.set(`t${i}`, actor, time.now() + 60_000, 0);
    expect(cache.size).toBe(ACTOR_CACHE_MAX_ENTRIES);
    expect(cache.get('t0')).toBeUndefined();
    expect(cache.get(`t${ACTOR_CACHE_MAX_ENTRIES}`)).toBe(actor);
  });
});
