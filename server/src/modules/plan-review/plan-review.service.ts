/**
 * Plan review and approval (behind the school flag plan_approval_enabled). The student submits
 * their plan; staff of the student's school approve it or return it with a comment; the student
 * revises and submits again. After approval the plan stays editable: any change (a course added,
 * removed, moved to another term, or given another grade) makes it "changed since approval", and
 * the counselor sees exactly those changes against the approved version; approving again records a
 * new version. Who did what and when is kept (plan_review_events); linked parents read the state and
 * are told of an approval or a return through the outbox, by email or text as they prefer, in their
 * own language.
 *
 * Decisions:
 * - The state is derived, never stored: the latest event, and for an approval whether the plan
 *   still equals the approved version (review-facts.ts, one statement; the caseload reads the same).
 * - A transition from the wrong state is a 409 with a sentence saying why (e.g. approving a plan
 *   that was returned and not yet resubmitted); the state is read under the plan's row lock, so two
 *   counselors acting at once cannot both approve.
 * - The counselor may approve or return a plan "changed since approval" without the student
 *   submitting again; the student may submit it again too.
 * - Staff reads of a review (with its changes) are access logged ('plan_review_view').
 * - An approval while the school's course-request window is open keeps the student's requests for
 *   its school year as submitted (modules/course-requests/); a later return or approval does not
 *   change them: staff do.
 */
import type { DataSource, EntityManager } from 'typeorm';
import type { Config } from '../../config.js';
import type { Caller, RequestContext } from '../../context.js';
import { conflict, notFound, because } from '../../core/errors.js';
import { parseId } from '../../core/ids.js';
import { authorize, permits, requireCaller } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import { message } from '../../messages/messages.js';
import { UserType } from '../accounts/user.entity.js';
import { recordAccess } from '../access-log/record-access.js';
import type { OutboxService } from '../outbox/outbox.service.js';
import { ownSchoolIds } from '../schools/reach.js';
import { can, PLAN_REVIEW_POLICY_MESSAGES, type PlanReviewAction, type PlanReviewObject } from './plan-review.policy.js';
import type { ReturnPlanInput } from './plan-review-input.js';
import { loadReviewFacts } from './review-facts.js';
import { keepRequests, loadWindow, windowState } from '../course-requests/request-store.js';
import { planChanges, planReviewStatus, TRANSITIONS, type PlanChange, type PlanReviewStatus, type ReviewAction, type SnapshotEntry } from './review-state.js';
import type { Reason } from '@planner/shared';

export const PLAN_REVIEW_MESSAGES = {
  ...PLAN_REVIEW_POLICY_MESSAGES,
  alreadySubmitted: 'REVIEW_ALREADY_SUBMITTED',
  nothingToSubmit: 'REVIEW_NOTHING_TO_SUBMIT',
  notSubmitted: 'REVIEW_NOT_SUBMITTED',
  awaitingResubmission: 'REVIEW_AWAITING_RESUBMISSION',
  alreadyApproved: 'REVIEW_ALREADY_APPROVED',
} as const;

const M = PLAN_REVIEW_MESSAGES;

export interface PlanReviewEventView {
  id: number;
  action: ReviewAction;
  actorName: string | null;
  comment: string | null;
  createdAt: Date;
  /** The approved version an approval recorded. */
  version: number | null;
}

export interface PlanChangeView extends PlanChange {
  courseCode: string;
  title: string;
  fromTermLabel: string | null;
  toTermLabel: string | null;
}

export interface PlanReviewView {
  studentId: number;
  studentName: string;
  /** The school's plan_approval_enabled: off, the plan is always a draft and nothing can be done. */
  enabled: boolean;
  status: PlanReviewStatus;
  /** The counselor's comment while the plan is returned. */
  comment: string | null;
  approvedVersion: number | null;
  approvedAt: Date | null;
  events: PlanReviewEventView[];
  /** What changed since the approved version: for staff of the student's school only, null otherwise or with no approved version. */
  changes: PlanChangeView[] | null;
  canSubmit: boolean;
  canReview: boolean;
}

interface StudentRow {
  id: number;
  school_id: number | null;
  first_name: string;
  last_name: string;
  academic_year_labels: unknown;
  school_name: string | null;
  enabled: boolean | null;
}

