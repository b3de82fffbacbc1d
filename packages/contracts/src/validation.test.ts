import { describe, expect, it } from 'vitest';
import { brokenPasswordRules, mailSchema, newPasswordSchema, VALIDATION_MESSAGES } from './validation';

describe('the password policy', () => {
  it.each([
    ['', ['min', 'number', 'capital', 'special']],
    ['Abcdef1!', []],
    ['abcdef1!', ['capital']],
    ['Abcdefg!', ['number']],
    ['Abcdefg1', ['special']],
    ['Ab1!', ['min']],
    ['Ärger#123', []],
    ['Abc def 12', ['special']],
  ])('%j breaks %j', (password, broken) => {
    expect(brokenPasswordRules(password)).toEqual(broken);
  });

  it('reports the spec message for a missing password', () => {
    const result = newPasswordSchema.safeParse('');
    expect(result.error?.issues.map((i) => i.message)).toContain(VALIDATION_MESSAGES.passwordRequired);
  });
});

describe('mailSchema', () => {
  it('trims and lower-cases', () => {
    expect(mailSchema.parse('  Ada@Example.COM ')).toBe('ada@example.com');
  });

  it('answers the spec message for a missing mail and a clear one for a bad mail', () => {
    expect(mailSchema.safeParse('').error?.issues[0]?.message).toBe('The Email field is required');
    expect(mailSchema.safeParse(undefined).error?.issues[0]?.message).toBe('The Email field is required');
    expect(mailSchema.safeParse('not-a-mail').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.mailInvalid);
  });
});
