import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The class size a school plans its sections at (a school setting, default 30): the course-demand
 * report divides each course's requests by it to say how many sections the master schedule needs.
 */
export class CourseDemandClassSize1732300003300 implements MigrationInterface {
  name = 'CourseDemandClassSize1732300003300';

  async up(q: QueryRunner): Promise<void> {
    await q.query(
      `ALTER TABLE schools ADD COLUMN IF NOT EXISTS course_request_class_size smallint NOT NULL DEFAULT 30
         CONSTRAINT schools_course_request_class_size_check CHECK (course_request_class_size BETWEEN 1 AND 200)`,
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE schools DROP COLUMN IF EXISTS course_request_class_size`);
  }
}
