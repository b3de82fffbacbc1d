import { ADMIN_ROLE } from '@cuspid/contracts';
import { describe, expect, it } from 'vitest';
import { testActor } from '../../../test/fixtures';
import type { Actor } from '../../lib/actor';
import { authorize, permits } from '../../lib/authorize';
import type { AppError } from '../../lib/errors';
import {
  changeActivityPolicy,
  changeNotePolicy,
  deleteActivityPolicy,
  deleteNotePolicy,
  managesAll,
  mayComplete,
  mayEdit,
  writableBy,
} from './crm.policy';

const actor = (over: Partial<Actor> = {}): Actor => testActor({ userId: 'author', ...over });
const author = actor();
const colleague = actor({ userId: 'colleague' });
const assignee = actor({ userId: 'assignee' });
const admin = actor({ userId: 'admin', roles: [ADMIN_ROLE] });
const staff = actor({ userId: 'staff', isStaff: true });

const note = { authorId: 'author' };
const activity = { authorId: 'author', assigneeId: 'assignee' };

const refusal = (fn: () => unknown) => {
  try {
    fn();
  } catch (error) {
    return { code: (error as AppError).code, message: (error as AppError).message };
  }
  return undefined;
};

describe('who manages all notes and activities', () => {
  it('is back-office staff and administrators, nobody else', () => {
    expect(managesAll(staff)).toBe(true);
    expect(managesAll(admin)).toBe(true);
    expect(managesAll(author)).toBe(false);
  });
});

describe('notes', () => {
  it('may be changed and deleted by their author, an administrator and staff', () => {
    for (const who of [author, admin, staff]) {
      expect(permits(who, changeNotePolicy, note)).toBe(true);
      expect(permits(who, deleteNotePolicy, note)).toBe(true);
    }
    expect(mayEdit(author, { authorId: null })).toBe(false);
  });

  it("refuse a colleague with the author rule's code and the messages the API always gave", () => {
    expect(refusal(() => authorize(colleague, changeNotePolicy, note))).toEqual({
      code: 'NOTE_AUTHOR_ONLY',
      message: 'Only the author can change this note',
    });
    expect(refusal(() => authorize(colleague, deleteNotePolicy, note))).toEqual({
      code: 'NOTE_AUTHOR_ONLY',
      message: 'Only the author can delete this note',
    });
  });
});

describe('activities', () => {
  it('may be changed by their author, and marked done by their assignee only', () => {
    expect(permits(author, changeActivityPolicy(false), activity)).toBe(true);
    expect(permits(assignee, changeActivityPolicy(true), activity)).toBe(true);
    expect(mayComplete(assignee, activity)).toBe(true);
    expect(refusal(() => authorize(assignee, changeActivityPolicy(false), activity))).toEqual({
      code: 'ACTIVITY_AUTHOR_ONLY',
      message: 'Only the author can change this activity',
    });
    expect(mayComplete(colleague, activity)).toBe(false);
    expect(permits(colleague, changeActivityPolicy(true), activity)).toBe(false);
  });

  it('may be deleted by their author, never by their assignee', () => {
    expect(permits(author, deleteActivityPolicy, activity)).toBe(true);
    expect(permits(staff, deleteActivityPolicy, activity)).toBe(true);
    expect(refusal(() => authorize(assignee, deleteActivityPolicy, activity))).toEqual({
      code: 'ACTIVITY_AUTHOR_ONLY',
      message: 'Only the author can delete this activity',
    });
  });
});

describe('the author rule inside a write', () => {
  it('limits a write to the actor’s own records (or assigned ones, for marking done), and not at all for managers', () => {
    expect(writableBy(author)).toEqual({ authorId: 'author' });
    expect(writableBy(assignee, { orAssigned: true })).toEqual({ authorId: 'assignee', assigneeId: 'assignee' });
    expect(writableBy(admin)).toBeUndefined();
    expect(writableBy(staff, { orAssigned: true })).toBeUndefined();
  });
});
