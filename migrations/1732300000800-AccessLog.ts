import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The student-record access log becomes append-only: a trigger refuses UPDATE, DELETE and
 * TRUNCATE, so not even the app's own database user can rewrite history. Rows outlive the people
 * they name (student data deletion appends a 'student_deleted' row and keeps the others), so the
 * foreign keys go; school_id is filled on insert from the student, so staff can filter their
 * school's log even after a student is deleted.
 */
export class AccessLog1732300000800 implements MigrationInterface {
  name = 'AccessLog1732300000800';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE student_record_access DROP CONSTRAINT IF EXISTS student_record_access_actor_user_id_fkey`);
    await q.query(`ALTER TABLE student_record_access DROP CONSTRAINT IF EXISTS student_record_access_student_id_fkey`);
    await q.query(`ALTER TABLE student_record_access ADD COLUMN school_id integer, ADD COLUMN acting_user_id integer`);
    await q.query(`UPDATE student_record_access a SET school_id = u.school_id FROM users u WHERE u.id = a.student_id`);
    await q.query(`CREATE INDEX student_record_access_school ON student_record_access (school_id, id)`);
    await q.query(`
      CREATE FUNCTION student_record_access_fill() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.school_id IS NULL THEN
          SELECT school_id INTO NEW.school_id FROM users WHERE id = NEW.student_id;
        END IF;
        RETURN NEW;
      END $$`);
    await q.query(`
      CREATE FUNCTION student_record_access_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'student_record_access is append-only: % is not allowed', TG_OP;
      END $$`);
    await q.query(`CREATE TRIGGER student_record_access_fill BEFORE INSERT ON student_record_access FOR EACH ROW EXECUTE FUNCTION student_record_access_fill()`);
    await q.query(`CREATE TRIGGER student_record_access_no_change BEFORE UPDATE OR DELETE ON student_record_access FOR EACH ROW EXECUTE FUNCTION student_record_access_append_only()`);
    await q.query(`CREATE TRIGGER student_record_access_no_truncate BEFORE TRUNCATE ON student_record_access FOR EACH STATEMENT EXECUTE FUNCTION student_record_access_append_only()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER IF EXISTS student_record_access_no_truncate ON student_record_access`);
    await q.query(`DROP TRIGGER IF EXISTS student_record_access_no_change ON student_record_access`);
    await q.query(`DROP TRIGGER IF EXISTS student_record_access_fill ON student_record_access`);
    await q.query(`DROP FUNCTION IF EXISTS student_record_access_append_only()`);
    await q.query(`DROP FUNCTION IF EXISTS student_record_access_fill()`);
    await q.query(`ALTER TABLE student_record_access DROP COLUMN school_id, DROP COLUMN acting_user_id`);
  }
}
