/**
 * The review state of a plan and what changed since its approved version: pure rules, read by the
 * plan review service and, through caseload/review-status.ts, by the caseload, so both always agree.
 *
 * - draft: never submitted (or the school has plan review off: then every plan is a draft);
 * - submitted, returned: the last event; returned carries the counselor's comment;
 * - approved: the last event is an approval and the plan equals the approved version;
 * - changed_since_approval: the last event is an approval and a course was added, removed, moved
 *   to another term or given another grade since. The plan stays editable after approval; this is
 *   how the counselor hears of it.
 */
export const PLAN_REVIEW_STATUSES = ['draft', 'submitted', 'returned', 'approved', 'changed_since_approval'] as const;
export type PlanReviewStatus = (typeof PLAN_REVIEW_STATUSES)[number];

/** The events of a plan's review history, as stored (plan_review_events.action). */
export const REVIEW_ACTIONS = ['submitted', 'returned', 'approved'] as const;
export type ReviewAction = (typeof REVIEW_ACTIONS)[number];

/** What a plan's review status depends on; a student with no facts loaded is a draft. */
export interface ReviewFacts {
  studentId: number;
  /** The school's plan_approval_enabled flag. */
  enabled?: boolean;
  /** The latest review event, null when there is none. */
  lastAction?: ReviewAction | null;
  /** Whether the plan differs (course, term, grade) from its latest approved version. */
  changedSinceApproval?: boolean;
}

export function planReviewStatus(facts: ReviewFacts): PlanReviewStatus {
  if (!facts.enabled || !facts.lastAction) return 'draft';
  if (facts.lastAction === 'approved') return facts.changedSinceApproval ? 'changed_since_approval' : 'approved';
  return facts.lastAction;
}

/** The transitions: which states each action may start from. */
export const TRANSITIONS: Record<'submit' | 'approve' | 'return', readonly PlanReviewStatus[]> = {
  submit: ['draft', 'returned', 'changed_since_approval'],
  approve: ['submitted', 'changed_since_approval'],
  return: ['submitted', 'changed_since_approval'],
};

/** A plan entry as an approved version keeps it. */
export interface SnapshotEntry {
  courseId: number;
  term: string;
  grade: string;
}

/** How a course changed since the approved version. */
export const PLAN_CHANGE_KINDS = ['added', 'removed', 'moved', 'grade_changed'] as const;
export type PlanChangeKind = (typeof PLAN_CHANGE_KINDS)[number];

export interface PlanChange {
  kind: PlanChangeKind;
  courseId: number;
  /** The term before (removed, moved, grade_changed), null for an added course. */
  fromTerm: string | null;
  /** The term now (added, moved, grade_changed), null for a removed course. */
  toTerm: string | null;
  fromGrade: string | null;
  toGrade: string | null;
}

const ORDER: Record<PlanChangeKind, number> = { added: 0, removed: 1, moved: 2, grade_changed: 3 };

/**
 * What changed from the approved entries to the current ones, by course: added, removed, moved
 * between terms, and a changed grade (a moved course whose grade also changed gives both). Sorted
 * by kind, then term, then course id, so the list reads the same every time.
 */
export function planChanges(approved: SnapshotEntry[], current: SnapshotEntry[]): PlanChange[] {
  const before = new Map(approved.map((e) => [e.courseId, e]));
  const now = new Map(current.map((e) => [e.courseId, e]));
  const out: PlanChange[] = [];
  for (const e of current) {
    const old = before.get(e.courseId);
    if (!old) {
      out.push({ kind: 'added', courseId: e.courseId, fromTerm: null, toTerm: e.term, fromGrade: null, toGrade: e.grade });
      continue;
    }
    if (old.term !== e.term) out.push({ kind: 'moved', courseId: e.courseId, fromTerm: old.term, toTerm: e.term, fromGrade: old.grade, toGrade: e.grade });
    if (old.grade !== e.grade) out.push({ kind: 'grade_changed', courseId: e.courseId, fromTerm: old.term, toTerm: e.term, fromGrade: old.grade, toGrade: e.grade });
  }
  for (const e of approved) {
    if (!now.has(e.courseId)) out.push({ kind: 'removed', courseId: e.courseId, fromTerm: e.term, toTerm: null, fromGrade: e.grade, toGrade: null });
  }
  const termOf = (c: PlanChange) => Number(c.toTerm ?? c.fromTerm);
  return out.sort((a, b) => ORDER[a.kind] - ORDER[b.kind] || termOf(a) - termOf(b) || a.courseId - b.courseId);
}
