/**
 * The course catalogue: course lists (own school, partner schools, by requirement), one course with
 * everything its card shows, create / update / delete, transferability, partner schools, tag
 * options and the CSV import. Every rule and permission check of the area lives here.
 *
 * Decisions (the spec leaves these "not shown"):
 *  - Reading: any signed-in user reads the courses of the schools they reach (school of record and
 *    memberships), of those schools' partner schools, and courses their school accepted as
 *    transferable. Anything else answers 404, so other districts' catalogues do not leak.
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
 *  - Transferability is accepted or removed by staff for a school they belong to, for a course of
 *    another school they can see; accepting again changes the adjusted units.
 *  - Tag options: a base list (UC, CSU, AP, Honors, CTE, Dual Credit, NCAA) plus every tag used by
 *    the catalogues the caller can read.
 *  - Course card table columns: the course's own school (its units), every school that accepted it
 *    (adjusted units), and any other school whose pathway lists it (its own units).
 *  - CSV import: into the caller's school of record; at most config.courseCsvMaxBytes (5 MB);
 *    validation rules in catalogue-import.ts.
 */
import { limit } from '../../core/rate-limit.js';
import type { DataSource, EntityManager } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput, conflict, notFound } from '../../core/errors.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { can, COURSE_POLICY_MESSAGES, type CourseReach } from './courses.policy.js';
import { hasNul, isUuid, NUL_MESSAGE } from '../../core/validation.js';
import { parseCourseRef, parseUuid, toId } from '../../core/ids.js';
import type { User } from '../accounts/user.entity.js';
import { School } from '../schools/school.entity.js';
import { COURSE_ID_MAX, CsvFileError, DESCRIPTION_MAX, MAX_GROUP_MEMBERS, MAX_GROUPS, TITLE_MAX, UNITS_MAX } from './catalogue-import.js';
import { importCatalogue, type ImportResult } from './catalogue-store.js';
import { Course, CourseTransfer } from './course.entity.js';
import type { RequirementRow } from './course.loaders.js';
import { compareCourseIds, groupDisplay, groupMembers } from './prerequisites.js';
import { BASE_TAGS, formatTags, tagKey, type FormattedTag } from './tags.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';

export const COURSE_MESSAGES = {
  ...COURSE_POLICY_MESSAGES,
  duplicate: 'A course with this Course ID already exists.',
  courseIdRequired: 'Course ID is required.',
  titleRequired: 'Title is required.',
  units: `Units must be a number from 0 to ${UNITS_MAX}.`,
  adjustedUnits: `Adjusted units must be a number from 0 to ${UNITS_MAX}.`,
  selfPrerequisite: 'A course cannot be its own prerequisite.',
  noSchool: 'Join a school first.',
  notPartner: 'Choose one of your partner schools.',
  ownSchoolTransfer: "A course cannot be made transferable to its own school.",
  notTransferable: 'This course is not transferable to that school.',
  transferRemoved: 'Transferability removed successfully.',
  badRequirement: 'The requirement filter must be a requirement uuid.',
  fileMissing: 'Choose a CSV file to upload (form field "file").',
  notCsv: 'The file is not a CSV file: choose a .csv file saved as UTF-8 text.',
  emptyFile: 'The file is empty.',
} as const;

export const inPlansMessage = (n: number) =>
  `This course is in ${n} student plan${n === 1 ? '' : 's'}. Remove it from ${n === 1 ? 'that plan' : 'those plans'} first.`;
export const tooLargeMessage = (bytes: number) => `The file is larger than ${formatBytes(bytes)}.`;
const formatBytes = (b: number) => (b % (1024 * 1024) === 0 ? `${b / (1024 * 1024)} MB` : `${Math.round(b / 1024)} KB`);

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

export interface RequirementInfo {
  uuid: string;
  name: string;
  pathwayUuid: string;
  pathwayName: string;
  pathwayNames: string[];
  pathwayColors: string[];
  schoolUuid: string;
  schoolName: string;
  /** 'pathway: requirement' */
  label: string;
}

export interface UnitsInfo {
  schoolId: number;
  schoolUuid: string;
  schoolName: string;
  primaryColor: string;
  units: number;
  /** The requirements the course fulfils at this school. */
  requirements: RequirementInfo[];
}

export interface PrerequisiteRef {
  id: number;
  uuid: string;
  courseId: string;
  title: string;
}

