import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notes on a student's plan (modules/notes/): plain text written by staff of the student's school,
 * the student and their linked parents; staff may mark a note staff-only. author_role keeps the
 * role the author wrote in (their account may change or go). plan_note_reads holds each staff
 * member's read marker per student: notes after it, not written by them, are unread.
 */
export class PlanNotes1732300002300 implements MigrationInterface {
  name = 'PlanNotes1732300002300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE plan_notes (
        id serial PRIMARY KEY,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        author_id integer REFERENCES users(id) ON DELETE SET NULL,
        author_role text NOT NULL CHECK (author_role IN ('staff', 'student', 'parent')),
        body text NOT NULL CHECK (length(body) BETWEEN 1 AND 2000),
        staff_only boolean NOT NULL DEFAULT false CHECK (NOT staff_only OR author_role = 'staff'),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX plan_notes_student ON plan_notes (student_id, id)`);
    await q.query(`CREATE INDEX plan_notes_author ON plan_notes (author_id)`);
    await q.query(`
      CREATE TABLE plan_note_reads (
        staff_user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        last_read_note_id integer NOT NULL,
        read_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (staff_user_id, student_id)
      )`);
    await q.query(`CREATE INDEX plan_note_reads_student ON plan_note_reads (student_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS plan_note_reads`);
    await q.query(`DROP TABLE IF EXISTS plan_notes`);
  }
}
