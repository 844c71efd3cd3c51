/**
 * Viewing the product as a student. The server issues the student's token only to staff of the
 * student's school or a parent linked to the student, records who is acting, makes a parent's
 * token read-only, and swaps back only to the same admin or parent.
 */
import { recordAccess } from '../access-log/access-log.service.js';
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { badInput, forbidden, notFound } from '../../core/errors.js';
import { requireCaller } from '../../core/policy.js';
import { parseInput, text, z } from '../../core/validation.js';
import type { SchoolsService } from '../schools/schools.service.js';
import type { AccountsService } from './accounts.service.js';
import { ParentStudentLink, User, UserType } from './user.entity.js';

/** A view lasts a working day at most; the admin's or parent's own token is kept aside meanwhile. */
const VIEW_AS_TTL_MINUTES = 12 * 60;
const MAX_ID = 2_147_483_647;

export const VIEW_AS_MESSAGES = {
  notViewing: 'You are not viewing as a student.',
  sessionEnded: 'Your own session has ended. Please sign in again.',
  nested: 'Return to your own view before viewing another student.',
} as const;

export class ViewAsService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly schools: SchoolsService,
  ) {}

  /** Whether `viewer` may see `student`'s records: staff of the student's school, or a linked parent. */
  async canView(viewer: User, student: User): Promise<boolean> {
    if (viewer.userType === UserType.Staff) {
      if (student.userType !== UserType.Student && student.userType !== UserType.BaselinePlan) return false;
      if (student.schoolId === null) return false;
      const schoolIds = await this.schools.accessibleSchoolIds(viewer);
      return schoolIds.includes(student.schoolId);
    }
    if (viewer.userType === UserType.Parent) {
      if (student.userType !== UserType.Student) return false;
      return this.db.getRepository(ParentStudentLink).existsBy({ parentId: viewer.id, studentId: student.id });
    }
    return false;
  }

  async viewAsStudent(ctx: RequestContext, raw: unknown): Promise<string> {
    const caller = requireCaller(ctx);
    if (caller.actingUserId !== null) throw forbidden(VIEW_AS_MESSAGES.nested);
    const { studentId } = parseInput(z.object({ studentId: z.coerce.number().int().positive() }), raw, 'Please choose a student.');
    // Ids are PostgreSQL integers: a larger number names no student (and must not reach the query).
    const student = studentId <= MAX_ID ? await this.db.getRepository(User).findOneBy({ id: studentId }) : null;
    // An unknown id and someone else's student answer alike: nothing is learned by guessing ids.
    if (!student || !(await this.canView(caller.user, student))) throw notFound('Student not found.');
    await recordAccess(this.db, caller, {
      studentId: student.id,
      action: 'view_as',
      reason: caller.user.userType === UserType.Parent ? 'view-as started by a linked parent' : 'view-as started by staff',
    });
    return this.accounts.issueToken(student.id, {
      actingUserId: caller.user.id,
      readOnly: caller.user.userType === UserType.Parent,
      ttlMinutes: VIEW_AS_TTL_MINUTES,
    });
  }

  /** Ends a view: checks the held-aside token is the acting person's own, revokes the view token. */
  async returnToOwnView(ctx: RequestContext, role: UserType.Staff | UserType.Parent, heldToken: unknown): Promise<string> {
    const caller = requireCaller(ctx);
    if (caller.actingUserId === null) throw badInput(VIEW_AS_MESSAGES.notViewing);
    const token = typeof heldToken === 'string' ? heldToken.trim() : '';
    if (!token) throw badInput(VIEW_AS_MESSAGES.sessionEnded);
    const row = await this.accounts.tokenRow(token);
    if (!row || row.userId !== caller.actingUserId || row.actingUserId !== null) throw forbidden(VIEW_AS_MESSAGES.sessionEnded);
    const actor = await this.db.getRepository(User).findOneBy({ id: row.userId });
    if (!actor || actor.userType !== role) throw forbidden(VIEW_AS_MESSAGES.sessionEnded);
    await this.accounts.revokeToken(caller.tokenId);
    return token;
  }
}