const CONFLICTS: Record<'submit' | 'approve' | 'return', Partial<Record<PlanReviewStatus, Reason>>> = {
  submit: { submitted: M.alreadySubmitted, approved: M.nothingToSubmit },
  approve: { draft: M.notSubmitted, returned: M.awaitingResubmission, approved: M.alreadyApproved },
  return: { draft: M.notSubmitted, returned: M.awaitingResubmission, approved: M.alreadyApproved },
};

export class PlanReviewService {
  constructor(
    private readonly db: DataSource,
    private readonly config: Config,
    private readonly outbox: OutboxService,
  ) {}

  /** The review of a student's plan (default: the plan of the account the token acts as). */
  async review(ctx: RequestContext, rawStudentId?: unknown): Promise<PlanReviewView> {
    const { caller, student, object } = await this.load(ctx, rawStudentId);
    authorize(ctx, can, 'read', object);
    const counselor = permits(caller, can, 'readChanges', object);
    if (counselor) {
      await recordAccess(this.db, caller, {
        studentId: student.id,
        schoolId: student.school_id,
        action: 'plan_review_view',
        reason: caller.actingUserId ? 'plan review read while viewing as the student' : 'plan review read by staff',
      });
    }
    return this.view(this.db.manager, caller, student, object, counselor);
  }

  /** The student submits their plan for review. */
  submit(ctx: RequestContext, rawStudentId?: unknown): Promise<PlanReviewView> {
    return this.transition(ctx, rawStudentId, 'submit', async (m, student, actorId) => {
      await m.query(`INSERT INTO plan_review_events (student_id, action, actor_user_id) VALUES ($1, 'submitted', $2)`, [student.id, actorId]);
    });
  }

  /** Staff approve the plan: its entries are kept as the next approved version. */
  approve(ctx: RequestContext, rawStudentId?: unknown): Promise<PlanReviewView> {
    return this.transition(ctx, rawStudentId, 'approve', async (m, student, actorId) => {
      const [{ version }] = await m.query(`SELECT coalesce(max(version), 0) + 1 AS version FROM plan_approved_versions WHERE student_id = $1`, [student.id]);
      const [{ id }] = await m.query(`INSERT INTO plan_approved_versions (student_id, version, approved_by) VALUES ($1, $2, $3) RETURNING id`, [
        student.id,
        version,
        actorId,
      ]);
      await m.query(
        `INSERT INTO plan_approved_entries (version_id, course_id, term, grade)
         SELECT $1, course_id, term, grade FROM scheduled_courses WHERE user_id = $2 ON CONFLICT DO NOTHING`,
        [id, student.id],
      );
      await m.query(`INSERT INTO plan_review_events (student_id, action, actor_user_id, version_id) VALUES ($1, 'approved', $2, $3)`, [student.id, actorId, id]);
      // While the school's course-request window is open, the approved plan's courses for its year are the student's requests, kept as submitted.
      const window = student.school_id === null ? null : await loadWindow(m, student.school_id);
      if (window && !window.frozenAt && windowState(window) === 'open') await keepRequests(m, window.schoolId, window.schoolYear, 'plan_approval', [student.id]);
      await this.tellParents(m, student, actorId, 'approved', null);
    });
  }

  /** Staff return the plan to the student with a comment. */
  returnPlan(ctx: RequestContext, rawStudentId: unknown, checked: Checked<ReturnPlanInput>): Promise<PlanReviewView> {
    return this.transition(
      ctx,
      rawStudentId,
      'return',
      async (m, student, actorId) => {
        const { comment } = valid(checked);
        await m.query(`INSERT INTO plan_review_events (student_id, action, actor_user_id, comment) VALUES ($1, 'returned', $2, $3)`, [student.id, actorId, comment]);
        await this.tellParents(m, student, actorId, 'returned', comment);
      },
      checked,
    );
  }

  // ---- internals ------------------------------------------------------------------------------

