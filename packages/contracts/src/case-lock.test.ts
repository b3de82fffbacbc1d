import { describe, expect, it } from 'vitest';
import { lockLetsThrough } from './case-lock';

describe('lockLetsThrough', () => {
  const other = { userId: 'u-2', admin: false };

  it('lets anyone change an unlocked case', () => {
    expect(lockLetsThrough(null, other)).toBe(true);
    expect(lockLetsThrough(undefined, { userId: undefined, admin: false })).toBe(true);
  });

  it('lets the holder, an administrator and the engine through a lock, and nobody else', () => {
    expect(lockLetsThrough('u-1', { userId: 'u-1', admin: false })).toBe(true);
    expect(lockLetsThrough('u-1', { userId: 'u-2', admin: true })).toBe(true);
    expect(lockLetsThrough('u-1', { userId: null, admin: false, engine: true })).toBe(true);
    expect(lockLetsThrough('u-1', other)).toBe(false);
    expect(lockLetsThrough('u-1', { userId: null, admin: false })).toBe(false);
  });
});
