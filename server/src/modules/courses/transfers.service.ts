/**
 * Transferability: staff accept a course of another school for one of their own schools (with
 * adjusted units), or remove the acceptance; anyone reading the course may ask whether a school
 * accepted it. An accepted course is reached by every member of the accepting school
 * (modules/schools/reach.ts).
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { toId } from '../../core/ids.js';
import { authorize } from '../../core/policy.js';
import { isUuid, valid, type Checked } from '../../core/validation.js';
import type { Reach } from '../schools/reach.js';
import { School } from '../schools/school.entity.js';
import { callerReach, readableCourse, staffReach } from './course-access.js';
import { COURSE_INPUT_MESSAGES, type TransferInput } from './course-input.js';
import { Course, CourseTransfer } from './course.entity.js';
import { can } from './courses.policy.js';

export const TRANSFER_MESSAGES = {
  ownSchoolTransfer: 'TRANSFER_OWN_SCHOOL',
  notTransferable: 'COURSE_NOT_TRANSFERABLE',
  transferRemoved: 'TRANSFER_REMOVED',
} as const;

export class TransfersService {
  constructor(private readonly db: DataSource) {}

  /** The school a transfer is for: the one named (uuid or id), else the school of record; staff of it only. */
  private async acceptingSchool(ctx: RequestContext, reach: Reach, given: string | number | null): Promise<School> {
    let school: School | null = null;
    if (given === null) school = reach.schoolId === null ? null : await ctx.loaders.schoolById.load(reach.schoolId);
    else {
      const repo = this.db.getRepository(School);
      if (isUuid(given)) school = await repo.findOneBy({ uuid: given });
      else if (toId(given) !== null) school = await repo.findOneBy({ id: toId(given)! });
    }
    if (!school) throw badInput(because('TRANSFER_SCHOOL_REQUIRED'));
    authorize(ctx, can, 'acceptFor', { reach, schoolId: school.id });
    return school;
  }

  /** Whether a school (default: the caller's school of record) accepted a course the caller reads. */
  async isTransferable(ctx: RequestContext, courseKey: string | number, schoolKey: string | null | undefined): Promise<boolean> {
    const reach = await callerReach(ctx);
    const course = await readableCourse(ctx, this.db, reach, courseKey);
    const repo = this.db.getRepository(School);
    const school = isUuid(schoolKey)
      ? await repo.findOneBy({ uuid: schoolKey })
      : schoolKey === undefined || schoolKey === null || schoolKey === ''
        ? reach.schoolId === null
          ? null
          : await ctx.loaders.schoolById.load(reach.schoolId)
        : await repo.findOneBy({ id: parseSchoolId(schoolKey) });
    if (!school) throw notFound(because('SCHOOL_NOT_FOUND'));
    return this.db.getRepository(CourseTransfer).existsBy({ courseId: course.id, schoolId: school.id });
  }

  async accept(ctx: RequestContext, checked: Checked<TransferInput>): Promise<{ course: Course; school: School; adjustedUnits: number }> {
    const reach = await staffReach(ctx);
    const input = valid(checked);
    const course = await readableCourse(ctx, this.db, reach, input.course);
    const school = await this.acceptingSchool(ctx, reach, input.school);
    if (course.schoolId === school.id) throw badInput(because(TRANSFER_MESSAGES.ownSchoolTransfer));
    const units = input.adjustedUnits;
    if (units === null) throw badInput(COURSE_INPUT_MESSAGES.adjustedUnits);
    await this.db.query(
      `INSERT INTO course_transfers (course_id, school_id, adjusted_units, accepted_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (course_id, school_id) DO UPDATE SET adjusted_units = EXCLUDED.adjusted_units, accepted_by = EXCLUDED.accepted_by`,
      [course.id, school.id, units, reach.userId],
    );
    return { course, school, adjustedUnits: units };
  }

  async remove(ctx: RequestContext, checked: Checked<TransferInput>): Promise<Course> {
    const reach = await staffReach(ctx);
    const input = valid(checked);
    const course = await readableCourse(ctx, this.db, reach, input.course);
    const school = await this.acceptingSchool(ctx, reach, input.school);
    const res = await this.db.getRepository(CourseTransfer).delete({ courseId: course.id, schoolId: school.id });
    if (!res.affected) throw notFound(because(TRANSFER_MESSAGES.notTransferable));
    return course;
  }
}

/** A school named by number where its uuid was not given: anything else is a 400. */
function parseSchoolId(v: unknown): number {
  const id = toId(v);
  if (id === null) throw badInput(because('SCHOOL_ID_INVALID'));
  return id;
}
