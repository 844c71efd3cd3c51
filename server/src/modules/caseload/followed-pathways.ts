/**
 * The pathways a student follows: the ones they marked (student_pathways) among the pathways they
 * see; with none marked, their school's graduation pathway.
 *
 * The graduation pathway (decision; the spec names no such flag): schools.graduation_pathway_id
 * when set (staff choose it on the Pathways page: schools.service.ts setGraduationPathway); otherwise the school's pathway whose name contains "graduation" (case-insensitive),
 * the first by the display order (name, then uuid) if several do; otherwise none, and the caseload
 * shows "No pathway" rather than guessing a goal the school never named. The demo's Lincoln High
 * School follows "High School Graduation" by that rule.
 *
 * Who may mark: the student for themselves, and staff for a student of one of their schools
 * (caseload.policy.ts). A pathway the student does not see (modules/schools/reach.ts) cannot be
 * marked; a marked pathway the student no longer sees is ignored, not deleted.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import type { Loaders } from '../../loaders.js';
import { badInput, forbidden, notFound, because } from '../../core/errors.js';
import { parseId, parseUuid } from '../../core/ids.js';
import { authorize, requireCaller } from '../../core/policy.js';
import { UserType } from '../accounts/user.entity.js';
import { Pathway } from '../pathways/pathway.entity.js';
import { byName } from '../pathways/progress.js';
import { ownSchoolIds } from '../schools/reach.js';
import { can, CASELOAD_POLICY_MESSAGES, type CaseloadAction } from './caseload.policy.js';

export const FOLLOW_MESSAGES = {
  pathwayNotFound: 'PATHWAY_NOT_FOUND',
  notVisible: 'PATHWAY_NOT_VISIBLE',
  studentRequired: 'FOLLOW_STUDENT_REQUIRED',
} as const;

/** The school's graduation pathway among its pathways (see the header). */
export function graduationPathwayId(explicit: number | null, schoolPathways: { id: number; uuid: string; name: string }[]): number | null {
  if (explicit !== null && schoolPathways.some((p) => p.id === explicit)) return explicit;
  const named = schoolPathways.filter((p) => /graduation/i.test(p.name)).sort(byName);
  return named[0]?.id ?? null;
}

/** The followed pathway ids: the marked ones the student sees, else the graduation pathway. */
export function followedPathwayIds(marked: number[], visible: (id: number) => boolean, graduation: number | null): { ids: number[]; marked: boolean } {
  const mine = marked.filter(visible);
  if (mine.length) return { ids: mine, marked: true };
  return { ids: graduation === null ? [] : [graduation], marked: false };
}

export interface FollowedPathway {
  pathway: Pathway;
  /** false: not marked, followed as the school's graduation pathway. */
  marked: boolean;
}

export class FollowedPathwaysService {
  constructor(private readonly db: DataSource) {}

  /** The student concerned: the caller (a student), or `studentId` for staff; checked against the policy. */
  private async student(ctx: RequestContext, action: CaseloadAction, rawId: unknown): Promise<{ id: number; schoolId: number | null }> {
    const caller = authorize(ctx, can, action, null);
    if (caller.user.userType === UserType.Student && (rawId === undefined || rawId === null)) return { id: caller.user.id, schoolId: caller.user.schoolId };
    if (rawId === undefined || rawId === null || rawId === '') throw badInput(because(FOLLOW_MESSAGES.studentRequired));
    const id = parseId(rawId, 'student');
    const [row]: { id: number; school_id: number | null }[] = await this.db.query(
      `SELECT id, school_id FROM users WHERE id = $1 AND user_type = $2 AND deactivated_at IS NULL`,
      [id, UserType.Student],
    );
    if (!row) throw notFound(because(CASELOAD_POLICY_MESSAGES.studentNotFound));
    const student = { id: row.id, schoolId: row.school_id };
    authorize(ctx, can, action, { student, ownSchoolIds: await ownSchoolIds(this.db.manager, caller.user) });
    return student;
  }

  async list(ctx: RequestContext, studentId?: unknown): Promise<FollowedPathway[]> {
    const student = await this.student(ctx, 'readFollowed', studentId);
    return this.followed(ctx, student);
  }

  /** Marks (follow) or unmarks a pathway for the student; answers the pathways followed afterwards. */
  async follow(ctx: RequestContext, pathwayUuid: unknown, follow: boolean, studentId?: unknown): Promise<FollowedPathway[]> {
    requireCaller(ctx);
    const student = await this.student(ctx, 'follow', studentId);
    const pathway = await this.db.getRepository(Pathway).findOneBy({ uuid: parseUuid(pathwayUuid, 'pathway') });
    if (!pathway) throw notFound(because(FOLLOW_MESSAGES.pathwayNotFound));
    const reach = await ctx.loaders.reach.load(student.id);
    if (!reach.schoolIds.includes(pathway.schoolId)) throw forbidden(because(FOLLOW_MESSAGES.notVisible));
    if (follow) {
      await this.db.query(`INSERT INTO student_pathways (student_id, pathway_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [student.id, pathway.id]);
    } else {
      await this.db.query(`DELETE FROM student_pathways WHERE student_id = $1 AND pathway_id = $2`, [student.id, pathway.id]);
    }
    return this.followed(ctx, student);
  }

  private followed(ctx: RequestContext, student: { id: number; schoolId: number | null }): Promise<FollowedPathway[]> {
    return this.followedBy(ctx.loaders, student);
  }

  /** The pathways a student follows, for a caller already authorized (a background job's, with its own loaders). */
  async followedBy(loaders: Loaders, student: { id: number; schoolId: number | null }): Promise<FollowedPathway[]> {
    const reach = await loaders.reach.load(student.id);
    if (!reach.schoolIds.length) return [];
    const [pathways, marked, school] = await Promise.all([
      this.db.getRepository(Pathway).createQueryBuilder('p').where('p.school_id IN (:...ids)', { ids: reach.schoolIds }).getMany(),
      this.db.query(`SELECT pathway_id FROM student_pathways WHERE student_id = $1`, [student.id]) as Promise<{ pathway_id: number }[]>,
      this.db.query(`SELECT graduation_pathway_id FROM schools WHERE id = $1`, [student.schoolId ?? -1]) as Promise<{ graduation_pathway_id: number | null }[]>,
    ]);
    const byId = new Map(pathways.map((p) => [p.id, p]));
    const graduation = graduationPathwayId(
      school[0]?.graduation_pathway_id ?? null,
      pathways.filter((p) => p.schoolId === student.schoolId),
    );
    const { ids, marked: isMarked } = followedPathwayIds(
      marked.map((m) => m.pathway_id),
      (id) => byId.has(id),
      graduation,
    );
    return ids.map((id) => ({ pathway: byId.get(id)!, marked: isMarked })).sort((a, b) => byName(a.pathway, b.pathway));
  }
}
