import { describe, expect, it } from 'vitest';
import { concealSecrets, holdsSecrets, placeholderFor, revealSecrets, withPlaceholders } from './mail-secrets';

const token = 'AbC-_0123456789abcdefghijklmnopqrstuvwxyzAB';
const link = `https://portal.cuspid.test/reset-password?token=${token}`;
const placeholder = `https://portal.cuspid.test/reset-password?token=${'x'.repeat(43)}`;

describe('placeholders of account links', () => {
  it('keep the shape of a link (origin, page, parameter names and lengths), never its secret', () => {
    expect(placeholderFor(link)).toBe(placeholder);
    expect(placeholderFor(placeholder)).toBe(placeholder);
    expect(placeholderFor('not a link')).toBe('[link hidden]');
    expect(placeholderFor(null)).toBe('[link hidden]');
  });

  it('replace the declared variables of the event only', () => {
    expect(withPlaceholders('user.password-reset', { reset_url: link, first_name: 'Ann' })).toEqual({
      reset_url: placeholder,
      first_name: 'Ann',
    });
    expect(withPlaceholders('ticket.answered', { reset_url: link })).toEqual({ reset_url: link });
    expect(withPlaceholders(null, { reset_url: link })).toEqual({ reset_url: link });
  });

  it('are shown as the link to administrators while the row holds it, and hide a link rendered as written', () => {
    const row = { event: 'user.password-reset', variables: { reset_url: link }, subject: 's', text: placeholder };
    expect(holdsSecrets(row)).toBe(true);
    expect(revealSecrets({ ...row, html: `<a href="${placeholder}">${placeholder}</a>` }).html).toBe(
      `<a href="${link}">${link}</a>`,
    );
    const legacy = concealSecrets({ ...row, html: `<a href="${link}">go</a> ${token}`, text: link });
    expect(legacy.html).toBe(`<a href="${placeholder}">go</a> ${'x'.repeat(43)}`);
    expect(legacy.text).toBe(placeholder);
    const wiped = { ...row, variables: withPlaceholders(row.event, row.variables), html: placeholder };
    expect(holdsSecrets(wiped)).toBe(false);
    expect(revealSecrets(wiped).html).toBe(placeholder);
  });
});
