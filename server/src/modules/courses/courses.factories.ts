/** Test factories of the course catalogue: rows inserted directly through the entities. */
import crypto from 'node:crypto';
import type { DataSource } from 'typeorm';
import { CourseRequirement, Pathway, Requirement } from '../pathways/pathway.entity.js';
import { ScheduledCourse } from '../plans/scheduled-course.entity.js';
import type { School } from '../schools/school.entity.js';
import { Course, CoursePrerequisite, CourseTransfer, SchoolPartnership } from './course.entity.js';

export const uniqueCode = (prefix = 'T') => `${prefix} ${crypto.randomBytes(3).toString('hex').toUpperCase()}`;

export async function buildCourse(db: DataSource, school: School, o: Partial<Course> & { groups?: Course[][] } = {}): Promise<Course> {
  const { groups, ...fields } = o;
  const repo = db.getRepository(Course);
  const course = await repo.save(
    repo.create({
      schoolId: school.id,
      courseId: uniqueCode(),
      title: 'Test Course',
      description: '',
      units: 3,
      subject: '',
      tags: {},
      ...fields,
    }),
  );
  if (groups?.length) {
    await db.getRepository(CoursePrerequisite).insert(groups.flatMap((g, gi) => g.map((p) => ({ courseId: course.id, groupIndex: gi, prerequisiteId: p.id }))));
  }
  return course;
}

export async function partnerSchools(db: DataSource, school: School, partner: School): Promise<void> {
  await db.getRepository(SchoolPartnership).insert({ schoolId: school.id, partnerSchoolId: partner.id });
}

export async function buildRequirement(
  db: DataSource,
  school: School,
  pathwayName = 'STEM',
  name = 'Math',
  color = 'blue',
): Promise<{ pathway: Pathway; requirement: Requirement }> {
  const pathway = await db.getRepository(Pathway).save(db.getRepository(Pathway).create({ schoolId: school.id, name: pathwayName, color }));
  const requirement = await db.getRepository(Requirement).save(db.getRepository(Requirement).create({ pathwayId: pathway.id, name }));
  return { pathway, requirement };
}

export async function addRequirementTo(db: DataSource, pathway: Pathway, name: string): Promise<Requirement> {
  return db.getRepository(Requirement).save(db.getRepository(Requirement).create({ pathwayId: pathway.id, name }));
}

export async function fulfils(db: DataSource, course: Course, requirement: Requirement, nonDuplicableGroup: string | null = null): Promise<void> {
  await db.getRepository(CourseRequirement).insert({ courseId: course.id, requirementId: requirement.id, nonDuplicableGroup });
}

export async function schedule(db: DataSource, userId: number, course: Course, term = '1'): Promise<void> {
  await db.getRepository(ScheduledCourse).insert({ userId, courseId: course.id, term, position: 0 });
}

export async function accept(db: DataSource, course: Course, school: School, adjustedUnits: number): Promise<void> {
  await db.getRepository(CourseTransfer).insert({ courseId: course.id, schoolId: school.id, adjustedUnits });
}
