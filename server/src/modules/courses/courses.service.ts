/**
 * The course catalogue: course lists (own school, partner schools, by requirement), one course,
 * create / update / delete, partner schools and tag options. Beside it: the card (course-view.ts),
 * the payloads (course-input.ts), transferability (transfers.service.ts) and the CSV upload
 * (course-upload.ts), reached as `courses.transfers` and `courses.uploads`.
 *
 * Decisions (the spec leaves these "not shown"):
 *  - Reading: any signed-in user reads the courses they reach (modules/schools/reach.ts: their
 *    schools, those schools' partners, and courses one of their schools accepted as transferable).
 *    Anything else answers 404, so other districts' catalogues do not leak.
 *  - GET /api/courses/ (My Courses / Explore Courses) lists the caller's school's courses plus the
 *    partner courses accepted as transferable for that school, so students see their dual-enrollment
 *    options; GET /api/partner-courses/ lists every course of the school's partner schools.
 *  - Writing: staff (user_type 2) only. They edit and delete their own schools' courses; staff whose
 *    school has hs_full_access_enabled may also edit, delete and add courses of partner schools
 *    (POST /api/courses/createcc/ with a partner school). Students and parents read only (403).
 *  - course_id is unique per school: 409 'A course with this Course ID already exists.'.
 *  - Deleting a course that is in students' plans is refused (409 'This course is in N student
 *    plans. Remove it from those plans first.'): counselors must not silently erase students' plans.
 *    A deleted course disappears from other courses' prerequisite groups.
 *  - Transferability (transfers.service.ts) is accepted or removed by staff for a school they
 *    belong to, for a course of another school they can see; accepting again changes the units.
 *  - Tag options: a base list (UC, CSU, AP, Honors, CTE, Dual Credit, NCAA) plus every tag used by
 *    the catalogues the caller can read.
 *  - Course card table columns: the course's own school (its units), every school that accepted it
 *    (adjusted units), and any other school whose pathway lists it (its own units).
 *  - CSV import: into the caller's school of record; at most config.courseCsvMaxBytes (5 MB);
 *    file checks in course-upload.ts, row rules in catalogue-import.ts.
 */
import type { DataSource, EntityManager } from 'typeorm';
import { replicaRead } from '../../db/replica-reads.js';
import type { RequestContext } from '../../context.js';
import { badInput, conflict, notFound, because } from '../../core/errors.js';
import { authorize, permits } from '../../core/policy.js';
import { can, COURSE_POLICY_MESSAGES } from './courses.policy.js';
import { hasNul, isUuid, NUL_MESSAGE, valid, type Checked } from '../../core/validation.js';
import { parseUuid } from '../../core/ids.js';
import { reachedCourseSql, type Reach } from '../schools/reach.js';
import { School } from '../schools/school.entity.js';
import { callerReach, readableCourse, staffReach } from './course-access.js';
import { COURSE_INPUT_MESSAGES, type CourseFields } from './course-input.js';
import { Course } from './course.entity.js';
import type { CourseView } from './course-view.js';
import { TRANSFER_MESSAGES, TransfersService } from './transfers.service.js';
import { CourseUploadService, UPLOAD_MESSAGES } from './course-upload.js';
import { BASE_TAGS } from './tags.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';

export const COURSE_MESSAGES = {
  ...COURSE_POLICY_MESSAGES,
  ...COURSE_INPUT_MESSAGES,
  ...TRANSFER_MESSAGES,
  ...UPLOAD_MESSAGES,
  duplicate: 'COURSE_ID_TAKEN',
  selfPrerequisite: 'SELF_PREREQUISITE',
  notPartner: 'NOT_A_PARTNER_SCHOOL',
  badRequirement: 'REQUIREMENT_FILTER_INVALID',
} as const;

export const inPlansMessage = (n: number) => because('COURSE_IN_PLANS', { count: n, s: n === 1 ? '' : 's', plans: n === 1 ? 'that plan' : 'those plans' });

export const MAX_PAGE = 1000;

export type CourseListKind = 'own' | 'partner' | 'requirement';

