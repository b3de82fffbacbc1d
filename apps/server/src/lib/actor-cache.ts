import type { Actor } from './actor';

// The callers of recent requests, by access token (ADR 0085): an authenticated request otherwise verifies
// the token's signature and loads the session, user, company, roles and permissions from the database
// before its handler runs. An entry is reused for at most `ttlMs` and never past the token's expiry, and
// every change made through this process (any request other than GET, HEAD or OPTIONS) empties the cache
// as it answers, so a revoked session, a changed role or a deleted company take effect at once here, and
// within `ttlMs` for changes made by another process (a second server, `npm run worker`, the CLI, SQL).

type Entry = { actor: Actor; until: number };

/** Tokens remembered at most: beyond it the oldest entries go first. */
export const ACTOR_CACHE_MAX_ENTRIES = 10_000;

export class ActorCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  constructor(
    readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {}

  /** The caller behind a token, when it was looked up less than the TTL ago and the token is still valid. */
  get(token: string): Actor | undefined {
    if (this.ttlMs <= 0) return undefined;
    const entry = this.#entries.get(token);
    if (!entry) return undefined;
    if (entry.until <= this.now()) {
      this.#entries.delete(token);
      return undefined;
    }
    return entry.actor;
  }

  /**
   * A marker taken before a lookup starts: `set` keeps the result only when nothing was changed in
   * between, so a lookup that raced a change never outlives it.
   */
  generation(): number {
    return this.#generation;
  }

  /** Remembers a looked-up caller until the TTL ends or the token expires (`tokenExpiresAt`, in ms). */
  set(token: string, actor: Actor, tokenExpiresAt: number, generation: number): void {
    if (this.ttlMs <= 0 || generation !== this.#generation) return;
    const until = Math.min(this.now() + this.ttlMs, tokenExpiresAt);
    if (until <= this.now()) return;
    if (this.#entries.size >= ACTOR_CACHE_MAX_ENTRIES) {
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
    }
    this.#entries.set(token, { actor, until });
  }

  /** Forgets every caller: something that decides who may do what may have changed. */
  clear(): void {
    this.#generation += 1;
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }
}

const caches = new WeakMap<object, ActorCache>();

/** The one cache of a process's dependencies (the services of one process share it). */
export function actorCacheOf(owner: object, ttlMs: number): ActorCache {
  let cache = caches.get(owner);
  if (!cache) {
    cache = new ActorCache(ttlMs);
    caches.set(owner, cache);
  }
  return cache;
}
