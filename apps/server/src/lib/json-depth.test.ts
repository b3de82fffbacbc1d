import { describe, expect, it } from 'vitest';
import { jsonNestsDeeperThan } from './json-depth';

describe('jsonNestsDeeperThan', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 4)).toBe(false);
    expect(jsonNestsDeeperThan('{"a":[1,{"b":[]}]}', 3)).toBe(true);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: '[[[[[[{{{{' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan(JSON.stringify({ text: 'a\\"[[[[' }), 1)).toBe(false);
    expect(jsonNestsDeeperThan('[[],[],[[]]]', 2)).toBe(true);
    expect(jsonNestsDeeperThan('[[],[],[[]]]', 3)).toBe(false);
    expect(jsonNestsDeeperThan(`${'['.repeat(10_000)}${']'.repeat(10_000)}`, 100)).toBe(true);
    expect(jsonNestsDeeperThan('"plain"', 0)).toBe(false);
  });
});
