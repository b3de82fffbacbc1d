import { describe, expect, it } from 'vitest';
import {
  brokenPasswordRules,
  dateOrDateTimeSchema,
  dateSchema,
  dateTimeSchema,
  mailSchema,
  newPasswordSchema,
  optionalTextSchema,
  textSchema,
  VALIDATION_MESSAGES,
} from './validation';

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

describe('textSchema', () => {
  const name = textSchema(10, { required: true });

  it('trims and keeps every storable character (RTL marks, emoji, quotes)', () => {
    expect(name.parse('  Ada  ')).toBe('Ada');
    expect(name.parse("\u202Eabc😀'%_")).toBe("\u202Eabc😀'%_");
    expect(textSchema(10, { trim: false }).parse(' a ')).toBe(' a ');
  });

  it.each([
    ['a NUL character', 'a\u0000b'],
    ['a lone high surrogate', 'a\uD800b'],
    ['a lone low surrogate', '\uDC00'],
  ])('refuses %s with a clear message', (_what, value) => {
    const issues = name.safeParse(value).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual([VALIDATION_MESSAGES.textUnstorable]);
    expect(textSchema(10).safeParse(value).success).toBe(false);
  });

  it('names the rule a value breaks: too long is not "required"', () => {
    expect(name.safeParse('x'.repeat(10_000)).error?.issues.map((i) => i.message)).toEqual([
      'This field may not be longer than 10 characters',
    ]);
    expect(name.safeParse(undefined).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.required);
    expect(name.safeParse('   ').error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.required);
    expect(textSchema(10, { required: 'The name is required' }).safeParse('').error?.issues[0]?.message).toBe(
      'The name is required',
    );
  });

  it('leaves optional text optional and turns empty optional text into null', () => {
    expect(textSchema(10).optional().parse(undefined)).toBeUndefined();
    expect(optionalTextSchema(10).parse('  ')).toBeNull();
    expect(optionalTextSchema(10).safeParse('\u0000').success).toBe(false);
  });
});

describe('dateSchema and dateTimeSchema', () => {
  it.each(['1900-01-01', '2026-06-30', '2999-12-31'])('take the date %s', (value) => {
    expect(dateSchema.parse(value)).toBe(value);
    expect(dateOrDateTimeSchema.parse(value)).toBe(value);
  });

  it.each(['0000-01-01', '1899-12-31', '3000-01-01', '9999-12-31'])('refuse the date %s as out of range', (value) => {
    expect(dateSchema.safeParse(value).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.dateOutOfRange);
    expect(dateOrDateTimeSchema.safeParse(value).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.dateOutOfRange);
  });

  it.each(['275760-09-13', '2026-13-01', 'tomorrow', '2026-01-01\u0000', ''])('refuse %j as no date', (value) => {
    expect(dateSchema.safeParse(value).error?.issues[0]?.message).toBe(VALIDATION_MESSAGES.dateInvalid);
    expect(dateOrDateTimeSchema.safeParse(value).success).toBe(false);
  });

  it('takes date-times with an offset in range and refuses year 0 and year 9999', () => {
    expect(dateTimeSchema.parse('2026-12-01T09:30:00+01:00')).toBe('2026-12-01T09:30:00+01:00');
    expect(dateTimeSchema.safeParse('0000-01-01T00:00:00Z').error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.dateOutOfRange,
    );
    expect(dateTimeSchema.safeParse('9999-12-31T23:59:59Z').error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.dateOutOfRange,
    );
    expect(dateTimeSchema.safeParse('+275760-09-13T00:00:00Z').error?.issues[0]?.message).toBe(
      VALIDATION_MESSAGES.dateTimeInvalid,
    );
  });
});
