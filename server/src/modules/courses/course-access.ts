/**
 * The caller's reach in the catalogue and the course they name: shared by the course, transfer
 * and import services so each asks the one reach rule (modules/schools/reach.ts) the same way.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { notFound, because } from '../../core/errors.js';
import { parseCourseRef } from '../../core/ids.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { acceptedByOwn, type Reach } from '../schools/reach.js';
import { Course } from './course.entity.js';
import { can, COURSE_POLICY_MESSAGES } from './courses.policy.js';

/** The caller's reach, from the request's loader (computed once per request). */
export function callerReach(ctx: RequestContext): Promise<Reach> {
  return ctx.loaders.reach.load(requireCaller(ctx).user.id);
}

/** The reach of a caller who may change the catalogue at all (staff, not read-only). */
export function staffReach(ctx: RequestContext): Promise<Reach> {
  authorize(ctx, can, 'manage', null);
  return callerReach(ctx);
}

/** The course a caller names: its numeric id or its uuid; anything else is a 400 (core/ids.ts). */
export function findCourse(db: DataSource, key: string | number): Promise<Course | null> {
  const ref = parseCourseRef(key);
  return db.getRepository(Course).findOneBy(ref.id !== undefined ? { id: ref.id } : { uuid: ref.uuid });
}

/** A course the caller reaches (404 otherwise). Accepts the numeric id or the uuid. */
export async function readableCourse(ctx: RequestContext, db: DataSource, reach: Reach, key: string | number): Promise<Course> {
  const course = await findCourse(db, key);
  if (!course) throw notFound(because(COURSE_POLICY_MESSAGES.notFound));
  const object = { reach, schoolId: course.schoolId, acceptedByOwn: false };
  // Whether one of the caller's schools accepted it is asked only of a course outside the schools they reach.
  if (!permits(ctx.caller, can, 'read', object)) object.acceptedByOwn = await acceptedByOwn(db.manager, reach, course.id);
  authorize(ctx, can, 'read', object);
  return course;
}
