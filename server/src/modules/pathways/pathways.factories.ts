/**
 * Test factories of the pathways area: rows inserted directly through the entities (the course
 * catalogue and the plan are other areas), with unique names so tests never collide.
 */
import crypto from 'node:crypto';
import { createLoaders } from '../../loaders.js';
import type { DataSource } from 'typeorm';
import type { Config } from '../../config.js';
import type { AdapterContext } from '../../adapters.js';
import type { Services } from '../../services.js';
import type { User } from '../accounts/user.entity.js';
import { Course, CourseTransfer, SchoolPartnership } from '../courses/course.entity.js';
import { ScheduledCourse } from '../plans/scheduled-course.entity.js';
import type { School } from '../schools/school.entity.js';
import { CourseRequirement, Pathway, Requirement } from './pathway.entity.js';

/** What the factories need of the test harness (kept structural: this file is part of the server build). */
interface Harness {
  db: DataSource;
  config: Config;
  services: Services;
}

// 6 bytes: the authorization matrix makes hundreds of courses in one school, and 3 bytes collided now and then.
const suffix = () => crypto.randomBytes(6).toString('hex');

export async function buildCourse(h: Harness, school: School, o: Partial<Course> = {}): Promise<Course> {
  const repo = h.db.getRepository(Course);
  return repo.save(
    repo.create({
      schoolId: school.id,
      courseId: `TEST ${suffix()}`,
      title: `Test Course ${suffix()}`,
      description: '',
      units: 3,
      ...o,
    }),
  );
}

export async function buildPathway(h: Harness, school: School, o: Partial<Pathway> = {}): Promise<Pathway> {
  const repo = h.db.getRepository(Pathway);
  return repo.save(repo.create({ schoolId: school.id, name: `Test Pathway ${suffix()}`, description: '', color: '', ...o }));
}

export async function buildRequirement(h: Harness, pathway: Pathway, o: Partial<Requirement> = {}): Promise<Requirement> {
  const repo = h.db.getRepository(Requirement);
  return repo.save(
    repo.create({
      pathwayId: pathway.id,
      name: `Requirement ${suffix()}`,
      description: '',
      numberOfCourses: 0,
      numberOfUnits: 0,
      ...o,
    }),
  );
}

/** The course counts toward the requirement; rows sharing `group` are non-duplicable. */
export async function attach(h: Harness, course: Course, requirement: Requirement, group: string | null = null): Promise<void> {
  await h.db.getRepository(CourseRequirement).insert({ courseId: course.id, requirementId: requirement.id, nonDuplicableGroup: group });
}

export async function schedule(h: Harness, student: User, course: Course, term = '1'): Promise<ScheduledCourse> {
  const repo = h.db.getRepository(ScheduledCourse);
  return repo.save(repo.create({ userId: student.id, courseId: course.id, term }));
}

export async function transfer(h: Harness, course: Course, acceptingSchool: School, adjustedUnits: number): Promise<void> {
  await h.db.getRepository(CourseTransfer).insert({ courseId: course.id, schoolId: acceptingSchool.id, adjustedUnits });
}

export async function partner(h: Harness, school: School, partnerSchool: School): Promise<void> {
  await h.db.getRepository(SchoolPartnership).insert({ schoolId: school.id, partnerSchoolId: partnerSchool.id });
}

/** An adapter's context, for running GraphQL in-process or calling a service directly (e.g. inside countQueries). */
export async function contextFor(h: Harness, token: string): Promise<AdapterContext> {
  return {
    caller: await h.services.accounts.authenticate(token),
    ip: '127.0.0.1',
    db: h.db,
    config: h.config,
    services: h.services,
    loaders: createLoaders(h.db),
  };
}
