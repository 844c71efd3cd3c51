/**
 * The demo plans: Sam Lee's four-year plan and the STEM baseline plan. The courses are Lincoln's
 * (found by course_id; when the catalogue has not been imported, the few needed are created with
 * the values and prerequisite groups of the high-school catalogue CSV in /work/shared/data).
 */
import type { EntityManager } from 'typeorm';
import { Course, CoursePrerequisite } from '../modules/courses/course.entity.js';
import { ScheduledCourse } from '../modules/plans/scheduled-course.entity.js';

interface CatalogueRow {
  courseId: string;
  title: string;
  description: string;
  units: number;
  prerequisites: string[][];
  tags: string[];
}

/** Rows of high-school-catalog.csv used by the demo plans, and the members of their prerequisite groups. */
const CATALOGUE: CatalogueRow[] = [
  { courseId: '2401', title: 'English 9', description: 'English course for grades 9.', units: 1, prerequisites: [], tags: ['English'] },
  { courseId: '2404', title: 'Accelerated English 9', description: 'English course for grades 9.', units: 1, prerequisites: [], tags: ['Accelerated', 'English'] },
  { courseId: '2501', title: 'English 10', description: 'English course for grades 10.', units: 1, prerequisites: [['2401', '2404']], tags: ['English'] },
  { courseId: '2504', title: 'Accelerated English 10', description: 'English course for grades 10.', units: 1, prerequisites: [['2404']], tags: ['Accelerated', 'English'] },
  { courseId: '2601', title: 'English 11', description: 'English course for grades 11.', units: 1, prerequisites: [['2501', '2504']], tags: ['English'] },
  { courseId: '4301', title: 'Algebra I', description: 'Mathematics course for grades 9.', units: 1, prerequisites: [], tags: ['Mathematics'] },
  { courseId: '4304', title: 'Accelerated Algebra I', description: 'Mathematics course for grades 8,9.', units: 1, prerequisites: [], tags: ['Accelerated', 'Mathematics'] },
  { courseId: '4401', title: 'Geometry', description: 'Mathematics course for grades 9,10,11,12.', units: 1, prerequisites: [['4301', '4304']], tags: ['Mathematics'] },
  { courseId: '4402', title: 'Accelerated Geometry', description: 'Mathematics course for grades 9,10,11,12.', units: 1, prerequisites: [['4304']], tags: ['Accelerated', 'Mathematics'] },
  { courseId: '4506', title: 'Algebra II with Financial Applications', description: 'Mathematics course for grades 10,11,12.', units: 1, prerequisites: [['4401', '4402']], tags: ['Mathematics'] },
  { courseId: '4504', title: 'Accelerated Algebra II', description: 'Mathematics course for grades 10,11,12.', units: 1, prerequisites: [['4401', '4402']], tags: ['Accelerated', 'Mathematics'] },
  { courseId: '7201', title: 'Biology', description: 'Science course for grades 9.', units: 1, prerequisites: [], tags: ['Science'] },
  { courseId: '7101', title: 'Physical Science', description: 'Science course for grades 10.', units: 1, prerequisites: [['7201']], tags: ['Science'] },
  { courseId: '7301', title: 'Chemistry', description: 'C or higher in Physical Science, B or higher in Algebra I', units: 1, prerequisites: [['7101', '4504', '4506']], tags: ['Science'] },
  { courseId: '3101', title: 'Spanish I', description: 'World Languages course for grades 9,10,11,12.', units: 1, prerequisites: [], tags: ['World Languages'] },
  { courseId: '3102', title: 'Spanish II', description: 'C or higher in Spanish I', units: 1, prerequisites: [['3101']], tags: ['World Languages'] },
];

/** Sam Lee (grade 10): term (1-based position) to course ids, in order. */
const SAM_PLAN: Record<string, string[]> = {
  '1': ['2401', '4301', '7201', '3101'],
  '2': ['2501', '4401', '7101', '3102'],
  '3': ['2601', '4506', '7301'],
};

/** The STEM baseline plan. */
const BASELINE_PLAN: Record<string, string[]> = {
  '1': ['2401', '4301', '7201'],
  '2': ['2501', '4401', '7101'],
  '3': ['2601', '4506', '7301'],
};

const tagKey = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_|_$/g, '');

/** Lincoln's demo courses by course_id: found, or created from the catalogue rows with their prerequisite groups. */
async function ensureCourses(m: EntityManager, schoolId: number): Promise<Map<string, Course>> {
  const repo = m.getRepository(Course);
  const existing = await repo.find({ where: CATALOGUE.map((c) => ({ schoolId, courseId: c.courseId })) });
  const byCode = new Map(existing.map((c) => [c.courseId, c]));
  const created: CatalogueRow[] = [];
  for (const row of CATALOGUE) {
    if (byCode.has(row.courseId)) continue;
    const course = await repo.save(repo.create({
      schoolId, courseId: row.courseId, title: row.title, description: row.description, units: row.units,
      tags: Object.fromEntries(row.tags.map((t) => [tagKey(t), t])),
    }));
    byCode.set(row.courseId, course);
    created.push(row);
  }
  // Groups only for the courses made here: an imported catalogue already has its own.
  const prereqs = created.flatMap((row) => row.prerequisites.flatMap((group, groupIndex) =>
    group.filter((code) => byCode.has(code)).map((code) => ({
      courseId: byCode.get(row.courseId)!.id, groupIndex, prerequisiteId: byCode.get(code)!.id,
    }))));
  if (prereqs.length) await m.getRepository(CoursePrerequisite).insert(prereqs);
  return byCode;
}

async function schedule(m: EntityManager, userId: number, plan: Record<string, string[]>, courses: Map<string, Course>): Promise<void> {
  const rows = Object.entries(plan).flatMap(([term, codes]) =>
    codes.filter((c) => courses.has(c)).map((code, position) => ({ userId, courseId: courses.get(code)!.id, term, position })));
  await m.createQueryBuilder().insert().into(ScheduledCourse).values(rows).orIgnore().execute();
}

export async function seedDemoPlan(m: EntityManager, studentId: number, lincolnSchoolId: number, baselineId?: number): Promise<void> {
  const courses = await ensureCourses(m, lincolnSchoolId);
  await schedule(m, studentId, SAM_PLAN, courses);
  if (baselineId !== undefined) await schedule(m, baselineId, BASELINE_PLAN, courses);
}