export interface CourseQuery {
  search?: string | null;
  requirement?: string | null;
  first?: number | null;
  after?: string | null;
}

export interface CoursePage {
  rows: Course[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
}

export interface RequirementOption {
  uuid: string;
  name: string;
  pathwayName: string;
  label: string;
}

export class CoursesService {
  readonly transfers: TransfersService;
  readonly uploads: CourseUploadService;

  constructor(
    private readonly db: DataSource,
    csvMaxBytes: number,
  ) {
    this.transfers = new TransfersService(db);
    this.uploads = new CourseUploadService(db, csvMaxBytes);
  }

  /** For the client: whether to show Edit Course Details and Delete course. */
  async canEditCourse(ctx: RequestContext, course: Course): Promise<boolean> {
    if (!permits(ctx.caller, can, 'manage', null)) return false;
    return permits(ctx.caller, can, 'edit', { reach: await callerReach(ctx), schoolId: course.schoolId });
  }

  private async editable(ctx: RequestContext, key: string | number): Promise<{ reach: Reach; course: Course }> {
    const reach = await staffReach(ctx);
    const course = await readableCourse(ctx, this.db, reach, key);
    authorize(ctx, can, 'edit', { reach, schoolId: course.schoolId });
    return { reach, course };
  }

  // ---- reading -------------------------------------------------------------------------------