  private async transition(
    ctx: RequestContext,
    rawStudentId: unknown,
    action: 'submit' | 'approve' | 'return',
    act: (m: EntityManager, student: StudentRow, actorId: number) => Promise<void>,
    checked?: Checked<unknown>,
  ): Promise<PlanReviewView> {
    const { caller, student, object } = await this.load(ctx, rawStudentId);
    authorize(ctx, can, action, object);
    if (checked) valid(checked);
    const actorId = caller.actingUserId ?? caller.user.id;
    return this.db.transaction(async (m) => {
      // The plan's row lock (plan writes take it too): the state read here is the one acted on.
      await m.query(`SELECT id FROM users WHERE id = $1 FOR UPDATE`, [student.id]);
      const status = planReviewStatus((await loadReviewFacts(m, [student.id])).get(student.id) ?? { studentId: student.id });
      if (!TRANSITIONS[action].includes(status)) throw conflict(because(CONFLICTS[action][status] ?? M.notSubmitted));
      await act(m, student, actorId);
      return this.view(m, caller, student, object, permits(caller, can, 'readChanges', object));
    });
  }

  /** The student and the facts the policy decides on; 400 for a malformed id, 404 for no such student. */
  private async load(ctx: RequestContext, rawStudentId: unknown): Promise<{ caller: Caller; student: StudentRow; object: PlanReviewObject }> {
    const caller = requireCaller(ctx);
    const id = rawStudentId === undefined || rawStudentId === null ? caller.user.id : parseId(rawStudentId, 'student');
    const [student]: StudentRow[] = await this.db.query(
      `SELECT u.id, u.school_id, u.first_name, u.last_name, u.academic_year_labels, s.name AS school_name, s.plan_approval_enabled AS enabled
         FROM users u LEFT JOIN schools s ON s.id = u.school_id
        WHERE u.id = $1 AND u.user_type = $2 AND u.deactivated_at IS NULL`,
      [id, UserType.Student],
    );
    if (!student) throw notFound(because(M.studentNotFound));
    // The person behind the request: the caller, or on a view-as token the staff member or parent acting.
    let person = { id: caller.user.id, type: caller.user.userType, schoolId: caller.user.schoolId };
    if (caller.actingUserId !== null) {
      const [acting] = await this.db.query(`SELECT id, user_type AS type, school_id AS "schoolId" FROM users WHERE id = $1`, [caller.actingUserId]);
      person = acting ?? { id: caller.actingUserId, type: UserType.Parent, schoolId: null };
    }
    const staffSchoolIds = person.type === UserType.Staff ? await ownSchoolIds(this.db.manager, person) : [];
    const linkedParent =
      caller.user.userType === UserType.Parent
        ? (await this.db.query(`SELECT 1 FROM parent_student_links WHERE parent_id = $1 AND student_id = $2`, [caller.user.id, student.id])).length > 0
        : false;
    return {
      caller,
      student,
      object: {
        student: { id: student.id, schoolId: student.school_id },
        enabled: student.enabled === true,
        actingType: caller.actingUserId !== null ? person.type : null,
        staffSchoolIds,
        linkedParent,
      },
    };
  }

  private async view(m: EntityManager, caller: Caller, student: StudentRow, object: PlanReviewObject, counselor: boolean): Promise<PlanReviewView> {
    const facts = (await loadReviewFacts(m, [student.id])).get(student.id) ?? { studentId: student.id };
    const status = planReviewStatus(facts);
    const events: (PlanReviewEventView & { versionId: number | null })[] = await m.query(
      `SELECT e.id, e.action, e.comment, e.created_at AS "createdAt", e.version_id AS "versionId", v.version,
              CASE WHEN a.id IS NULL THEN NULL ELSE trim(a.first_name || ' ' || a.last_name) END AS "actorName"
         FROM plan_review_events e
         LEFT JOIN users a ON a.id = e.actor_user_id
         LEFT JOIN plan_approved_versions v ON v.id = e.version_id
        WHERE e.student_id = $1 ORDER BY e.id DESC`,
      [student.id],
    );
    const latestApproval = events.find((e) => e.action === 'approved' && e.versionId !== null) ?? null;
    const latest = events[0];
    let changes: PlanChangeView[] | null = null;
    if (counselor && object.enabled && latestApproval) changes = await this.changes(m, student, latestApproval.versionId!);
    return {
      studentId: student.id,
      studentName: `${student.first_name} ${student.last_name}`.trim(),
      enabled: object.enabled,
      status,
      comment: status === 'returned' && latest?.action === 'returned' ? latest.comment : null,
      approvedVersion: latestApproval?.version ?? null,
      approvedAt: latestApproval?.createdAt ?? null,
      events: events.map(({ versionId: _v, ...e }) => e),
      changes,
      canSubmit: permits(caller, can, 'submit', object) && TRANSITIONS.submit.includes(status),
      canReview: permits(caller, can, 'approve', object) && TRANSITIONS.approve.includes(status),
    };
  }