/** Everything a course card shows. */
export interface CourseView {
  course: Course;
  school: School;
  isScheduled: boolean;
  prerequisites: PrerequisiteRef[];
  prerequisiteGroups: string[];
  prerequisiteGroupsUuids: string[][];
  tags: Record<string, string>;
  formattedTags: FormattedTag[];
  unitsInfo: UnitsInfo[];
  requirements: RequirementInfo[];
  nonDuplicables: RequirementInfo[][];
}

export interface CourseInput {
  course_id?: unknown;
  title?: unknown;
  description?: unknown;
  units?: unknown;
  subject?: unknown;
  prerequisite_groups?: unknown;
  tags?: unknown;
}

export interface RequirementOption {
  uuid: string;
  name: string;
  pathwayName: string;
  label: string;
}

interface Scope extends CourseReach {
  user: User;
  /** School of record. */
  school: School | null;
  /** School of record and memberships. */
  accessibleIds: number[];
  /** Partners (either direction) of the school of record. */
  partnerIds: number[];
  /** Every school whose catalogue the caller reads. */
  visibleIds: number[];
}

const views = new WeakMap<object, Map<number, Promise<CourseView>>>();
const scopes = new WeakMap<object, Promise<Scope>>();

export class CoursesService {
  constructor(private readonly db: DataSource, private readonly csvMaxBytes: number) {}

  // ---- scope ---------------------------------------------------------------------------------

  /** Who the caller is and which catalogues they reach; computed once per request. */
  private scope(ctx: RequestContext): Promise<Scope> {
    requireCaller(ctx);
    let s = scopes.get(ctx.loaders);
    if (!s) {
      s = this.loadScope(ctx);
      scopes.set(ctx.loaders, s);
    }
    return s;
  }

  private async loadScope(ctx: RequestContext): Promise<Scope> {
    const caller = requireCaller(ctx);
    const user = caller.user;
    const rows: { kind: string; id: number }[] = await this.db.query(
      `WITH acc AS (
         SELECT school_id AS id FROM school_memberships WHERE user_id = $1
         UNION SELECT $2::int WHERE $2::int IS NOT NULL
       )
       SELECT 'acc' AS kind, id FROM acc
       UNION ALL
       SELECT 'partner', partner_school_id FROM school_partnerships WHERE school_id = ANY(SELECT id FROM acc)
       UNION ALL
       SELECT 'partner', school_id FROM school_partnerships WHERE partner_school_id = ANY(SELECT id FROM acc)
       UNION ALL
       SELECT 'own-partner', partner_school_id FROM school_partnerships WHERE school_id = $2::int
       UNION ALL
       SELECT 'own-partner', school_id FROM school_partnerships WHERE partner_school_id = $2::int`,
      [user.id, user.schoolId],
    );
    const accessibleIds = [...new Set(rows.filter((r) => r.kind === 'acc').map((r) => r.id))];
    const partnerIds = [...new Set(rows.filter((r) => r.kind === 'own-partner').map((r) => r.id))];
    const visibleIds = [...new Set(rows.map((r) => r.id))];
    const school = user.schoolId === null ? null : await ctx.loaders.schoolById.load(user.schoolId);
    return { user, school, accessibleIds, partnerIds, visibleIds, fullAccess: !!school?.hsFullAccessEnabled };
  }

  private async staffScope(ctx: RequestContext): Promise<Scope> {
    authorize(ctx, can, 'manage', null);
    return this.scope(ctx);
  }

  /** A course the caller may read (404 otherwise). Accepts the numeric id or the uuid. */
  private async readable(ctx: RequestContext, scope: Scope, key: string | number): Promise<Course> {
    const course = await this.find(key);
    if (!course) throw notFound(COURSE_MESSAGES.notFound);
    const object = { reach: scope, schoolId: course.schoolId, acceptedHere: false };
    // Whether the school accepted it is asked only of a course outside the caller's catalogues.
    if (!permits(ctx.caller, can, 'read', object) && scope.user.schoolId !== null) {
      object.acceptedHere = await this.db.getRepository(CourseTransfer).existsBy({ courseId: course.id, schoolId: scope.user.schoolId });
    }
    authorize(ctx, can, 'read', object);
    return course;
  }

  /** The course a caller names: its numeric id or its uuid; anything else is a 400 (core/ids.ts). */
  private async find(key: string | number): Promise<Course | null> {
    const ref = parseCourseRef(key);
    return this.db.getRepository(Course).findOneBy(ref.id !== undefined ? { id: ref.id } : { uuid: ref.uuid });
  }

  /** For the client: whether to show Edit Course Details and Delete course. */
  async canEditCourse(ctx: RequestContext, course: Course): Promise<boolean> {
    if (!permits(ctx.caller, can, 'manage', null)) return false;
    return permits(ctx.caller, can, 'edit', { reach: await this.scope(ctx), schoolId: course.schoolId });
  }

