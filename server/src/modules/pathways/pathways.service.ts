/**
 * Pathways, their requirements, course fulfilment and requirement progress. Every rule and
 * permission of the area lives here; the REST routes and the GraphQL resolver only translate.
 *
 * Decisions where the spec says "not shown":
 * - Reach: a user sees the pathways of the schools they reach (modules/schools/reach.ts: their
 *   schools and those schools' partners, school_partnerships read both ways), so a Lincoln student
 *   also sees Valley College's transfer pathways. Pathways of any other school answer 403; an
 *   unknown uuid 404. A course is reached by the same rule as everywhere else.
 * - Editing (pathways, requirements, fulfilment): staff (user_type 2) of the pathway's school;
 *   with hs_full_access_enabled on their school, staff may also edit the pathways of the partner
 *   schools they see — never of an unrelated school. Students, parents and view-as tokens: 403.
 * - POST /api/pathways/{id}/ may carry `requirements` (the progress page sends them back): they
 *   are ignored; requirements change only through their own calls.
 * - Adding a fulfilment with non_duplicables puts the requirement and those requirements into one
 *   new non-duplicable group for that course (a requirement already in another group of the
 *   course moves to the new one); without non_duplicables an existing row keeps its group. A group
 *   left with one member is dissolved.
 * - The colour filter of the My Pathways list: empty or absent means every colour.
 * - Eligible courses of a requirement: every course attached to it, the caller's scheduled ones
 *   first, then by course_id; the caller is the student (or the student being viewed as).
 */
import crypto from 'node:crypto';
import { In, type DataSource, type EntityManager } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { replicaRead } from '../../db/replica-reads.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { authorize, permits, requireCaller, requireWriter } from '../../core/policy.js';
import { can, PATHWAY_POLICY_MESSAGES, type PathwayAction, visibleSchoolIds } from './pathways.policy.js';
import { acceptedByOwn, type Reach } from '../schools/reach.js';
import { valid, type Checked } from '../../core/validation.js';
import { parseCourseRef, parseUuid } from '../../core/ids.js';
import { Course } from '../courses/course.entity.js';
import { CourseRequirement, Pathway, PATHWAY_COLORS, Requirement } from './pathway.entity.js';
import {
  PATHWAY_INPUT_MESSAGES,
  type FulfillmentAdd,
  type FulfillmentRemove,
  type PathwayFields,
  type RequirementCreate,
  type RequirementFields,
} from './pathway-input.js';
import { ProgressService, type RequirementProgressRow } from './progress.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';

export const PATHWAY_MESSAGES = {
  ...PATHWAY_INPUT_MESSAGES,
  pathwayNotFound: 'PATHWAY_NOT_FOUND',
  requirementNotFound: 'REQUIREMENT_NOT_FOUND',
  courseNotFound: 'COURSE_NOT_FOUND',
  noSchool: 'PATHWAY_NO_SCHOOL',
  ...PATHWAY_POLICY_MESSAGES,
  fulfillmentNotFound: 'FULFILLMENT_NOT_FOUND',
  pageSize: because('PAGE_SIZE_RANGE', { max: 500 }),
} as const;

export const MAX_PAGE = 500;