  async list(ctx: RequestContext, kind: CourseListKind, q: CourseQuery): Promise<CoursePage> {
    const reach = await callerReach(ctx);
    const first = q.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(because('PAGE_SIZE_RANGE', { max: MAX_PAGE }));
    const offset = decodeCursor(q.after);
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    let where: string;
    if (kind === 'own') {
      if (reach.schoolId === null) return emptyPage();
      const s = p(reach.schoolId);
      where = `(c.school_id = ${s} OR EXISTS (SELECT 1 FROM course_transfers t WHERE t.course_id = c.id AND t.school_id = ${s}))`;
    } else if (kind === 'partner') {
      if (!reach.recordPartnerIds.length) return emptyPage();
      where = `c.school_id = ANY(${p(reach.recordPartnerIds)}::int[])`;
    } else {
      // Courses fulfilling a requirement: every course the caller reaches.
      where = reachedCourseSql(p(reach.schoolIds), p(reach.ownIds));
    }
    const search = (q.search ?? '').trim();
    if (hasNul(search)) throw badInput(because(NUL_MESSAGE));
    if (search.length > 200) throw badInput(because('SEARCH_TOO_LONG'));
    if (search) {
      const s = p(`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND (lower(c.course_id) LIKE ${s} OR lower(c.title) LIKE ${s} OR lower(c.description) LIKE ${s})`;
    }
    if (q.requirement) {
      if (!isUuid(q.requirement)) throw badInput(because(COURSE_MESSAGES.badRequirement));
      where += ` AND EXISTS (SELECT 1 FROM course_requirements cr JOIN requirements r ON r.id = cr.requirement_id
                              WHERE cr.course_id = c.id AND r.uuid = ${p(q.requirement)})`;
    }
    const { count, ids, rows } = await replicaRead(ctx, 'courseList', async (m) => {
      const [{ count }]: { count: number }[] = await m.query(`SELECT count(*)::int AS count FROM courses c WHERE ${where}`, params);
      const ids: { id: number }[] = await m.query(`SELECT c.id FROM courses c WHERE ${where} ORDER BY c.course_id, c.id LIMIT ${first} OFFSET ${offset}`, params);
      const rows = ids.length
        ? await m
            .getRepository(Course)
            .createQueryBuilder('c')
            .where('c.id = ANY(:ids)', { ids: ids.map((r) => r.id) })
            .getMany()
        : [];
      return { count, ids, rows };
    });
    const byId = new Map(rows.map((c) => [c.id, c]));
    const ordered = ids.map((r) => byId.get(r.id)!).filter(Boolean);
    for (const c of ordered) ctx.loaders.courseById.prime(c.id, c);
    const next = offset + ordered.length;
    return { rows: ordered, totalCount: count, endCursor: ordered.length ? encodeCursor(next) : null, hasNextPage: next < count };
  }

  /** Courses fulfilling a requirement the caller can see (400 for a malformed uuid, 404 for an unknown or foreign requirement). */
  async byRequirement(ctx: RequestContext, requirementUuid: string, q: CourseQuery): Promise<CoursePage> {
    const reach = await callerReach(ctx);
    parseUuid(requirementUuid, 'requirement');
    const found: { school_id: number }[] = await this.db.query(`SELECT p.school_id FROM requirements r JOIN pathways p ON p.id = r.pathway_id WHERE r.uuid = $1`, [
      requirementUuid,
    ]);
    if (!found.length) throw notFound(because(COURSE_MESSAGES.requirementNotFound));
    authorize(ctx, can, 'readRequirement', { reach, schoolId: found[0].school_id });
    return this.list(ctx, 'requirement', { ...q, requirement: requirementUuid });
  }

  async get(ctx: RequestContext, key: string | number): Promise<Course> {
    return readableCourse(ctx, this.db, await callerReach(ctx), key);
  }

  /** Everything the card shows, through the request's `courseView` loader (one statement per hop for a whole page). */
  view(ctx: RequestContext, course: Course): Promise<CourseView> {
    return ctx.loaders.courseView.load({ course, userId: ctx.caller?.user.id ?? null });
  }

  async partnerSchools(ctx: RequestContext): Promise<School[]> {
    const reach = await callerReach(ctx);
    if (!reach.recordPartnerIds.length) return [];
    return this.db.getRepository(School).createQueryBuilder('s').whereInIds(reach.recordPartnerIds).orderBy('s.name').getMany();
  }

  async tagOptions(ctx: RequestContext): Promise<{ key: string; value: string }[]> {
    const reach = await callerReach(ctx);
    const rows: { key: string; value: string }[] = reach.schoolIds.length
      ? await replicaRead(ctx, 'catalogueFilters', (m) =>
          m.query(`SELECT DISTINCT t.key, t.value FROM courses c, jsonb_each_text(c.tags) AS t(key, value) WHERE c.school_id = ANY($1::int[])`, [reach.schoolIds]),
        )
      : [];
    const map = new Map<string, string>(Object.entries(BASE_TAGS));
    for (const r of rows) if (!map.has(r.key)) map.set(r.key, r.value);
    return [...map.entries()].map(([key, value]) => ({ key, value })).sort((a, b) => a.value.localeCompare(b.value));
  }

  /** The Filter by Requirement dialog's entries: requirements of the pathways the caller can see. */
  async requirementFilterOptions(ctx: RequestContext): Promise<RequirementOption[]> {
    const reach = await callerReach(ctx);
    if (!reach.schoolIds.length) return [];
    const rows: { uuid: string; name: string; pathway_name: string }[] = await replicaRead(ctx, 'catalogueFilters', (m) =>
      m.query(
        `SELECT r.uuid, r.name, p.name AS pathway_name
           FROM requirements r JOIN pathways p ON p.id = r.pathway_id
          WHERE p.school_id = ANY($1::int[])
          ORDER BY lower(p.name), lower(r.name), r.uuid`,
        [reach.schoolIds],
      ),
    );
    return rows.map((r) => ({ uuid: r.uuid, name: r.name, pathwayName: r.pathway_name, label: `${r.pathway_name}: ${r.name}` }));
  }

  /** Searchable choices for the prerequisite pickers: courses of every catalogue the caller reads. */
  async choices(ctx: RequestContext, search: string | null, first: number): Promise<Course[]> {
    const reach = await callerReach(ctx);
    if (!Number.isInteger(first) || first < 1 || first > 100) throw badInput(because('PAGE_SIZE_RANGE', { max: 100 }));
    if (!reach.schoolIds.length) return [];
    const s = (search ?? '').trim().toLowerCase();
    if (hasNul(s)) throw badInput(because(NUL_MESSAGE));
    return replicaRead(ctx, 'courseChoices', (m) => {
      const qb = m.getRepository(Course).createQueryBuilder('c').where('c.school_id IN (:...ids)', { ids: reach.schoolIds });
      if (s) qb.andWhere('(lower(c.course_id) LIKE :s OR lower(c.title) LIKE :s)', { s: `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
      return qb.orderBy('c.course_id').addOrderBy('c.id').take(first).getMany();
    });
  }

  // ---- writing -------------------------------------------------------------------------------

  /** POST /api/courses/create/: a course of the caller's school of record. */
  async create(ctx: RequestContext, checked: Checked<CourseFields>): Promise<Course> {
    const reach = await staffReach(ctx);
    if (reach.schoolId === null) throw badInput(because(COURSE_MESSAGES.noSchool));
    return this.insert(reach, reach.schoolId, valid(checked));
  }

  /** POST /api/courses/createcc/: a course of a partner school, by staff whose school has hs_full_access_enabled. */
  async createPartnerCourse(ctx: RequestContext, partner: string | number | null, checked: Checked<CourseFields>): Promise<Course> {
    const reach = await staffReach(ctx);
    authorize(ctx, can, 'addPartnerCourse', { reach });
    const partners = reach.recordPartnerIds;
    let schoolId: number | undefined;
    if (partner === null || partner === '') {
      if (partners.length === 1) schoolId = partners[0];
    } else {
      const schools = await this.db
        .getRepository(School)
        .createQueryBuilder('s')
        .whereInIds(partners.length ? partners : [0])
        .getMany();
      schoolId = schools.find((s) => s.uuid === partner || s.id === Number(partner))?.id;
    }
    if (schoolId === undefined) throw badInput(because(COURSE_MESSAGES.notPartner));
    return this.insert(reach, schoolId, valid(checked));
  }

  private async insert(reach: Reach, schoolId: number, input: CourseFields): Promise<Course> {
    return this.db.transaction(async (m) => {
      const groups = await this.resolveGroups(m, reach, input.groups ?? [], null);
      const repo = m.getRepository(Course);
      if (await repo.existsBy({ schoolId, courseId: input.courseId! })) throw conflict(because(COURSE_MESSAGES.duplicate));
      let course: Course;
      try {
        course = await repo.save(
          repo.create({
            schoolId,
            courseId: input.courseId!,
            title: input.title!,
            description: input.description ?? '',
            units: input.units ?? 0,
            subject: input.subject ?? '',
            tags: input.tags ?? {},
            offeredTerms: input.offeredTerms ?? null,
          }),
        );
      } catch (e) {
        throw uniqueViolation(e) ? conflict(because(COURSE_MESSAGES.duplicate)) : e;
      }
      await this.writeGroups(m, course.id, groups);
      return course;
    });
  }

  /** POST /api/courses/{id}/: fields left out stay as they are. */
  async update(ctx: RequestContext, key: string | number, checked: Checked<CourseFields>): Promise<Course> {
    const { reach, course } = await this.editable(ctx, key);
    const input = valid(checked);
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(Course);
      if (input.courseId !== undefined && input.courseId !== course.courseId) {
        const taken = await repo
          .createQueryBuilder('c')
          .where('c.school_id = :s AND c.course_id = :id AND c.id <> :me', { s: course.schoolId, id: input.courseId, me: course.id })
          .getExists();
        if (taken) throw conflict(because(COURSE_MESSAGES.duplicate));
      }
      if (input.groups !== undefined) {
        const groups = await this.resolveGroups(m, reach, input.groups, course);
        await m.query(`DELETE FROM course_prerequisites WHERE course_id = $1`, [course.id]);
        await this.writeGroups(m, course.id, groups);
      }
      const patch: Partial<Course> = {};
      if (input.courseId !== undefined) patch.courseId = input.courseId;
      if (input.title !== undefined) patch.title = input.title;
      if (input.description !== undefined) patch.description = input.description;
      if (input.units !== undefined) patch.units = input.units;
      if (input.subject !== undefined) patch.subject = input.subject;
      if (input.tags !== undefined) patch.tags = input.tags;
      if (input.offeredTerms !== undefined) patch.offeredTerms = input.offeredTerms;
      try {
        if (Object.keys(patch).length) await repo.update({ id: course.id }, patch);
        else await repo.update({ id: course.id }, { updatedAt: new Date() });
      } catch (e) {
        throw uniqueViolation(e) ? conflict(because(COURSE_MESSAGES.duplicate)) : e;
      }
      return repo.findOneByOrFail({ id: course.id });
    });
  }

  async delete(ctx: RequestContext, key: string | number): Promise<void> {
    const { course } = await this.editable(ctx, key);
    const deleted: unknown[] = await this.db.query(
      `WITH d AS (DELETE FROM courses WHERE id = $1 AND NOT EXISTS (SELECT 1 FROM scheduled_courses WHERE course_id = $1) RETURNING id)
       SELECT id FROM d`,
      [course.id],
    );
    if (deleted.length) return;
    const [{ n }] = await this.db.query(`SELECT count(DISTINCT user_id)::int AS n FROM scheduled_courses WHERE course_id = $1`, [course.id]);
    if (n > 0) throw conflict(inPlansMessage(n));
    throw notFound(because(COURSE_MESSAGES.notFound));
  }

  /**
   * Prerequisite groups as course uuids -> course ids. Members must be courses the caller reads;
   * the course itself, or a course that already requires it (directly or not), is refused.
   */
  private async resolveGroups(m: EntityManager, reach: Reach, groups: string[][], course: Course | null): Promise<number[][]> {
    const uuids = [...new Set(groups.flat())];
    if (!uuids.length) return [];
    const rows: { id: number; uuid: string; course_id: string; school_id: number }[] = await m.query(
      `SELECT id, uuid, course_id, school_id FROM courses WHERE uuid = ANY($1::uuid[])`,
      [uuids],
    );
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    for (const u of uuids) {
      const r = byUuid.get(u);
      if (!r || !reach.schoolIds.includes(r.school_id)) throw badInput(because('PREREQUISITE_NOT_FOUND', { course: u }));
    }
    if (course && uuids.includes(course.uuid)) throw badInput(because(COURSE_MESSAGES.selfPrerequisite));
    if (course) {
      const ids = uuids.map((u) => byUuid.get(u)!.id);
      const cyc: { course_id: string }[] = await m.query(
        `WITH RECURSIVE reach(id, root) AS (
           SELECT p.prerequisite_id, p.course_id FROM course_prerequisites p WHERE p.course_id = ANY($1::int[])
           UNION
           SELECT p.prerequisite_id, reach.root FROM course_prerequisites p JOIN reach ON p.course_id = reach.id
         )
         SELECT DISTINCT c.course_id FROM reach JOIN courses c ON c.id = reach.root WHERE reach.id = $2 ORDER BY c.course_id`,
        [ids, course.id],
      );
      if (cyc.length) {
        throw badInput(
          because('PREREQUISITE_CYCLE', {
            course: cyc.map((r) => r.course_id).join(', '),
            s: cyc.length === 1 ? 's' : '',
            prerequisite: course.courseId,
            prerequisites: cyc.length === 1 ? 'it a prerequisite' : 'them prerequisites',
          }),
        );
      }
    }
    return groups.map((g) => [...new Set(g.map((u) => byUuid.get(u)!.id))]).filter((g) => g.length);
  }

  private async writeGroups(m: EntityManager, courseId: number, groups: number[][]): Promise<void> {
    const course: number[] = [];
    const group: number[] = [];
    const prereq: number[] = [];
    groups.forEach((g, gi) =>
      g.forEach((id) => {
        course.push(courseId);
        group.push(gi);
        prereq.push(id);
      }),
    );
    if (!course.length) return;
    await m.query(`INSERT INTO course_prerequisites (course_id, group_index, prerequisite_id) SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[])`, [
      course,
      group,
      prereq,
    ]);
  }
}

function emptyPage(): CoursePage {
  return { rows: [], totalCount: 0, endCursor: null, hasNextPage: false };
}

function uniqueViolation(e: unknown): boolean {
  return (e as { code?: string; driverError?: { code?: string } })?.code === '23505' || (e as { driverError?: { code?: string } })?.driverError?.code === '23505';
}
