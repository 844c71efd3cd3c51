import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What a student tells us at onboarding (spec 3 §3): the parent or guardian (the consent form's
 * text message goes to that phone), demographics for the community-college application, and
 * education goals from the onboarding questions.
 */
export class StudentProfile1732300000050 implements MigrationInterface {
  name = 'StudentProfile1732300000050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        ADD COLUMN guardian_first_name text,
        ADD COLUMN guardian_last_name text,
        ADD COLUMN guardian_phone text,
        ADD COLUMN demographics jsonb,
        ADD COLUMN ed_goals jsonb`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      ALTER TABLE users
        DROP COLUMN guardian_first_name, DROP COLUMN guardian_last_name, DROP COLUMN guardian_phone,
        DROP COLUMN demographics, DROP COLUMN ed_goals`);
  }
}
