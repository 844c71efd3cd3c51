import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A school's own course-request export columns (a school setting): a list of { field, header } in
 * the order its SIS import reads them, checked by the server as the export's `columns` parameter
 * is; null when the school has saved none.
 */
export class CourseRequestColumns1732300003500 implements MigrationInterface {
  name = 'CourseRequestColumns1732300003500';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE schools ADD COLUMN IF NOT EXISTS course_request_columns jsonb
         CONSTRAINT schools_course_request_columns_check CHECK (course_request_columns IS NULL OR jsonb_typeof(course_request_columns) = 'array')`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools DROP COLUMN IF EXISTS course_request_columns`);
  }
}
