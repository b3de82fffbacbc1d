import { describe, expect, it } from 'vitest';
import { relinkedEvents } from './mail-template-assignments.policy';

describe('which events a save changes (the link-mail rule applies to those)', () => {
  const before = new Map<string, string | null>([
    ['invitation', 't1'],
    ['password-reset', null],
  ]);

  it('counts a new template, a removed one and a first assignment as changes', () => {
    expect(
      relinkedEvents(before, [
        { event: 'invitation', template_id: 't2' },
        { event: 'password-reset', template_id: 't3' },
        { event: 'welcome', template_id: 't4' },
      ]),
    ).toEqual(['invitation', 'password-reset', 'welcome']);
    expect(relinkedEvents(before, [{ event: 'invitation', template_id: null }])).toEqual(['invitation']);
  });

  it('leaves out events saved with the template they already have', () => {
    expect(
      relinkedEvents(before, [
        { event: 'invitation', template_id: 't1' },
        { event: 'password-reset', template_id: null },
        { event: 'welcome', template_id: null },
      ]),
    ).toEqual([]);
  });
});