  /** The plan now against an approved version, with the courses' codes and titles and the terms' labels. */
  private async changes(m: EntityManager, student: StudentRow, versionId: number): Promise<PlanChangeView[]> {
    const [approved, current]: SnapshotEntry[][] = await Promise.all([
      m.query(`SELECT course_id AS "courseId", term, grade FROM plan_approved_entries WHERE version_id = $1`, [versionId]),
      m.query(`SELECT course_id AS "courseId", term, grade FROM scheduled_courses WHERE user_id = $1`, [student.id]),
    ]);
    const list = planChanges(approved, current);
    if (!list.length) return [];
    const courses: { id: number; code: string; title: string }[] = await m.query(`SELECT id, course_id AS code, title FROM courses WHERE id = ANY($1::int[])`, [
      [...new Set(list.map((c) => c.courseId))],
    ]);
    const byId = new Map(courses.map((c) => [c.id, c]));
    const labels = Array.isArray(student.academic_year_labels) ? (student.academic_year_labels as string[]) : [];
    const label = (term: string | null) => (term === null ? null : (labels[Number(term) - 1] ?? `Term ${term}`));
    return list.map((c) => ({
      ...c,
      courseCode: byId.get(c.courseId)?.code ?? '',
      title: byId.get(c.courseId)?.title ?? '',
      fromTermLabel: label(c.fromTerm),
      toTermLabel: label(c.toTerm),
    }));
  }

  /**
   * Each linked parent hears of an approval or a return: a text when they prefer texts and gave a
   * phone, else an email; in their own language; queued in the same transaction as the event. The
   * text carries the school's name and the link only, no student name or comment (outbox/sms-rules.ts).
   */
  private async tellParents(m: EntityManager, student: StudentRow, actorId: number, what: 'approved' | 'returned', comment: string | null): Promise<void> {
    const parents: { id: number; email: string; locale: string; first_name: string; contact_preference: string; phone: string | null }[] = await m.query(
      `SELECT u.id, u.email, u.locale, u.first_name, u.contact_preference, u.phone
         FROM parent_student_links l JOIN users u ON u.id = l.parent_id
        WHERE l.student_id = $1 AND u.user_type = $2 AND u.deactivated_at IS NULL ORDER BY u.id`,
      [student.id, UserType.Parent],
    );
    if (!parents.length) return;
    const [counselor] = await m.query(`SELECT trim(first_name || ' ' || last_name) AS name FROM users WHERE id = $1`, [actorId]);
    const values = {
      studentName: `${student.first_name} ${student.last_name}`.trim(),
      counselorName: counselor?.name || student.school_name || '',
      schoolName: student.school_name ?? '',
      link: `${this.config.publicUrl}/parent-students`,
      comment: comment ?? '',
    };
    const about = { schoolId: student.school_id, userId: student.id };
    for (const p of parents) {
      const subject = message(p.locale, what === 'approved' ? 'planReview.approved.subject' : 'planReview.returned.subject', values);
      const body = message(p.locale, what === 'approved' ? 'planReview.approved.body' : 'planReview.returned.body', { ...values, parentName: p.first_name || '' });
      const phone = p.phone?.trim();
      if (p.contact_preference === 'sms' && phone) {
        const text = { schoolName: values.schoolName, link: values.link };
        await this.outbox.enqueue('sms', phone, message(p.locale, `sms.planReview.${what}.subject`), message(p.locale, `sms.planReview.${what}.body`, text), about, m);
      } else if (p.email) await this.outbox.enqueue('email', p.email, subject, body, about, m);
    }
  }
}

export type { PlanReviewAction };
