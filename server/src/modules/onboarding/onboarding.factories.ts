/**
 * Test factories of the onboarding and baseline-plan areas: courses with prerequisite groups,
 * pathways with requirements, baseline plans and scheduled courses, inserted directly through the
 * entities; and a GraphQL call run in-process so its SQL statements can be counted.
 */
import crypto from 'node:crypto';
import { graphql, type ExecutionResult } from 'graphql';
import { createLoaders } from '../../loaders.js';
import { countQueries } from '../../db/query-counter.js';
import { buildAppSchema } from '../../graphql/schema.js';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { AdapterContext } from '../../adapters.js';
import type { Services } from '../../services.js';
import { User, UserType } from '../accounts/user.entity.js';
import { Course, CoursePrerequisite } from '../courses/course.entity.js';
import { CourseRequirement, Pathway, Requirement } from '../pathways/pathway.entity.js';
import { ScheduledCourse } from '../plans/scheduled-course.entity.js';
import { defaultYearLabels, SchoolMembership, type School } from '../schools/school.entity.js';

export interface CourseSpec {
  courseId?: string;
  title?: string;
  units?: number;
  /** Prerequisite groups: the course needs one course of each group. */
  prerequisites?: Course[][];
}

/** What the factories need of the test harness (typed structurally: the production build leaves src/test out). */
export interface FactoryHarness {
  db: DataSource;
  config: Config;
  services: Services;
}

export function onboardingFactories(h: FactoryHarness) {
  const f = {
    async buildCourse(school: School, o: CourseSpec = {}): Promise<Course> {
      const repo = h.db.getRepository(Course);
      const code = o.courseId ?? `C${crypto.randomBytes(3).toString('hex').toUpperCase()}`;
      const course = await repo.save(
        repo.create({
          schoolId: school.id,
          courseId: code,
          title: o.title ?? `Course ${code}`,
          units: o.units ?? 1,
        }),
      );
      const rows = (o.prerequisites ?? []).flatMap((group, groupIndex) => group.map((p) => ({ courseId: course.id, groupIndex, prerequisiteId: p.id })));
      if (rows.length) await h.db.getRepository(CoursePrerequisite).insert(rows);
      return course;
    },

    async buildPathway(
      school: School,
      name: string,
      requirements: { name?: string; numberOfCourses?: number; numberOfUnits?: number; courses: Course[] }[],
    ): Promise<Pathway> {
      const pathway = await h.db.getRepository(Pathway).save(h.db.getRepository(Pathway).create({ schoolId: school.id, name }));
      for (const [i, r] of requirements.entries()) {
        const req = await h.db.getRepository(Requirement).save(
          h.db.getRepository(Requirement).create({
            pathwayId: pathway.id,
            name: r.name ?? `Requirement ${i + 1}`,
            numberOfCourses: r.numberOfCourses ?? 0,
            numberOfUnits: r.numberOfUnits ?? 0,
          }),
        );
        if (r.courses.length) {
          await h.db.getRepository(CourseRequirement).insert(r.courses.map((c) => ({ courseId: c.id, requirementId: req.id })));
        }
      }
      return pathway;
    },

    /** Puts courses into a user's plan: term is the 1-based term number. */
    async schedule(user: User, entries: { course: Course; term: number }[]): Promise<void> {
      if (!entries.length) return;
      await h.db.getRepository(ScheduledCourse).insert(
        entries.map((e, i) => ({
          userId: user.id,
          courseId: e.course.id,
          term: String(e.term),
          position: i,
        })),
      );
    },

    async buildBaselinePlan(
      school: School,
      o: { title?: string; description?: string; courses?: { course: Course; term: number }[]; labels?: string[] } = {},
    ): Promise<User> {
      const repo = h.db.getRepository(User);
      const plan = await repo.save(
        repo.create({
          email: `baseline_plan_${Date.now()}_${crypto.randomBytes(3).toString('hex')}`,
          passwordHash: '',
          firstName: o.title ?? 'Test Plan',
          lastName: o.description ?? 'A test baseline plan',
          userType: UserType.BaselinePlan,
          schoolId: school.id,
          academicYearLabels: o.labels ?? defaultYearLabels(school.schoolType),
        }),
      );
      await h.db.getRepository(SchoolMembership).insert({ userId: plan.id, schoolId: school.id });
      await f.schedule(plan, o.courses ?? []);
      return plan;
    },

    /** The user's plan as rows of (course code, term, position), in plan order. */
    async planOf(user: User | number): Promise<{ code: string; term: string; position: number }[]> {
      return h.db.query(
        `SELECT c.course_id AS code, sc.term, sc.position FROM scheduled_courses sc JOIN courses c ON c.id = sc.course_id
          WHERE sc.user_id = $1 ORDER BY sc.term::int, sc.position, sc.id`,
        [typeof user === 'number' ? user : user.id],
      );
    },

    /** Runs a GraphQL operation in-process as the token's user and counts its SQL statements. */
    async countedGql(query: string, token: string, variables: Record<string, unknown> = {}): Promise<{ result: ExecutionResult; statements: string[] }> {
      const caller = await h.services.accounts.authenticate(token);
      const ctx: AdapterContext = {
        caller,
        ip: '127.0.0.1',
        db: h.db,
        config: h.config,
        services: h.services,
        loaders: createLoaders(h.db),
      };
      const schema = await buildAppSchema();
      return countQueries(() => Promise.resolve(graphql({ schema, source: query, contextValue: ctx, variableValues: variables })));
    },
  };
  return f;
}
