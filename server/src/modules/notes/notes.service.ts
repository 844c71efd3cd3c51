/**
 * Notes on a student's plan: a thread the student, their linked parents and staff of their school
 * write in (notes.policy.ts says who). Staff may mark a note staff-only: it is left out of every
 * answer to anyone else, in SQL, so neither its text nor its existence nor a count reaches them.
 *
 * Read markers: each staff member has one per student (plan_note_reads); reading the thread moves
 * it to the newest note, and the caseload shows the notes after it not written by them
 * (unreadNoteCounts in plan-note-store.ts, one statement for every row of a page).
 *
 * Access log (decision): every read of a thread by staff or a parent (their own token or a view-as
 * token) appends one 'plan_notes_view' row; the student reading their own notes is not logged.
 */
import type { DataSource } from 'typeorm';
import type { Caller, RequestContext } from '../../context.js';
import { notFound, because } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { recordAccess } from '../access-log/record-access.js';
import { UserType } from '../accounts/user.entity.js';
import { ownSchoolIds } from '../schools/reach.js';
import type { AddNoteInput } from './notes-input.js';
import { can, NOTE_DELETE_WINDOW_MINUTES, NOTES_POLICY_MESSAGES, type NotePerson, type NotesObject } from './notes.policy.js';
import { deleteNoteWithin, findNote, insertNote, listNotes, markRead, type NoteRole, type NoteRow } from './plan-note-store.js';

export { unreadNoteCounts } from './plan-note-store.js';

export interface NoteView {
  id: number;
  body: string;
  authorName: string | null;
  authorRole: NoteRole;
  createdAt: Date;
  staffOnly: boolean;
  /** The reader wrote it, may write, and it is still within the deletion window. */
  canDelete: boolean;
}

export interface NoteThread {
  studentId: number;
  notes: NoteView[];
  canWrite: boolean;
  canMarkStaffOnly: boolean;
}

const ROLE: Partial<Record<UserType, NoteRole>> = { [UserType.Staff]: 'staff', [UserType.Student]: 'student', [UserType.Parent]: 'parent' };
const WINDOW_SECONDS = NOTE_DELETE_WINDOW_MINUTES * 60;

export class NotesService {
  constructor(private readonly db: DataSource) {}

  /** The person behind the token: on a view-as token the staff member or parent viewing, else the caller. */
  private async person(caller: Caller): Promise<NotePerson> {
    if (caller.actingUserId === null) return { id: caller.user.id, type: caller.user.userType };
    const [row]: { id: number; user_type: UserType }[] = await this.db.query(`SELECT id, user_type FROM users WHERE id = $1`, [caller.actingUserId]);
    if (!row) throw notFound(because(NOTES_POLICY_MESSAGES.studentNotFound));
    return { id: row.id, type: row.user_type };
  }

  /**
   * The facts the policy decides on for the thread of `studentId` (null: the caller's own plan, or
   * the student of a view-as token). An unknown student and one out of reach answer alike (404).
   */
  private async facts(caller: Caller, studentId: number | null): Promise<Exclude<NotesObject, null>> {
    const person = await this.person(caller);
    const viewAs = caller.actingUserId !== null;
    // A view-as token is about its student only; otherwise no id means the caller's own plan.
    const id = viewAs || studentId === null ? (studentId === null || studentId === caller.user.id ? caller.user.id : null) : studentId;
    const [row]: { id: number; school_id: number | null }[] =
      id === null ? [] : await this.db.query(`SELECT id, school_id FROM users WHERE id = $1 AND user_type = $2 AND deactivated_at IS NULL`, [id, UserType.Student]);
    if (!row) throw notFound(because(NOTES_POLICY_MESSAGES.studentNotFound));
    const student = { id: row.id, schoolId: row.school_id };
    const ownIds = person.type === UserType.Staff ? await ownSchoolIds(this.db.manager, { id: person.id, schoolId: await this.schoolOf(person.id) }) : [];
    const linked =
      person.type === UserType.Parent &&
      (await this.db.query(`SELECT 1 FROM parent_student_links WHERE parent_id = $1 AND student_id = $2`, [person.id, student.id])).length > 0;
    return { person, student, ownSchoolIds: ownIds, linked };
  }

