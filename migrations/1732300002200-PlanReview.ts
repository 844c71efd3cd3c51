import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan review and approval (behind the school flag plan_approval_enabled, off for new schools):
 * - plan_review_events: who submitted, returned (with a comment) or approved a student's plan, and
 *   when; the last event is the plan's review state. Rows are only appended.
 * - plan_approved_versions and plan_approved_entries: each approval keeps the plan as it was (course,
 *   term, grade), so a later change can be shown against the approved version.
 * - users.contact_preference and users.phone: how a parent wants to be told (email, or a text to
 *   their phone).
 */
export class PlanReview1732300002200 implements MigrationInterface {
  name = 'PlanReview1732300002200';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools ADD COLUMN plan_approval_enabled boolean NOT NULL DEFAULT false`);
    await q.query(`ALTER TABLE users ADD COLUMN contact_preference text NOT NULL DEFAULT 'email' CHECK (contact_preference IN ('email', 'sms'))`);
    await q.query(`ALTER TABLE users ADD COLUMN phone text`);
    await q.query(`
      CREATE TABLE plan_approved_versions (
        id serial PRIMARY KEY,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        version integer NOT NULL,
        approved_by integer REFERENCES users(id) ON DELETE SET NULL,
        approved_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (student_id, version)
      )`);
    await q.query(`
      CREATE TABLE plan_approved_entries (
        version_id integer NOT NULL REFERENCES plan_approved_versions(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        term text NOT NULL,
        grade text NOT NULL DEFAULT '',
        PRIMARY KEY (version_id, course_id)
      )`);
    await q.query(`
      CREATE TABLE plan_review_events (
        id serial PRIMARY KEY,
        student_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        action text NOT NULL CHECK (action IN ('submitted', 'returned', 'approved')),
        actor_user_id integer REFERENCES users(id) ON DELETE SET NULL,
        comment text,
        version_id integer REFERENCES plan_approved_versions(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX plan_review_events_student ON plan_review_events (student_id, id DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TABLE plan_review_events`);
    await q.query(`DROP TABLE plan_approved_entries`);
    await q.query(`DROP TABLE plan_approved_versions`);
    await q.query(`ALTER TABLE users DROP COLUMN phone`);
    await q.query(`ALTER TABLE users DROP COLUMN contact_preference`);
    await q.query(`ALTER TABLE schools DROP COLUMN plan_approval_enabled`);
  }
}
