/**
 * Viewing the product as a student. The server issues the student's token only to staff of the
 * student's school or a parent linked to the student, records who is acting, makes a parent's
 * token read-only, and swaps back only to the same admin or parent.
 */
import { recordAccess } from '../access-log/record-access.js';
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { badInput, notFound, because } from '../../core/errors.js';
import { authorize, requireCaller } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { MAX_ID } from '../../core/ids.js';
import type { SchoolsService } from '../schools/schools.service.js';
import type { AccountsService } from './accounts.service.js';
import { ParentStudentLink, User, UserType } from './user.entity.js';
import { can, VIEW_AS_POLICY_MESSAGES } from './view-as.policy.js';

/** A view lasts a working day at most; the admin's or parent's own token is kept aside meanwhile. */
const VIEW_AS_TTL_MINUTES = 12 * 60;

export const VIEW_AS_MESSAGES = {
  notViewing: 'VIEW_AS_NOT_VIEWING',
  ...VIEW_AS_POLICY_MESSAGES,
} as const;

export class ViewAsService {
  constructor(
    private readonly db: DataSource,
    private readonly accounts: AccountsService,
    private readonly schools: SchoolsService,
  ) {}

  async viewAsStudent(ctx: RequestContext, input: Checked<number>): Promise<string> {
    const caller = authorize(ctx, can, 'start', null);
    const studentId = valid(input);
    // Ids are PostgreSQL integers: a larger number names no student (and must not reach the query).
    const student = studentId <= MAX_ID ? await this.db.getRepository(User).findOneBy({ id: studentId }) : null;
    // An unknown id and someone else's student answer alike: nothing is learned by guessing ids.
    if (!student) throw notFound(because(VIEW_AS_MESSAGES.studentNotFound));
    // The facts of the viewer's kind: the schools staff reach, whether a parent is linked.
    const viewer = caller.user;
    const reach = viewer.userType === UserType.Staff ? await this.schools.accessibleSchoolIds(viewer) : [];
    const linked = viewer.userType === UserType.Parent && (await this.db.getRepository(ParentStudentLink).existsBy({ parentId: viewer.id, studentId: student.id }));
    authorize(ctx, can, 'start', { student: { type: student.userType, schoolId: student.schoolId }, reach, linked });
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
    if (caller.actingUserId === null) throw badInput(because(VIEW_AS_MESSAGES.notViewing));
    const token = typeof heldToken === 'string' ? heldToken.trim() : '';
    if (!token) throw badInput(because(VIEW_AS_MESSAGES.sessionEnded));
    const held = await this.accounts.tokenRow(token);
    authorize(ctx, can, 'return', { held, role });
    const actor = await this.db.getRepository(User).findOneBy({ id: held!.userId });
    authorize(ctx, can, 'return', { held, heldType: actor?.userType ?? null, role });
    await this.accounts.revokeToken(caller.tokenId);
    return token;
  }
}
