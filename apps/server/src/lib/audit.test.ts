import { describe, expect, it } from 'vitest';
import { auditChanges, REDACTED } from './audit';

describe('auditChanges', () => {
  it('lists every field of a created record with null as the old value', () => {
    expect(auditChanges(null, { name: 'a', scopes: ['x'] })).toEqual({
      name: { old: null, new: 'a' },
      scopes: { old: null, new: ['x'] },
    });
  });

  it('keeps only changed fields of an update, dates as ISO strings, string arrays as sets', () => {
    const at = new Date('2026-01-02T03:04:05.000Z');
    const changes = auditChanges(
      { name: 'a', title: 'T', roles: ['b', 'a'], expiresAt: null, updatedAt: new Date(0) },
      { name: 'a', title: 'U', roles: ['a', 'b'], expiresAt: at, updatedAt: new Date() },
    );
    expect(changes).toEqual({
      title: { old: 'T', new: 'U' },
      expiresAt: { old: null, new: '2026-01-02T03:04:05.000Z' },
    });
  });

  it('never stores secrets: password hashes, secret hashes and tokens show only as redacted', () => {
    const changes = auditChanges(
      { passwordHash: '$argon2id$old', secretHash: 'h1', refreshToken: 't', mail: 'a@b.c' },
      { passwordHash: '$argon2id$new', secretHash: 'h2', refreshToken: 't2', mail: 'a@b.c' },
    );
    expect(changes).toEqual({
      passwordHash: { old: REDACTED, new: REDACTED },
      secretHash: { old: REDACTED, new: REDACTED },
      refreshToken: { old: REDACTED, new: REDACTED },
    });
    expect(JSON.stringify(auditChanges({ clientSecret: 's3cr3t' }, null))).not.toContain('s3cr3t');
  });

  it('records nothing for an unchanged secret', () => {
    expect(auditChanges({ passwordHash: 'x' }, { passwordHash: 'x' })).toEqual({});
  });
});
