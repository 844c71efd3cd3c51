/**
 * The demo plans, built from Lincoln's imported catalogue (seed-catalogues.ts runs first): Sam Lee's
 * four-year plan, the "STEM Pathway" baseline plan (baseline@lincoln.example) and a "Health
 * Sciences" baseline plan. Every course comes after its prerequisites, so no plan shows a warning.
 */
import type { EntityManager } from 'typeorm';
import { User, UserType } from '../modules/accounts/user.entity.js';
import { ScheduledCourse } from '../modules/plans/scheduled-course.entity.js';
import { defaultYearLabels, SchoolMembership, type School } from '../modules/schools/school.entity.js';
import { coursesByCode } from './seed-catalogues.js';

/** Course ids per year (9th, 10th, 11th, 12th Grade). */
export const DEMO_PLANS: Record<'sam' | 'stem' | 'health', string[][]> = {
  sam: [
    ['2401', '4301', '7201', '3101'],
    ['2501', '4401', '7101', '3102'],
    ['2601', '4506', '7301'],
  ],
  stem: [
    ['2401', '4301', '7201', '5105', '3101', '6101'],
    ['2501', '4401', '7101', '5606', '3102', '8201'],
    ['2601', '4504', '7301', '5700', '8304'],
    ['2715', '4701', '7400', '8401', '8701'],
  ],
  health: [
    ['2401', '4301', '7201', '3101', '6105', '3066'],
    ['2501', '4401', '7101', '3102', '6101'],
    ['2601', '4506', '7301', '7209', '8304', '14001'],
    ['2715', '7210', '8401', '8701', '9999'],
  ],
};

export const HEALTH_SCIENCES_USERNAME = 'baseline_plan_health_sciences';

/** Replaces a plan's courses with `years` (idempotent: seeding twice gives the same plan). */
async function schedule(m: EntityManager, schoolId: number, userId: number, years: string[][]): Promise<void> {
  const courses = await coursesByCode(m, schoolId, years.flat());
  const rows = years.flatMap((codes, year) => codes.map((code, position) => ({ userId, courseId: courses.get(code)!.id, term: String(year + 1), position })));
  await m.query(`DELETE FROM scheduled_courses WHERE user_id = $1`, [userId]);
  await m.getRepository(ScheduledCourse).insert(rows);
}

export async function seedDemoPlans(m: EntityManager, lincoln: School, student: User, stem: User): Promise<void> {
  await schedule(m, lincoln.id, student.id, DEMO_PLANS.sam);
  await schedule(m, lincoln.id, stem.id, DEMO_PLANS.stem);
  const users = m.getRepository(User);
  const health = await users.save(
    users.create({
      email: HEALTH_SCIENCES_USERNAME,
      passwordHash: '',
      firstName: 'Health Sciences',
      lastName: 'A four-year plan toward nursing and health careers',
      userType: UserType.BaselinePlan,
      schoolId: lincoln.id,
      academicYearLabels: defaultYearLabels(lincoln.schoolType),
    }),
  );
  await m.getRepository(SchoolMembership).insert({ userId: health.id, schoolId: lincoln.id });
  await schedule(m, lincoln.id, health.id, DEMO_PLANS.health);
}