export interface Page<T> {
  nodes: T[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface PageArgs {
  first?: number | null;
  after?: string | null;
}

export interface EligibleCourse {
  course: Course;
  isScheduled: boolean;
}

/** A requirement a course fulfils, with its pathway and its non-duplicable group (null: none). */
export interface Fulfillment {
  requirement: Requirement;
  pathway: Pathway;
  group: string | null;
}

function checkColor(c: string): string {
  const color = c.toLowerCase();
  if (!(PATHWAY_COLORS as readonly string[]).includes(color)) throw badInput(because(PATHWAY_MESSAGES.colorInvalid));
  return color;
}

function pageSize(first: number | null | undefined, fallback: number): number {
  const n = first ?? fallback;
  if (!Number.isInteger(n) || n < 1 || n > MAX_PAGE) throw badInput(PATHWAY_MESSAGES.pageSize);
  return n;
}

export class PathwaysService {
  readonly progressEngine: ProgressService;

  constructor(private readonly db: DataSource) {
    this.progressEngine = new ProgressService(db);
  }

  // ---- reach and permissions ---------------------------------------------------------------

  /** The caller's reach (modules/schools/reach.ts), from the request's loader: computed once per request. */
  reach(ctx: RequestContext): Promise<Reach> {
    return ctx.loaders.reach.load(requireCaller(ctx).user.id);
  }

  /** Whether the caller gets Edit Pathway / Add Requirement / requirement edit buttons. */
  async canEdit(ctx: RequestContext, pathway: Pathway): Promise<boolean> {
    if (!ctx.caller) return false;
    return permits(ctx.caller, can, 'edit', { schoolId: pathway.schoolId, reach: await this.reach(ctx) });
  }

  /** Refuses unless `action` is allowed on an object of `schoolId` (the caller's reach loaded first). */
  private async assertCan(ctx: RequestContext, action: PathwayAction, schoolId: number): Promise<void> {
    authorize(ctx, can, action, { schoolId, reach: await this.reach(ctx) });
  }

  private async pathwayByUuid(uuid: unknown, m: EntityManager = this.db.manager): Promise<Pathway> {
    const p = await m.getRepository(Pathway).findOneBy({ uuid: parseUuid(uuid, 'pathway') });
    if (!p) throw notFound(because(PATHWAY_MESSAGES.pathwayNotFound));
    return p;
  }

  private async requirementByUuid(uuid: unknown): Promise<{ requirement: Requirement; pathway: Pathway }> {
    const requirement = await this.db.getRepository(Requirement).findOneBy({ uuid: parseUuid(uuid, 'requirement') });
    if (!requirement) throw notFound(because(PATHWAY_MESSAGES.requirementNotFound));
    const pathway = await this.db.getRepository(Pathway).findOneByOrFail({ id: requirement.pathwayId });
    return { requirement, pathway };
  }

  // ---- pathways ------------------------------------------------------------------------------

  /** Pathways of the schools the caller sees, by name; optionally of one colour; paged. */
  async list(ctx: RequestContext, q: { color?: string | null } & PageArgs, defaultPage = 100): Promise<Page<Pathway>> {
    const reach = await this.reach(ctx);
    const first = pageSize(q.first, defaultPage);
    const offset = decodeCursor(q.after);
    const color = q.color ? checkColor(q.color.trim()) : undefined;
    if (!visibleSchoolIds(reach).length) return { nodes: [], totalCount: 0, endCursor: null, hasNextPage: false };
    const { totalCount, nodes } = await replicaRead(ctx, 'pathwayList', async (m) => {
      const qb = m
        .getRepository(Pathway)
        .createQueryBuilder('p')
        .where('p.school_id IN (:...ids)', { ids: visibleSchoolIds(reach) });
      if (color) qb.andWhere('p.color = :color', { color });
      const totalCount = await qb.getCount();
      const nodes = await qb.orderBy('lower(p.name) COLLATE "C"', 'ASC').addOrderBy('p.uuid', 'ASC').offset(offset).limit(first).getMany();
      return { totalCount, nodes };
    });
    const next = offset + nodes.length;
    return { nodes, totalCount, endCursor: nodes.length ? encodeCursor(next) : null, hasNextPage: next < totalCount };
  }

  async get(ctx: RequestContext, uuid: string): Promise<Pathway> {
    requireCaller(ctx);
    const pathway = await this.pathwayByUuid(uuid);
    await this.assertCan(ctx, 'view', pathway.schoolId);
    return pathway;
  }

  /** Requirements of one pathway by name (batched per request). */
  requirementsOf(ctx: RequestContext, pathway: Pathway): Promise<Requirement[]> {
    return ctx.loaders.requirementsByPathwayId.load(pathway.id);
  }

  async create(ctx: RequestContext, checked: Checked<PathwayFields>): Promise<Pathway> {
    const caller = authorize(ctx, can, 'create', null);
    if (caller.user.schoolId === null) throw badInput(because(PATHWAY_MESSAGES.noSchool));
    const input = valid(checked);
    const repo = this.db.getRepository(Pathway);
    return repo.save(
      repo.create({
        schoolId: caller.user.schoolId,
        name: input.name ?? '',
        description: input.description ?? '',
        color: input.color ?? '',
      }),
    );
  }

  /** Changes the fields given (name, description, color). */
  async update(ctx: RequestContext, uuid: string, checked: Checked<PathwayFields>): Promise<Pathway> {
    requireWriter(ctx);
    const pathway = await this.pathwayByUuid(uuid);
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    const input = valid(checked);
    if (input.name !== undefined) pathway.name = input.name;
    if (input.description !== undefined) pathway.description = input.description;
    if (input.color !== undefined) pathway.color = input.color;
    return this.db.getRepository(Pathway).save(pathway);
  }

  /** Deletes the pathway with its requirements and their fulfilment rows (ON DELETE CASCADE). */
  async delete(ctx: RequestContext, uuid: string): Promise<void> {
    requireWriter(ctx);
    const pathway = await this.pathwayByUuid(uuid);
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    await this.db.transaction(async (m) => {
      const groups: { g: string }[] = await m.query(
        `SELECT DISTINCT cr.non_duplicable_group AS g FROM course_requirements cr JOIN requirements r ON r.id = cr.requirement_id
          WHERE r.pathway_id = $1 AND cr.non_duplicable_group IS NOT NULL`,
        [pathway.id],
      );
      await m.getRepository(Pathway).delete({ id: pathway.id });
      await dissolveSingletons(
        m,
        groups.map((x) => x.g),
      );
    });
  }

  // ---- requirements --------------------------------------------------------------------------

  async addRequirement(ctx: RequestContext, input: RequirementCreate): Promise<Requirement> {
    requireWriter(ctx);
    const pathway = await this.pathwayByUuid(valid(input.pathway));
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    const fields = valid(input.fields);
    const repo = this.db.getRepository(Requirement);
    return repo.save(
      repo.create({
        pathwayId: pathway.id,
        name: fields.name ?? '',
        description: fields.description ?? '',
        numberOfUnits: fields.numberOfUnits ?? 0,
        numberOfCourses: fields.numberOfCourses ?? 0,
        minimumGrade: fields.minimumGrade ?? null,
      }),
    );
  }

  /** Changes the fields given (name, description, number of units, number of courses). */
  async updateRequirement(ctx: RequestContext, uuid: string, checked: Checked<RequirementFields>): Promise<Requirement> {
    requireWriter(ctx);
    const { requirement, pathway } = await this.requirementByUuid(uuid);
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    const input = valid(checked);
    if (input.name !== undefined) requirement.name = input.name;
    if (input.description !== undefined) requirement.description = input.description;
    if (input.numberOfUnits !== undefined) requirement.numberOfUnits = input.numberOfUnits;
    if (input.numberOfCourses !== undefined) requirement.numberOfCourses = input.numberOfCourses;
    if (input.minimumGrade !== undefined) requirement.minimumGrade = input.minimumGrade;
    return this.db.getRepository(Requirement).save(requirement);
  }

  async deleteRequirement(ctx: RequestContext, uuid: string): Promise<void> {
    requireWriter(ctx);
    const { requirement, pathway } = await this.requirementByUuid(uuid);
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    await this.db.transaction(async (m) => {
      const groups: { g: string }[] = await m.query(
        `SELECT DISTINCT non_duplicable_group AS g FROM course_requirements WHERE requirement_id = $1 AND non_duplicable_group IS NOT NULL`,
        [requirement.id],
      );
      await m.getRepository(Requirement).delete({ id: requirement.id });
      await dissolveSingletons(
        m,
        groups.map((x) => x.g),
      );
    });
  }

  // ---- course fulfilment ---------------------------------------------------------------------

  /** The course a caller names (numeric id or uuid; anything else is a 400), if they may see it. */
  private async reachableCourse(ctx: RequestContext, given: unknown): Promise<Course> {
    const ref = parseCourseRef(given);
    const course = await this.db.getRepository(Course).findOneBy(ref.id !== undefined ? { id: ref.id } : { uuid: ref.uuid });
    if (!course) throw notFound(because(PATHWAY_MESSAGES.courseNotFound));
    const reach = await this.reach(ctx);
    const object = { schoolId: course.schoolId, reach, acceptedByOwn: false };
    // Whether one of the caller's schools accepted it is asked only of a course outside the schools they reach.
    if (!permits(ctx.caller, can, 'viewCourse', object)) object.acceptedByOwn = await acceptedByOwn(this.db.manager, reach, course.id);
    authorize(ctx, can, 'viewCourse', object);
    return course;
  }

  /** The requirements (of pathways the caller sees) a course fulfils, by pathway then requirement name. */
  async fulfillments(ctx: RequestContext, course: Course): Promise<Fulfillment[]> {
    const reach = await this.reach(ctx);
    if (!visibleSchoolIds(reach).length) return [];
    const rows: { requirement_id: number; non_duplicable_group: string | null }[] = await this.db.query(
      `SELECT cr.requirement_id, cr.non_duplicable_group
         FROM course_requirements cr JOIN requirements r ON r.id = cr.requirement_id JOIN pathways p ON p.id = r.pathway_id
        WHERE cr.course_id = $1 AND p.school_id = ANY($2)
        ORDER BY lower(p.name) COLLATE "C", p.uuid, lower(r.name) COLLATE "C", r.uuid`,
      [course.id, visibleSchoolIds(reach)],
    );
    if (!rows.length) return [];
    const reqs = await this.db.getRepository(Requirement).findBy({ id: In(rows.map((r) => r.requirement_id)) });
    const reqById = new Map(reqs.map((r) => [r.id, r]));
    const pathways = await ctx.loaders.pathwayById.loadMany([...new Set(reqs.map((r) => r.pathwayId))]);
    const pathwayById = new Map(pathways.filter((p): p is Pathway => !!p && !(p instanceof Error)).map((p) => [p.id, p]));
    return rows.map((row) => {
      const requirement = reqById.get(row.requirement_id)!;
      return { requirement, pathway: pathwayById.get(requirement.pathwayId)!, group: row.non_duplicable_group };
    });
  }

  async courseFulfillments(ctx: RequestContext, courseRef: unknown): Promise<{ course: Course; fulfillments: Fulfillment[] }> {
    requireCaller(ctx);
    const course = await this.reachableCourse(ctx, courseRef);
    return { course, fulfillments: await this.fulfillments(ctx, course) };
  }

  /**
   * The course counts toward `requirement_uuid`; with `non_duplicables` (requirement uuids), the
   * course counts toward only one of that requirement and those (one transaction).
   */
  async addCourseFulfillment(ctx: RequestContext, courseRef: unknown, checked: Checked<FulfillmentAdd>): Promise<{ course: Course; fulfillments: Fulfillment[] }> {
    authorize(ctx, can, 'edit', null);
    const input = valid(checked);
    const course = await this.reachableCourse(ctx, courseRef);
    const uuids = [...new Set([input.requirementUuid, ...input.nonDuplicables])];
    const targets: Requirement[] = [];
    for (const uuid of uuids) {
      const { requirement, pathway } = await this.requirementByUuid(uuid);
      await this.assertCan(ctx, 'edit', pathway.schoolId);
      targets.push(requirement);
    }
    await this.db.transaction(async (m) => {
      if (targets.length === 1) {
        await m.query(`INSERT INTO course_requirements (course_id, requirement_id) VALUES ($1, $2) ON CONFLICT (course_id, requirement_id) DO NOTHING`, [
          course.id,
          targets[0].id,
        ]);
        return;
      }
      const before: { g: string }[] = await m.query(
        `SELECT DISTINCT non_duplicable_group AS g FROM course_requirements
          WHERE course_id = $1 AND requirement_id = ANY($2) AND non_duplicable_group IS NOT NULL`,
        [course.id, targets.map((t) => t.id)],
      );
      const group = crypto.randomUUID();
      await m.query(
        `INSERT INTO course_requirements (course_id, requirement_id, non_duplicable_group)
         SELECT $1, unnest($2::int[]), $3::uuid
         ON CONFLICT (course_id, requirement_id) DO UPDATE SET non_duplicable_group = EXCLUDED.non_duplicable_group`,
        [course.id, targets.map((t) => t.id), group],
      );
      await dissolveSingletons(
        m,
        before.map((b) => b.g),
      );
    });
    return { course, fulfillments: await this.fulfillments(ctx, course) };
  }

  async removeCourseFulfillment(ctx: RequestContext, courseRef: unknown, checked: Checked<FulfillmentRemove>): Promise<{ course: Course; fulfillments: Fulfillment[] }> {
    authorize(ctx, can, 'edit', null);
    const course = await this.reachableCourse(ctx, courseRef);
    const { requirementUuid } = valid(checked);
    const { requirement, pathway } = await this.requirementByUuid(requirementUuid);
    await this.assertCan(ctx, 'edit', pathway.schoolId);
    await this.db.transaction(async (m) => {
      const row = await m.getRepository(CourseRequirement).findOneBy({ courseId: course.id, requirementId: requirement.id });
      if (!row) throw notFound(because(PATHWAY_MESSAGES.fulfillmentNotFound));
      await m.getRepository(CourseRequirement).delete({ id: row.id });
      if (row.nonDuplicableGroup) await dissolveSingletons(m, [row.nonDuplicableGroup]);
    });
    return { course, fulfillments: await this.fulfillments(ctx, course) };
  }

  // ---- progress and eligible courses -----------------------------------------------------------

  /**
   * Progress of the caller's plan (a student, or the student a staff member or parent views as)
   * for every requirement they see, or for one pathway's requirements.
   */
  async progress(ctx: RequestContext, pathwayUuid?: string | null): Promise<RequirementProgressRow[]> {
    const caller = requireCaller(ctx);
    let pathwayId: number | undefined;
    if (pathwayUuid) pathwayId = (await this.get(ctx, pathwayUuid)).id;
    const reach = await this.reach(ctx);
    return this.progressEngine.forStudent(caller.user, visibleSchoolIds(reach), pathwayId);
  }

  /** Courses attached to a requirement; the caller's scheduled ones first, then by course_id. */
  async eligibleCourses(ctx: RequestContext, requirementUuid: string, args: PageArgs = {}, defaultPage = 100): Promise<Page<EligibleCourse>> {
    const caller = requireCaller(ctx);
    const first = pageSize(args.first, defaultPage);
    const offset = decodeCursor(args.after);
    const { requirement, pathway } = await this.requirementByUuid(requirementUuid);
    await this.assertCan(ctx, 'view', pathway.schoolId);
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM course_requirements WHERE requirement_id = $1`, [requirement.id]);
    const rows: { id: number; is_scheduled: boolean }[] = await this.db.query(
      `SELECT c.id, (sc.id IS NOT NULL) AS is_scheduled
         FROM course_requirements cr
         JOIN courses c ON c.id = cr.course_id
         LEFT JOIN scheduled_courses sc ON sc.course_id = c.id AND sc.user_id = $2
        WHERE cr.requirement_id = $1
        ORDER BY (sc.id IS NOT NULL) DESC, c.course_id COLLATE "C", c.id
        LIMIT ${first} OFFSET ${offset}`,
      [requirement.id, caller.user.id],
    );
    const courses = rows.length ? await this.db.getRepository(Course).findBy({ id: In(rows.map((r) => r.id)) }) : [];
    const byId = new Map(courses.map((c) => [c.id, c]));
    const nodes = rows.map((r) => ({ course: byId.get(r.id)!, isScheduled: r.is_scheduled }));
    const next = offset + nodes.length;
    return { nodes, totalCount: count, endCursor: nodes.length ? encodeCursor(next) : null, hasNextPage: next < count };
  }
}

/** A non-duplicable group with a single row left means nothing: clear it. */
async function dissolveSingletons(m: EntityManager, groups: string[]): Promise<void> {
  if (!groups.length) return;
  await m.query(
    `UPDATE course_requirements SET non_duplicable_group = NULL
      WHERE non_duplicable_group IN (
        SELECT non_duplicable_group FROM course_requirements
         WHERE non_duplicable_group = ANY($1::uuid[])
         GROUP BY non_duplicable_group HAVING count(*) = 1)`,
    [groups],
  );
}
