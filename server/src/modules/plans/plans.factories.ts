/** Test factories of the plan area: courses with prerequisite groups and plan entries, inserted through the entities. */
import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { Course, CoursePrerequisite } from '../courses/course.entity.js';
import type { School } from '../schools/school.entity.js';
import { ScheduledCourse } from './scheduled-course.entity.js';

export interface CourseOverrides {
  courseId?: string;
  title?: string;
  description?: string;
  units?: number;
  /** Prerequisite groups as lists of courses: at least one course of each group is needed. */
  prerequisites?: Course[][];
}

export async function buildCourse(db: DataSource, school: School, o: CourseOverrides = {}): Promise<Course> {
  const repo = db.getRepository(Course);
  const code = o.courseId ?? `C${crypto.randomBytes(4).toString('hex').toUpperCase()}`;
  const course = await repo.save(
    repo.create({
      schoolId: school.id,
      courseId: code,
      title: o.title ?? `Course ${code}`,
      description: o.description ?? '',
      units: o.units ?? 1,
    }),
  );
  const rows = (o.prerequisites ?? []).flatMap((group, groupIndex) => group.map((p) => ({ courseId: course.id, groupIndex, prerequisiteId: p.id })));
  if (rows.length) await db.getRepository(CoursePrerequisite).insert(rows);
  return course;
}

/** Puts a course in a user's plan directly (term is the 1-based position as text). */
export async function buildScheduled(
  db: DataSource,
  userId: number,
  course: Course,
  term: string | number,
  o: Partial<Pick<ScheduledCourse, 'position' | 'grade' | 'completed'>> = {},
): Promise<ScheduledCourse> {
  const repo = db.getRepository(ScheduledCourse);
  let position = o.position;
  if (position === undefined) position = await repo.countBy({ userId, term: String(term) });
  return repo.save(repo.create({ userId, courseId: course.id, term: String(term), position, grade: o.grade ?? '', completed: o.completed ?? false }));
}
