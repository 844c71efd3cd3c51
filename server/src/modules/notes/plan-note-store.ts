/**
 * The rows of plan notes and staff read markers (migrations/1732300002300-PlanNotes.ts), in plain
 * SQL. Nothing here decides who may see what: the service passes `withStaffOnly` from the policy.
 */
import type { DataSource, EntityManager } from 'typeorm';

/** The role a note's author wrote in (plan_notes.author_role). */
export const NOTE_ROLES = ['staff', 'student', 'parent'] as const;
export type NoteRole = (typeof NOTE_ROLES)[number];

export interface NoteRow {
  id: number;
  studentId: number;
  authorId: number | null;
  /** The author's name now; null when their account is gone. */
  authorName: string | null;
  authorRole: NoteRole;
  body: string;
  staffOnly: boolean;
  createdAt: Date;
  /** Seconds since it was written, by the database's clock (the deletion window is judged on it). */
  ageSeconds: number;
}

type Query = DataSource | EntityManager;

const COLUMNS = `n.id, n.student_id AS "studentId", n.author_id AS "authorId",
  NULLIF(trim(a.first_name || ' ' || a.last_name), '') AS "authorName",
  n.author_role AS "authorRole", n.body, n.staff_only AS "staffOnly", n.created_at AS "createdAt",
  extract(epoch FROM now() - n.created_at)::float8 AS "ageSeconds"`;

/** A student's thread, oldest first; staff-only notes only when asked (staff). */
export function listNotes(q: Query, studentId: number, withStaffOnly: boolean): Promise<NoteRow[]> {
  return q.query(
    `SELECT ${COLUMNS} FROM plan_notes n LEFT JOIN users a ON a.id = n.author_id
      WHERE n.student_id = $1 AND ($2 OR NOT n.staff_only) ORDER BY n.id`,
    [studentId, withStaffOnly],
  );
}

export async function findNote(q: Query, id: number): Promise<NoteRow | null> {
  const [row] = await q.query(`SELECT ${COLUMNS} FROM plan_notes n LEFT JOIN users a ON a.id = n.author_id WHERE n.id = $1`, [id]);
  return row ?? null;
}

export async function insertNote(q: Query, n: { studentId: number; authorId: number; authorRole: NoteRole; body: string; staffOnly: boolean }): Promise<NoteRow> {
  const [{ id }] = await q.query(`INSERT INTO plan_notes (student_id, author_id, author_role, body, staff_only) VALUES ($1, $2, $3, $4, $5) RETURNING id`, [
    n.studentId,
    n.authorId,
    n.authorRole,
    n.body,
    n.staffOnly,
  ]);
  return (await findNote(q, id))!;
}

/** Deletes the note if it is still within `windowSeconds` of being written; whether it did. */
export async function deleteNoteWithin(q: Query, id: number, authorId: number, windowSeconds: number): Promise<boolean> {
  const rows = await q.query(`DELETE FROM plan_notes WHERE id = $1 AND author_id = $2 AND created_at > now() - make_interval(secs => $3) RETURNING id`, [
    id,
    authorId,
    windowSeconds,
  ]);
  return rows.length > 0;
}

/** Moves the staff member's read marker of the student's thread up to `noteId` (never back). */
export async function markRead(q: Query, staffUserId: number, studentId: number, noteId: number): Promise<void> {
  await q.query(
    `INSERT INTO plan_note_reads (staff_user_id, student_id, last_read_note_id) VALUES ($1, $2, $3)
     ON CONFLICT (staff_user_id, student_id)
     DO UPDATE SET last_read_note_id = GREATEST(plan_note_reads.last_read_note_id, EXCLUDED.last_read_note_id), read_at = now()`,
    [staffUserId, studentId, noteId],
  );
}

/**
 * The unread rule as SQL: per student, the notes after the staff member's (`staff`, a parameter)
 * read marker of that student, not written by them; staff-only notes count (staff read them).
 * `students` restricts n.student_id (e.g. `= ANY($2::int[])`). Gives (student_id, unread); students
 * without any are absent. The caseload sorts and filters on it (caseload/caseload-page.ts).
 */
export function unreadNotesSql(staff: string, students: string): string {
  return `SELECT n.student_id, count(*)::int AS unread
       FROM plan_notes n
       LEFT JOIN plan_note_reads r ON r.staff_user_id = ${staff} AND r.student_id = n.student_id
      WHERE n.student_id ${students} AND n.author_id IS DISTINCT FROM ${staff} AND n.id > COALESCE(r.last_read_note_id, 0)
      GROUP BY n.student_id`;
}

/** Unread notes per student for one staff member (unreadNotesSql), in ONE statement whatever the number of students. */
export async function unreadNoteCounts(q: Query, staffUserId: number, studentIds: readonly number[]): Promise<Map<number, number>> {
  if (!studentIds.length) return new Map();
  const rows: { student_id: number; unread: number }[] = await q.query(unreadNotesSql('$1::int', '= ANY($2::int[])'), [staffUserId, [...studentIds]]);
  return new Map(rows.map((r) => [r.student_id, r.unread]));
}
