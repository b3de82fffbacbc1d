import { describe, expect, it } from 'vitest';
import { firstUnusableTemplate } from './document-assignment.policy';

describe('assigning document templates', () => {
  it('takes templates the actor sees', () => {
    expect(firstUnusableTemplate(['a', 'b'], new Set(['a', 'b', 'c']))).toBeUndefined();
    expect(firstUnusableTemplate([], new Set())).toBeUndefined();
  });

  it('names the first one the actor does not see', () => {
    expect(firstUnusableTemplate(['a', 'theirs', 'other'], new Set(['a']))).toBe('theirs');
  });
});