  private async schoolOf(userId: number): Promise<number | null> {
    const [row]: { school_id: number | null }[] = await this.db.query(`SELECT school_id FROM users WHERE id = $1`, [userId]);
    return row?.school_id ?? null;
  }

  private view(caller: Caller, person: NotePerson, n: NoteRow): NoteView {
    return {
      id: n.id,
      body: n.body,
      authorName: n.authorName,
      authorRole: n.authorRole,
      createdAt: new Date(n.createdAt),
      staffOnly: n.staffOnly,
      canDelete: !caller.readOnly && n.authorId === person.id && n.ageSeconds < WINDOW_SECONDS,
    };
  }

  /** The thread, oldest first; staff see staff-only notes and their read marker moves to its end. */
  async thread(ctx: RequestContext, ref: Checked<number | null>): Promise<NoteThread> {
    authorize(ctx, can, 'read', null);
    const caller = requireCaller(ctx);
    const object = await this.facts(caller, valid(ref));
    authorize(ctx, can, 'read', object);
    const staffView = permits(caller, can, 'readStaffOnly', object);
    const rows = await listNotes(this.db, object.student.id, staffView);
    if (object.person.type === UserType.Staff || object.person.type === UserType.Parent) {
      await recordAccess(this.db, caller, {
        studentId: object.student.id,
        schoolId: object.student.schoolId,
        action: 'plan_notes_view',
        reason: object.person.type === UserType.Staff ? 'plan notes read by staff' : 'plan notes read by a linked parent',
      });
    }
    if (object.person.type === UserType.Staff && rows.length) await markRead(this.db, object.person.id, object.student.id, rows[rows.length - 1].id);
    return {
      studentId: object.student.id,
      notes: rows.map((n) => this.view(caller, object.person, n)),
      canWrite: permits(caller, can, 'write', object),
      canMarkStaffOnly: permits(caller, can, 'markStaffOnly', object),
    };
  }

  /** Writes a note; staff-only only by staff. Staff's own notes never count as unread for them. */
  async add(ctx: RequestContext, checked: Checked<AddNoteInput>): Promise<NoteView> {
    authorize(ctx, can, 'write', null);
    const caller = requireCaller(ctx);
    const input = valid(checked);
    const object = await this.facts(caller, input.studentId);
    authorize(ctx, can, input.staffOnly ? 'markStaffOnly' : 'write', object);
    const role = ROLE[object.person.type]!;
    const row = await insertNote(this.db, { studentId: object.student.id, authorId: object.person.id, authorRole: role, body: input.body, staffOnly: input.staffOnly });
    return this.view(caller, object.person, row);
  }

  /** Deletes a note: its author, within 15 minutes; anyone else a 403, a note they cannot see a 404. */
  async remove(ctx: RequestContext, rawId: unknown): Promise<number> {
    authorize(ctx, can, 'write', null);
    const caller = requireCaller(ctx);
    const id = parseId(rawId, 'note');
    const note = await findNote(this.db, id);
    if (!note) throw notFound(because(NOTES_POLICY_MESSAGES.noteNotFound));
    const object = await this.facts(caller, caller.actingUserId !== null ? null : note.studentId);
    // A note of a thread out of reach (or, on a view-as token, of another student) does not exist for the caller.
    if (object.student.id !== note.studentId || !permits(caller, can, 'read', object)) throw notFound(because(NOTES_POLICY_MESSAGES.noteNotFound));
    authorize(ctx, can, 'delete', { ...object, note: { authorId: note.authorId, staffOnly: note.staffOnly, ageSeconds: note.ageSeconds } });
    // The window is judged again by the statement itself, so a note cannot slip past it in between.
    if (!(await deleteNoteWithin(this.db, id, object.person.id, WINDOW_SECONDS))) {
      authorize(ctx, can, 'delete', { ...object, note: { authorId: note.authorId, staffOnly: note.staffOnly, ageSeconds: WINDOW_SECONDS } });
    }
    return id;
  }
}
