/** Who may read, write and delete plan notes (pure policy, no database). */
import { describe, expect, it } from 'vitest';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { ACTORS, SCHOOL_A, SCHOOL_B, verdict } from '../../core/policy.testing.js';
import { UserType } from '../accounts/user.entity.js';
import { can, NOTES_POLICY_MESSAGES as M, type NotePerson, type NotesAction, type NotesObject } from './notes.policy.js';

const STUDENT = { id: 10, schoolId: SCHOOL_A };
const facts = (person: NotePerson, o: Partial<Exclude<NotesObject, null>> = {}): NotesObject => ({ person, student: STUDENT, ownSchoolIds: [], linked: false, ...o });
const student = facts({ id: 10, type: UserType.Student });
const otherStudent = facts({ id: 11, type: UserType.Student });
const admin = facts({ id: 20, type: UserType.Staff }, { ownSchoolIds: [SCHOOL_A] });
const otherAdmin = facts({ id: 21, type: UserType.Staff }, { ownSchoolIds: [SCHOOL_B] });
const parent = facts({ id: 30, type: UserType.Parent }, { linked: true });
const otherParent = facts({ id: 31, type: UserType.Parent });
const baseline = facts({ id: 40, type: UserType.BaselinePlan });
const note = (o: Exclude<NotesObject, null>, authorId: number, ageSeconds = 60, staffOnly = false): NotesObject => ({ ...o, note: { authorId, staffOnly, ageSeconds } });

const table: [keyof typeof ACTORS, NotesAction, NotesObject, string][] = [
  ['student', 'read', student, 'ok'],
  ['student', 'write', student, 'ok'],
  ['student', 'readStaffOnly', student, `403 ${M.staffOnly}`],
  ['student', 'markStaffOnly', student, `403 ${M.staffOnly}`],
  ['otherStudent', 'read', otherStudent, `404 ${M.studentNotFound}`],
  ['admin', 'read', admin, 'ok'],
  ['admin', 'markStaffOnly', admin, 'ok'],
  ['admin', 'readStaffOnly', admin, 'ok'],
  ['otherAdmin', 'read', otherAdmin, `404 ${M.studentNotFound}`],
  ['otherAdmin', 'write', otherAdmin, `404 ${M.studentNotFound}`],
  ['parent', 'read', parent, 'ok'],
  ['parent', 'write', parent, 'ok'],
  ['parent', 'markStaffOnly', parent, `403 ${M.staffOnly}`],
  ['otherParent', 'read', otherParent, `404 ${M.studentNotFound}`],
  ['baseline', 'read', baseline, `403 ${M.notAllowed}`],
  ['baseline', 'read', null, `403 ${M.notAllowed}`],
  // View-as tokens act for the person behind them: the counselor writes as staff, the parent reads only.
  ['adminAsStudent', 'markStaffOnly', admin, 'ok'],
  ['parentAsStudent', 'read', parent, 'ok'],
  ['parentAsStudent', 'readStaffOnly', parent, `403 ${M.staffOnly}`],
  ['parentAsStudent', 'write', parent, `403 ${READ_ONLY_MESSAGE}`],
  ['parentAsStudent', 'delete', note(parent as Exclude<NotesObject, null>, 30), `403 ${READ_ONLY_MESSAGE}`],
  // Deleting: the author, within 15 minutes; a staff-only note does not exist for anyone but staff.
  ['student', 'delete', note(student as Exclude<NotesObject, null>, 10), 'ok'],
  ['student', 'delete', note(student as Exclude<NotesObject, null>, 10, 15 * 60), `403 ${M.tooLate.reason}`],
  ['student', 'delete', note(student as Exclude<NotesObject, null>, 20), `403 ${M.notAuthor}`],
  ['student', 'delete', note(student as Exclude<NotesObject, null>, 20, 60, true), `404 ${M.noteNotFound}`],
  ['admin', 'delete', note(admin as Exclude<NotesObject, null>, 10), `403 ${M.notAuthor}`],
  ['admin', 'delete', note(admin as Exclude<NotesObject, null>, 20, 60, true), 'ok'],
  ['admin', 'delete', note(admin as Exclude<NotesObject, null>, 20, 14 * 60 + 59), 'ok'],
  ['otherAdmin', 'delete', note(otherAdmin as Exclude<NotesObject, null>, 21), `404 ${M.studentNotFound}`],
  ['parent', 'delete', note(parent as Exclude<NotesObject, null>, null as unknown as number), `403 ${M.notAuthor}`],
];

describe('notes policy', () => {
  it.each(table)('%s %s -> %s', (actor, action, object, expected) => {
    expect(verdict(can, ACTORS[actor], action, object)).toBe(expected);
  });
});
