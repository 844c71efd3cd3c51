/**
 * Who may read and write the notes on a student's plan.
 *
 * The person acting is the one behind the token: on a view-as token, the staff member or parent
 * viewing (so a counselor's note written from their view of the student's plan is theirs, and a
 * parent's read-only view token reads as the parent and never writes). Readers and writers:
 * - the student, on their own plan;
 * - staff of the student's school (school of record and memberships, as the caseload);
 * - parents linked to the student.
 * Anyone else is told "not found" (a student's existence must not leak); baseline-plan records and
 * other account types are refused outright.
 *
 * Staff-only notes: only staff write and read them; for anyone else they do not exist (the service
 * leaves them out of every answer, and a staff-only note's id answers "not found").
 * Deleting: only the author, within 15 minutes of writing.
 */
import { ALLOW, both, type Can, deny, hide, onlyTypes, writable, type Actor } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { because } from '../../core/errors.js';

export const NOTE_DELETE_WINDOW_MINUTES = 15;

export const NOTES_POLICY_MESSAGES = {
  notAllowed: 'NOTES_NOT_ALLOWED',
  studentNotFound: 'STUDENT_NOT_FOUND',
  noteNotFound: 'NOTE_NOT_FOUND',
  staffOnly: 'NOTE_STAFF_ONLY_BY_STAFF',
  notAuthor: 'NOTE_NOT_AUTHOR',
  tooLate: because('NOTE_DELETE_TOO_LATE', { minutes: NOTE_DELETE_WINDOW_MINUTES }),
} as const;

const M = NOTES_POLICY_MESSAGES;

/** The person acting (the account behind a view-as token, else the caller). */
export interface NotePerson {
  id: number;
  type: UserType;
}

/**
 * read, write: the thread of `student`; markStaffOnly: write a staff-only note; readStaffOnly:
 * see staff-only notes (a yes/no, never a refusal people see); delete: `note` of that thread.
 */
export type NotesAction = 'read' | 'write' | 'markStaffOnly' | 'readStaffOnly' | 'delete';

export type NotesObject = null | {
  person: NotePerson;
  student: { id: number; schoolId: number | null };
  /** Staff: the schools they reach (their own); others: []. */
  ownSchoolIds: number[];
  /** Parent: linked to the student. */
  linked: boolean;
  note?: { authorId: number | null; staffOnly: boolean; ageSeconds: number };
};

const NOTE_TYPES = [UserType.Student, UserType.Staff, UserType.Parent];

/** The person acting, for a token without loaded facts: the caller (view-as tokens name the acting person in the object). */
const personOf = (actor: Actor, object: NotesObject): NotePerson => object?.person ?? { id: actor.userId, type: actor.type };

function reaches(o: Exclude<NotesObject, null>): boolean {
  switch (o.person.type) {
    case UserType.Student:
      return o.student.id === o.person.id;
    case UserType.Staff:
      return o.student.schoolId !== null && o.ownSchoolIds.includes(o.student.schoolId);
    case UserType.Parent:
      return o.linked;
    default:
      return false;
  }
}

export const can: Can<NotesAction, NotesObject> = (actor, action, object) => {
  const person = personOf(actor, object);
  const gate = () => onlyTypes({ ...actor, type: person.type }, NOTE_TYPES, because(M.notAllowed));
  const thread = () => (!object || reaches(object) ? ALLOW : hide(because(M.studentNotFound)));
  const seesStaffOnly = person.type === UserType.Staff;
  switch (action) {
    case 'read':
      return both(gate(), thread);
    case 'readStaffOnly':
      return both(both(gate(), thread), () => (seesStaffOnly ? ALLOW : deny(because(M.staffOnly))));
    case 'write':
      return both(writable(actor), () => both(gate(), thread));
    case 'markStaffOnly':
      return both(writable(actor), () => both(both(gate(), thread), () => (seesStaffOnly ? ALLOW : deny(because(M.staffOnly)))));
    case 'delete':
      return both(writable(actor), () =>
        both(both(gate(), thread), () => {
          const note = object?.note;
          if (!note || (note.staffOnly && !seesStaffOnly)) return hide(because(M.noteNotFound));
          if (note.authorId !== person.id) return deny(because(M.notAuthor));
          return note.ageSeconds < NOTE_DELETE_WINDOW_MINUTES * 60 ? ALLOW : deny(M.tooLate);
        }),
      );
  }
};
