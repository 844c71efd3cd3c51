import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The planning model shared by the course catalogue, pathways and plan areas: partner schools,
 * courses with prerequisite groups and transferability, pathways with requirements and course
 * fulfilment, and the courses scheduled in a student's (or baseline plan's) terms.
 */
export class Planning1732300000000 implements MigrationInterface {
  name = 'Planning1732300000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE school_partnerships (
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        partner_school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        created_at timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (school_id, partner_school_id),
        CHECK (school_id <> partner_school_id)
      )`);
    await q.query(`CREATE INDEX school_partnerships_partner_idx ON school_partnerships (partner_school_id)`);
    await q.query(`
      CREATE TABLE courses (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        course_id text NOT NULL CHECK (length(btrim(course_id)) > 0),
        title text NOT NULL,
        description text NOT NULL DEFAULT '',
        units numeric(6, 2) NOT NULL DEFAULT 0 CHECK (units >= 0),
        subject text NOT NULL DEFAULT '',
        tags jsonb NOT NULL DEFAULT '{}'::jsonb,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (school_id, course_id)
      )`);
    await q.query(`
      CREATE TABLE course_prerequisites (
        id serial PRIMARY KEY,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        group_index smallint NOT NULL CHECK (group_index >= 0),
        prerequisite_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        UNIQUE (course_id, group_index, prerequisite_id)
      )`);
    await q.query(`CREATE INDEX course_prerequisites_prerequisite_idx ON course_prerequisites (prerequisite_id)`);
    await q.query(`
      CREATE TABLE course_transfers (
        id serial PRIMARY KEY,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        adjusted_units numeric(6, 2) NOT NULL CHECK (adjusted_units >= 0),
        accepted_by integer REFERENCES users(id) ON DELETE SET NULL,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (course_id, school_id)
      )`);
    await q.query(`CREATE INDEX course_transfers_school_idx ON course_transfers (school_id)`);
    await q.query(`
      CREATE TABLE pathways (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        school_id integer NOT NULL REFERENCES schools(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        color text NOT NULL DEFAULT '',
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX pathways_school_idx ON pathways (school_id)`);
    await q.query(`
      CREATE TABLE requirements (
        id serial PRIMARY KEY,
        uuid uuid NOT NULL UNIQUE DEFAULT gen_random_uuid(),
        pathway_id integer NOT NULL REFERENCES pathways(id) ON DELETE CASCADE,
        name text NOT NULL,
        description text NOT NULL DEFAULT '',
        number_of_units numeric(6, 2) NOT NULL DEFAULT 0 CHECK (number_of_units >= 0),
        number_of_courses integer NOT NULL DEFAULT 0 CHECK (number_of_courses >= 0),
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX requirements_pathway_idx ON requirements (pathway_id)`);
    await q.query(`
      CREATE TABLE course_requirements (
        id serial PRIMARY KEY,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        requirement_id integer NOT NULL REFERENCES requirements(id) ON DELETE CASCADE,
        non_duplicable_group uuid,
        UNIQUE (course_id, requirement_id)
      )`);
    await q.query(`CREATE INDEX course_requirements_requirement_idx ON course_requirements (requirement_id)`);
    await q.query(`
      CREATE TABLE scheduled_courses (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        course_id integer NOT NULL REFERENCES courses(id) ON DELETE CASCADE,
        term text NOT NULL,
        position integer NOT NULL DEFAULT 0,
        grade text NOT NULL DEFAULT '',
        completed boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        UNIQUE (user_id, course_id)
      )`);
    await q.query(`CREATE INDEX scheduled_courses_user_term_idx ON scheduled_courses (user_id, term, position)`);
    await q.query(`CREATE INDEX scheduled_courses_course_idx ON scheduled_courses (course_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'scheduled_courses', 'course_requirements', 'requirements', 'pathways', 'course_transfers',
      'course_prerequisites', 'courses', 'school_partnerships',
    ]) {
      await q.query(`DROP TABLE IF EXISTS ${t}`);
    }
  }
}