  private async editable(ctx: RequestContext, key: string | number): Promise<{ scope: Scope; course: Course }> {
    const scope = await this.staffScope(ctx);
    const course = await this.readable(ctx, scope, key);
    authorize(ctx, can, 'edit', { reach: scope, schoolId: course.schoolId });
    return { scope, course };
  }

  // ---- reading -------------------------------------------------------------------------------

  async list(ctx: RequestContext, kind: CourseListKind, q: CourseQuery): Promise<CoursePage> {
    const scope = await this.scope(ctx);
    const first = q.first ?? 50;
    if (!Number.isInteger(first) || first < 1 || first > MAX_PAGE) throw badInput(`Page size must be between 1 and ${MAX_PAGE}.`);
    const offset = decodeCursor(q.after);
    const params: unknown[] = [];
    const p = (v: unknown) => {
      params.push(v);
      return `$${params.length}`;
    };
    let where: string;
    if (kind === 'own') {
      if (scope.user.schoolId === null) return emptyPage();
      const s = p(scope.user.schoolId);
      where = `(c.school_id = ${s} OR EXISTS (SELECT 1 FROM course_transfers t WHERE t.course_id = c.id AND t.school_id = ${s}))`;
    } else if (kind === 'partner') {
      if (!scope.partnerIds.length) return emptyPage();
      where = `c.school_id = ANY(${p(scope.partnerIds)}::int[])`;
    } else {
      // Courses fulfilling a requirement: every course the caller can read.
      const visible = p(scope.visibleIds);
      const own = p(scope.user.schoolId);
      where = `(c.school_id = ANY(${visible}::int[]) OR EXISTS (SELECT 1 FROM course_transfers t WHERE t.course_id = c.id AND t.school_id = ${own}::int))`;
    }
    const search = (q.search ?? '').trim();
    if (hasNul(search)) throw badInput(NUL_MESSAGE);
    if (search.length > 200) throw badInput('Search text must be at most 200 characters.');
    if (search) {
      const s = p(`%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
      where += ` AND (lower(c.course_id) LIKE ${s} OR lower(c.title) LIKE ${s} OR lower(c.description) LIKE ${s})`;
    }
    if (q.requirement) {
      if (!isUuid(q.requirement)) throw badInput(COURSE_MESSAGES.badRequirement);
      where += ` AND EXISTS (SELECT 1 FROM course_requirements cr JOIN requirements r ON r.id = cr.requirement_id
                              WHERE cr.course_id = c.id AND r.uuid = ${p(q.requirement)})`;
    }
    const [{ count }] = await this.db.query(`SELECT count(*)::int AS count FROM courses c WHERE ${where}`, params);
    const ids: { id: number }[] = await this.db.query(
      `SELECT c.id FROM courses c WHERE ${where} ORDER BY c.course_id, c.id LIMIT ${first} OFFSET ${offset}`,
      params,
    );
    const rows = ids.length
      ? await this.db.getRepository(Course).createQueryBuilder('c').where('c.id = ANY(:ids)', { ids: ids.map((r) => r.id) }).getMany()
      : [];
    const byId = new Map(rows.map((c) => [c.id, c]));
    const ordered = ids.map((r) => byId.get(r.id)!).filter(Boolean);
    for (const c of ordered) ctx.loaders.courseById.prime(c.id, c);
    const next = offset + ordered.length;
    return { rows: ordered, totalCount: count, endCursor: ordered.length ? encodeCursor(next) : null, hasNextPage: next < count };
  }

  /** Courses fulfilling a requirement the caller can see (400 for a malformed uuid, 404 for an unknown or foreign requirement). */
  async byRequirement(ctx: RequestContext, requirementUuid: string, q: CourseQuery): Promise<CoursePage> {
    const scope = await this.scope(ctx);
    parseUuid(requirementUuid, 'requirement');
    const found: { school_id: number }[] = await this.db.query(
      `SELECT p.school_id FROM requirements r JOIN pathways p ON p.id = r.pathway_id WHERE r.uuid = $1`,
      [requirementUuid],
    );
    if (!found.length) throw notFound(COURSE_MESSAGES.requirementNotFound);
    authorize(ctx, can, 'readRequirement', { reach: scope, schoolId: found[0].school_id });
    return this.list(ctx, 'requirement', { ...q, requirement: requirementUuid });
  }

  async get(ctx: RequestContext, key: string | number): Promise<Course> {
    const scope = await this.scope(ctx);
    return this.readable(ctx, scope, key);
  }

  /** Everything the card shows, loaded through the request's DataLoaders (one statement per hop for a whole page). */
  view(ctx: RequestContext, course: Course): Promise<CourseView> {
    let perRequest = views.get(ctx.loaders);
    if (!perRequest) {
      perRequest = new Map();
      views.set(ctx.loaders, perRequest);
    }
    let v = perRequest.get(course.id);
    if (!v) {
      v = this.buildView(ctx, course);
      perRequest.set(course.id, v);
    }
    return v;
  }

  private async buildView(ctx: RequestContext, course: Course): Promise<CourseView> {
    const userId = ctx.caller?.user.id;
    const [school, prereqs, transfers, reqs, scheduled] = await Promise.all([
      ctx.loaders.schoolById.load(course.schoolId),
      ctx.loaders.coursePrerequisites.load(course.id),
      ctx.loaders.courseTransfers.load(course.id),
      ctx.loaders.courseRequirements.load(course.id),
      userId === undefined ? Promise.resolve(new Set<number>()) : ctx.loaders.scheduledCourseIds.load(userId),
    ]);
    const groups = groupMembers(prereqs.map((r) => ({ ...r, courseId: r.code, prereqCourseId: r.courseId })));
    const seen = new Set<number>();
    const prerequisites: PrerequisiteRef[] = [];
    for (const r of [...prereqs].sort((a, b) => compareCourseIds(a.code, b.code))) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      prerequisites.push({ id: r.id, uuid: r.uuid, courseId: r.code, title: r.title });
    }
    const requirements = reqs.map(requirementInfo);
    const columns: UnitsInfo[] = [
      { schoolId: school!.id, schoolUuid: school!.uuid, schoolName: school!.name, primaryColor: school!.primaryColor, units: course.units, requirements: [] },
    ];
    for (const t of transfers) {
      if (t.schoolId === course.schoolId) continue;
      columns.push({ schoolId: t.schoolId, schoolUuid: t.schoolUuid, schoolName: t.schoolName, primaryColor: t.primaryColor, units: t.adjustedUnits, requirements: [] });
    }
    reqs.forEach((r, i) => {
      let col = columns.find((c) => c.schoolId === r.schoolId);
      if (!col) {
        col = { schoolId: r.schoolId, schoolUuid: r.schoolUuid, schoolName: r.schoolName, primaryColor: r.primaryColor, units: course.units, requirements: [] };
        columns.push(col);
      }
      col.requirements.push(requirements[i]);
    });
    const nd = new Map<string, RequirementInfo[]>();
    reqs.forEach((r, i) => {
      if (!r.nonDuplicableGroup) return;
      const list = nd.get(r.nonDuplicableGroup) ?? [];
      list.push(requirements[i]);
      nd.set(r.nonDuplicableGroup, list);
    });
    return {
      course,
      school: school!,
      isScheduled: scheduled.has(course.id),
      prerequisites,
      prerequisiteGroups: groups.map((g) => groupDisplay(g.map((m) => m.courseId))),
      prerequisiteGroupsUuids: groups.map((g) => g.map((m) => m.uuid)),
      tags: course.tags ?? {},
      formattedTags: formatTags(course.tags),
      unitsInfo: columns,
      requirements,
      nonDuplicables: [...nd.values()].filter((g) => g.length > 1),
    };
  }

  async partnerSchools(ctx: RequestContext): Promise<School[]> {
    const scope = await this.scope(ctx);
    if (!scope.partnerIds.length) return [];
    return this.db.getRepository(School).createQueryBuilder('s').whereInIds(scope.partnerIds).orderBy('s.name').getMany();
  }

  async tagOptions(ctx: RequestContext): Promise<{ key: string; value: string }[]> {
    const scope = await this.scope(ctx);
    const rows: { key: string; value: string }[] = scope.visibleIds.length
      ? await this.db.query(
          `SELECT DISTINCT t.key, t.value FROM courses c, jsonb_each_text(c.tags) AS t(key, value) WHERE c.school_id = ANY($1::int[])`,
          [scope.visibleIds],
        )
      : [];
    const map = new Map<string, string>(Object.entries(BASE_TAGS));
    for (const r of rows) if (!map.has(r.key)) map.set(r.key, r.value);
    return [...map.entries()].map(([key, value]) => ({ key, value })).sort((a, b) => a.value.localeCompare(b.value));
  }

  /** The Filter by Requirement dialog's entries: requirements of the pathways the caller can see. */
  async requirementFilterOptions(ctx: RequestContext): Promise<RequirementOption[]> {
    const scope = await this.scope(ctx);
    if (!scope.visibleIds.length) return [];
    const rows: { uuid: string; name: string; pathway_name: string }[] = await this.db.query(
      `SELECT r.uuid, r.name, p.name AS pathway_name
         FROM requirements r JOIN pathways p ON p.id = r.pathway_id
        WHERE p.school_id = ANY($1::int[])
        ORDER BY lower(p.name), lower(r.name), r.uuid`,
      [scope.visibleIds],
    );
    return rows.map((r) => ({ uuid: r.uuid, name: r.name, pathwayName: r.pathway_name, label: `${r.pathway_name}: ${r.name}` }));
  }

  /** Searchable choices for the prerequisite pickers: courses of every catalogue the caller reads. */
  async choices(ctx: RequestContext, search: string | null, first: number): Promise<Course[]> {
    const scope = await this.scope(ctx);
    if (!Number.isInteger(first) || first < 1 || first > 100) throw badInput('Page size must be between 1 and 100.');
    if (!scope.visibleIds.length) return [];
    const s = (search ?? '').trim().toLowerCase();
    if (hasNul(s)) throw badInput(NUL_MESSAGE);
    const qb = this.db.getRepository(Course).createQueryBuilder('c').where('c.school_id IN (:...ids)', { ids: scope.visibleIds });
    if (s) qb.andWhere('(lower(c.course_id) LIKE :s OR lower(c.title) LIKE :s)', { s: `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%` });
    return qb.orderBy('c.course_id').addOrderBy('c.id').take(first).getMany();
  }

  // ---- writing -------------------------------------------------------------------------------

  /** POST /api/courses/create/: a course of the caller's school of record. */
  async create(ctx: RequestContext, raw: CourseInput): Promise<Course> {
    const scope = await this.staffScope(ctx);
    if (!scope.school) throw badInput(COURSE_MESSAGES.noSchool);
    return this.insert(scope, scope.school.id, raw);
  }

  /** POST /api/courses/createcc/: a course of a partner school, by staff whose school has hs_full_access_enabled. */
  async createPartnerCourse(ctx: RequestContext, raw: CourseInput & { school_uuid?: unknown; school_id?: unknown }): Promise<Course> {
    const scope = await this.staffScope(ctx);
    authorize(ctx, can, 'addPartnerCourse', { reach: scope });
    let schoolId: number | undefined;
    const given = raw.school_uuid ?? raw.school_id;
    if (given === undefined || given === null || given === '') {
      if (scope.partnerIds.length === 1) schoolId = scope.partnerIds[0];
    } else {
      const partners = await this.db.getRepository(School).createQueryBuilder('s').whereInIds(scope.partnerIds.length ? scope.partnerIds : [0]).getMany();
      schoolId = partners.find((s) => s.uuid === given || s.id === Number(given))?.id;
    }
    if (schoolId === undefined) throw badInput(COURSE_MESSAGES.notPartner);
    return this.insert(scope, schoolId, raw);
  }

  private async insert(scope: Scope, schoolId: number, raw: CourseInput): Promise<Course> {
    const input = parseCourseInput(raw, false);
    return this.db.transaction(async (m) => {
      const groups = await this.resolveGroups(m, scope, input.groups ?? [], null);
      const repo = m.getRepository(Course);
      if (await repo.existsBy({ schoolId, courseId: input.courseId! })) throw conflict(COURSE_MESSAGES.duplicate);
      let course: Course;
      try {
        course = await repo.save(repo.create({
          schoolId, courseId: input.courseId!, title: input.title!, description: input.description ?? '',
          units: input.units ?? 0, subject: input.subject ?? '', tags: input.tags ?? {},
        }));
      } catch (e) {
        throw uniqueViolation(e) ? conflict(COURSE_MESSAGES.duplicate) : e;
      }
      await this.writeGroups(m, course.id, groups);
      return course;
    });
  }

  /** POST /api/courses/{id}/: fields left out stay as they are. */
  async update(ctx: RequestContext, key: string | number, raw: CourseInput & { update_prerequisite_groups?: unknown }): Promise<Course> {
    const { scope, course } = await this.editable(ctx, key);
    const input = parseCourseInput({ ...raw, prerequisite_groups: raw.update_prerequisite_groups ?? raw.prerequisite_groups }, true);
    return this.db.transaction(async (m) => {
      const repo = m.getRepository(Course);
      if (input.courseId !== undefined && input.courseId !== course.courseId) {
        const taken = await repo.createQueryBuilder('c')
          .where('c.school_id = :s AND c.course_id = :id AND c.id <> :me', { s: course.schoolId, id: input.courseId, me: course.id })
          .getExists();
        if (taken) throw conflict(COURSE_MESSAGES.duplicate);
      }
      if (input.groups !== undefined) {
        const groups = await this.resolveGroups(m, scope, input.groups, course);
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
      try {
        if (Object.keys(patch).length) await repo.update({ id: course.id }, patch);
        else await repo.update({ id: course.id }, { updatedAt: new Date() });
      } catch (e) {
        throw uniqueViolation(e) ? conflict(COURSE_MESSAGES.duplicate) : e;
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
    throw notFound(COURSE_MESSAGES.notFound);
  }

  /**
   * Prerequisite groups as course uuids -> course ids. Members must be courses the caller reads;
   * the course itself, or a course that already requires it (directly or not), is refused.
   */
  private async resolveGroups(m: EntityManager, scope: Scope, groups: string[][], course: Course | null): Promise<number[][]> {
    const uuids = [...new Set(groups.flat())];
    if (!uuids.length) return [];
    const rows: { id: number; uuid: string; course_id: string; school_id: number }[] = await m.query(
      `SELECT id, uuid, course_id, school_id FROM courses WHERE uuid = ANY($1::uuid[])`,
      [uuids],
    );
    const byUuid = new Map(rows.map((r) => [r.uuid, r]));
    for (const u of uuids) {
      const r = byUuid.get(u);
      if (!r || !scope.visibleIds.includes(r.school_id)) throw badInput(`Prerequisite course not found: ${u}.`);
    }
    if (course && uuids.includes(course.uuid)) throw badInput(COURSE_MESSAGES.selfPrerequisite);
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
          `${cyc.map((r) => r.course_id).join(', ')} already require${cyc.length === 1 ? 's' : ''} ${course.courseId} (directly or through other courses): making ${cyc.length === 1 ? 'it a prerequisite' : 'them prerequisites'} would create a cycle.`,
        );
      }
    }
    return groups.map((g) => [...new Set(g.map((u) => byUuid.get(u)!.id))]).filter((g) => g.length);
  }

  private async writeGroups(m: EntityManager, courseId: number, groups: number[][]): Promise<void> {
    const course: number[] = [];
    const group: number[] = [];
    const prereq: number[] = [];
    groups.forEach((g, gi) => g.forEach((id) => {
      course.push(courseId);
      group.push(gi);
      prereq.push(id);
    }));
    if (!course.length) return;
    await m.query(
      `INSERT INTO course_prerequisites (course_id, group_index, prerequisite_id) SELECT * FROM unnest($1::int[], $2::smallint[], $3::int[])`,
      [course, group, prereq],
    );
  }

  // ---- transferability -----------------------------------------------------------------------

  private async acceptingSchool(ctx: RequestContext, scope: Scope, given: unknown): Promise<School> {
    let school: School | null = null;
    if (given === undefined || given === null || given === '') school = scope.school;
    else {
      const repo = this.db.getRepository(School);
      if (isUuid(given)) school = await repo.findOneBy({ uuid: given });
      else if (toId(given) !== null) school = await repo.findOneBy({ id: toId(given)! });
    }
    if (!school) throw badInput('Choose the school that accepts the course.');
    authorize(ctx, can, 'acceptFor', { reach: scope, schoolId: school.id });
    return school;
  }

  async isTransferable(ctx: RequestContext, courseKey: string | number, schoolKey: unknown): Promise<boolean> {
    const scope = await this.scope(ctx);
    const course = await this.readable(ctx, scope, courseKey);
    const repo = this.db.getRepository(School);
    const school = isUuid(schoolKey) ? await repo.findOneBy({ uuid: schoolKey })
      : schoolKey === undefined || schoolKey === null || schoolKey === '' ? scope.school
      : await repo.findOneBy({ id: parseSchoolId(schoolKey) });
    if (!school) throw notFound('School not found.');
    return this.db.getRepository(CourseTransfer).existsBy({ courseId: course.id, schoolId: school.id });
  }

  async acceptTransferability(ctx: RequestContext, raw: { original_course_id?: unknown; accepting_school_id?: unknown; adjusted_units?: unknown }): Promise<{ course: Course; school: School; adjustedUnits: number }> {
    const scope = await this.staffScope(ctx);
    if (raw.original_course_id === undefined || raw.original_course_id === null || raw.original_course_id === '') throw badInput('original_course_id is required.');
    const course = await this.readable(ctx, scope, String(raw.original_course_id));
    const school = await this.acceptingSchool(ctx, scope, raw.accepting_school_id);
    if (course.schoolId === school.id) throw badInput(COURSE_MESSAGES.ownSchoolTransfer);
    const units = parseUnitsValue(raw.adjusted_units);
    if (units === undefined || units === null) throw badInput(COURSE_MESSAGES.adjustedUnits);
    await this.db.query(
      `INSERT INTO course_transfers (course_id, school_id, adjusted_units, accepted_by) VALUES ($1, $2, $3, $4)
       ON CONFLICT (course_id, school_id) DO UPDATE SET adjusted_units = EXCLUDED.adjusted_units, accepted_by = EXCLUDED.accepted_by`,
      [course.id, school.id, units, scope.user.id],
    );
    return { course, school, adjustedUnits: units };
  }

  async removeTransferability(ctx: RequestContext, raw: { original_course_id?: unknown; accepting_school_id?: unknown }): Promise<Course> {
    const scope = await this.staffScope(ctx);
    if (raw.original_course_id === undefined || raw.original_course_id === null || raw.original_course_id === '') throw badInput('original_course_id is required.');
    const course = await this.readable(ctx, scope, String(raw.original_course_id));
    const school = await this.acceptingSchool(ctx, scope, raw.accepting_school_id);
    const res = await this.db.getRepository(CourseTransfer).delete({ courseId: course.id, schoolId: school.id });
    if (!res.affected) throw notFound(COURSE_MESSAGES.notTransferable);
    return course;
  }

  // ---- CSV import ----------------------------------------------------------------------------

  /** Refuses callers who may not import before the file is read. */
  async assertCanImport(ctx: RequestContext): Promise<void> {
    const scope = await this.staffScope(ctx);
    if (!scope.school) throw badInput(COURSE_MESSAGES.noSchool);
  }

  get maxCsvBytes(): number {
    return this.csvMaxBytes;
  }

  /** Imports a course CSV into the caller's school of record, all good rows in one transaction. */
  async importCsv(ctx: RequestContext, file: { bytes: Buffer; filename?: string | null; mimetype?: string | null }): Promise<ImportResult> {
    const scope = await this.staffScope(ctx);
    if (!scope.school) throw badInput(COURSE_MESSAGES.noSchool);
    await limit(ctx, 'upload');
    if (file.bytes.length > this.csvMaxBytes) throw badInput(tooLargeMessage(this.csvMaxBytes));
    const name = (file.filename ?? '').toLowerCase();
    const type = (file.mimetype ?? '').toLowerCase();
    const csvType = ['text/csv', 'application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'].includes(type);
    if (file.filename != null && !name.endsWith('.csv') && !csvType) throw badInput(COURSE_MESSAGES.notCsv);
    if (!file.bytes.length) throw badInput(COURSE_MESSAGES.emptyFile);
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(file.bytes);
    } catch {
      throw badInput(COURSE_MESSAGES.notCsv);
    }
    if (hasNul(text)) throw badInput(COURSE_MESSAGES.notCsv);
    if (!text.trim()) throw badInput(COURSE_MESSAGES.emptyFile);
    const schoolId = scope.school.id;
    try {
      return await this.db.transaction((m) => importCatalogue(m, schoolId, text));
    } catch (e) {
      if (e instanceof CsvFileError) throw badInput(e.message);
      throw e;
    }
  }
}

function requirementInfo(r: RequirementRow): RequirementInfo {
  return {
    uuid: r.uuid,
    name: r.name,
    pathwayUuid: r.pathwayUuid,
    pathwayName: r.pathwayName,
    pathwayNames: [r.pathwayName],
    pathwayColors: [r.pathwayColor],
    schoolUuid: r.schoolUuid,
    schoolName: r.schoolName,
    label: `${r.pathwayName}: ${r.name}`,
  };
}

/** A school named by number where its uuid was not given: anything else is a 400. */
function parseSchoolId(v: unknown): number {
  const id = toId(v);
  if (id === null) throw badInput('Not a valid school id: expected the school\'s uuid or number.');
  return id;
}

function emptyPage(): CoursePage {
  return { rows: [], totalCount: 0, endCursor: null, hasNextPage: false };
}

function uniqueViolation(e: unknown): boolean {
  return (e as { code?: string; driverError?: { code?: string } })?.code === '23505' || (e as { driverError?: { code?: string } })?.driverError?.code === '23505';
}

/** undefined: not given; null: given but not a valid number of units. */
function parseUnitsValue(v: unknown): number | null | undefined {
  if (v === undefined) return undefined;
  if (v === null || v === '') return null;
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^\s*[+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > UNITS_MAX) return null;
  return Math.round(n * 100) / 100;
}

interface ParsedCourseInput {
  courseId?: string;
  title?: string;
  description?: string;
  units?: number;
  subject?: string;
  groups?: string[][];
  tags?: Record<string, string>;
}

function textField(v: unknown, label: string, max: number): string | undefined {
  if (v === undefined) return undefined;
  if (v === null) return '';
  if (typeof v !== 'string' && typeof v !== 'number') throw badInput(`${label} must be text.`);
  const s = String(v).trim();
  if (hasNul(s)) throw badInput(NUL_MESSAGE);
  if (s.length > max) throw badInput(`${label} must be at most ${max} characters.`);
  return s;
}

/** The create and update payloads (spec §3): validated, or a 400 that names the problem. */
export function parseCourseInput(raw: CourseInput, partial: boolean): ParsedCourseInput {
  if (!raw || typeof raw !== 'object') throw badInput('The request body must be a JSON object.');
  const out: ParsedCourseInput = {};
  out.courseId = textField(raw.course_id, 'Course ID', COURSE_ID_MAX);
  out.title = textField(raw.title, 'Title', TITLE_MAX);
  out.description = textField(raw.description, 'Description', DESCRIPTION_MAX);
  out.subject = textField(raw.subject, 'Subject', 100);
  if (!partial || out.courseId !== undefined) if (!out.courseId) throw badInput(COURSE_MESSAGES.courseIdRequired);
  if (!partial || out.title !== undefined) if (!out.title) throw badInput(COURSE_MESSAGES.titleRequired);
  const units = parseUnitsValue(raw.units === '' && !partial ? undefined : raw.units);
  if (units === null) throw badInput(COURSE_MESSAGES.units);
  out.units = units;
  if (raw.prerequisite_groups !== undefined && raw.prerequisite_groups !== null) {
    let g = raw.prerequisite_groups;
    if (typeof g === 'string') {
      // Form posts may send the groups as JSON text.
      try {
        g = JSON.parse(g);
      } catch {
        throw badInput('Prerequisite groups must be a list of lists of course uuids.');
      }
    }
    if (!Array.isArray(g) || g.some((x) => !Array.isArray(x) || x.some((u) => typeof u !== 'string'))) {
      throw badInput('Prerequisite groups must be a list of lists of course uuids.');
    }
    const groups = (g as string[][]).map((x) => [...new Set(x)]).filter((x) => x.length);
    if (groups.length > MAX_GROUPS) throw badInput(`A course may have at most ${MAX_GROUPS} prerequisite groups.`);
    if (groups.some((x) => x.length > MAX_GROUP_MEMBERS)) throw badInput(`A prerequisite group may have at most ${MAX_GROUP_MEMBERS} courses.`);
    for (const u of groups.flat()) if (!isUuid(u)) throw badInput(`Prerequisite course not found: ${String(u).slice(0, 60)}.`);
    out.groups = groups;
  } else if (raw.prerequisite_groups === null) out.groups = [];
  if (raw.tags !== undefined && raw.tags !== null) {
    let t = raw.tags;
    if (typeof t === 'string') {
      try {
        t = JSON.parse(t);
      } catch {
        throw badInput('Tags must be a map of tag keys to tag names.');
      }
    }
    const tags: Record<string, string> = {};
    if (Array.isArray(t)) {
      // A list of tag names is accepted too: keys are made from the names.
      for (const name of t) {
        if (typeof name !== 'string' || !name.trim() || name.length > 100) throw badInput('Each tag must be a name of 1 to 100 characters.');
        tags[tagKey(name)] = name.trim();
      }
    } else if (t && typeof t === 'object') {
      for (const [key, value] of Object.entries(t as Record<string, unknown>)) {
        if (!/^[a-z0-9_]{1,60}$/.test(key)) throw badInput(`Tag key "${key.slice(0, 60)}" must be 1 to 60 lower-case letters, digits or underscores.`);
        if (typeof value !== 'string' || !value.trim() || value.length > 100 || hasNul(value)) throw badInput(`Tag "${key}" must have a name of 1 to 100 characters.`);
        tags[key] = value.trim();
      }
    } else throw badInput('Tags must be a map of tag keys to tag names.');
    if (Object.keys(tags).length > 30) throw badInput('A course may have at most 30 tags.');
    out.tags = tags;
  } else if (raw.tags === null) out.tags = {};
  return out;
}

