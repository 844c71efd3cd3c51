import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What-if plans: up to five named alternative plans of a student beside the official one. They
 * live in their own tables, never in scheduled_courses: every area that reads the official plan
 * (caseload, progress, exports, PDFs, counts) reads scheduled_courses by user_id and so cannot see
 * an alternative, whatever query it runs. An alternative keeps its own term labels.
 */
export class WhatIfPlans1732300002400 implements MigrationInterface {
  name = 'WhatIfPlans1732300002400';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE what_if_plans (
        id serial PRIMARY KEY,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
        academic_year_labels jsonb NOT NULL DEFAULT '[]'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      )`);
    // Names are unique per student ignoring case: "Nursing" and "nursing" would be told apart by no one.
    await q.query(`CREATE UNIQUE INDEX what_if_plans_student_name ON what_if_plans (student_id, lower(name))`);
    // Entry ids come from the official plan's sequence: an entry id names one entry of one plan,
    // so clients caching entries by id never mix an alternative's entry with an official one.
    await q.query(`
      CREATE TABLE what_if_entries (
        id integer PRIMARY KEY DEFAULT nextval('scheduled_courses_id_seq'::regclass),
        plan_id integer NOT NULL REFERENCES what_if_plans(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        term text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        grade text NOT NULL DEFAULT '',
        completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (plan_id, course_id)
      )`);
    await q.query(`CREATE INDEX what_if_entries_plan_term_idx ON what_if_entries (plan_id, term, position)`);
    await q.query(`CREATE INDEX what_if_entries_course_idx ON what_if_entries (course_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE IF EXISTS what_if_entries`);
    await q.query(`DROP TABLE IF EXISTS what_if_plans`);
  }
}
