/**
 * The counselor caseload: one row per student of the staff member's own schools (as the students
 * list), with the pathways the student follows (followed-pathways.ts), how many of their
 * requirements the plan meets and which it misses, prerequisite warnings, completed units, the
 * plan's review status (review-status.ts) and its last change; filtered, sorted, paged, or sent as CSV.
 *
 * One rule, never a second computation: requirement numbers come from the progress engine's
 * planProgress (the student's progress page calls the same function, over every requirement the
 * student sees), warnings and completed units from the plans area's buildView, the review status
 * from the plan review area's rule.
 *
 * How it scales (decision): per-student summaries stored with the counters of their inputs, the
 * rules of when one holds in freshness.ts (with the list of writes that make one stale). A read:
 *  1. finds the students in reach whose summary is missing or stale (one statement), computes at
 *     most REQUEST_BOUND of them (their facts, caseload-facts.ts, in a fixed number of statements;
 *     the engine; one upsert) and queues the rest (CASELOAD_QUEUE, refreshQueued);
 *  2. filters, sorts and pages in the database over the school's students joined with their
 *     summaries (caseload-page.ts): every student is listed and counted, a stale one with their
 *     last summary and `updating`; one statement answers the page, the count and (GraphQL) the
 *     filter choices;
 *  3. the page's pathways, its unread note counts and its access log rows.
 * The statements depend on whether any student is stale, never on how many students there are;
 * a read's engine work is bounded however many summaries a catalogue edit made stale.
 * Bench scenario `caseload` measures it with plan writes and a transfer (bench/README.md).
 *
 * Access log (decision): a caseload view reads the records of the students it shows, so it appends
 * one 'caseload_view' row per student on the page answered (not per student computed: a filter
 * reads nothing a person sees), in one INSERT; a CSV export appends one 'caseload_export' row per
 * student exported. Opening a student (view as) logs 'view_as' as before.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../context.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';
import { authorize } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import type { User } from '../accounts/user.entity.js';
import { recordAccessMany } from '../access-log/record-access.js';
import { spreadsheetCell } from '../courses/csv.js';
import { byName, countsAsCompleted, planProgress, type EngineLink } from '../pathways/progress.js';
import { unreadNoteCounts } from '../notes/plan-note-store.js';
import { buildView } from '../plans/plan-view.js';
import type { PlanEntry } from '../plans/plan-store.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { loadCaseloadFacts, loadPathways, type CaseloadFacts, type EntryFact, type PathwayFact, type RequirementFact, type StudentFact } from './caseload-facts.js';
import { readCaseloadPage, type PageRow } from './caseload-page.js';
import { rulesVersions, staleStudents, storeSummaries, type ComputedSummary, type MissingRequirement, type StaleStudent } from './caseload-summaries.js';
import { enqueueJob, stopIfAsked } from '../jobs/job-queue.js';
import { BACKGROUND_BATCH, CASELOAD_QUEUE, REQUEST_BOUND } from './freshness.js';
import type { CaseloadQuery } from './caseload-input.js';
import { can } from './caseload.policy.js';
import { followedPathwayIds, graduationPathwayId } from './followed-pathways.js';
import { reviewStatus, type ReviewStatus } from './review-status.js';

export type { MissingRequirement } from './caseload-summaries.js';

export interface CaseloadRow {
  studentId: number;
  firstName: string;
  lastName: string;
  email: string;
  grade: string | null;
  schoolId: number;
  pathways: PathwayFact[];
  /** false: no pathway marked, the school's graduation pathway is followed. */
  pathwaysMarked: boolean;
  requirementsMet: number;
  requirementsTotal: number;
  missingRequirements: MissingRequirement[];
  warnings: string[];
  completedUnits: number;
  reviewStatus: ReviewStatus;
  lastPlanChange: Date | null;
  /** The summary is stale or was never computed (then the numbers are zeros): the queue is computing it. */
  updating: boolean;
}

/** A row as answered to one staff member: with the notes on the student's plan they have not read (modules/notes/). */
export type CaseloadRowFor = CaseloadRow & { unreadNotes: number };

/** The reader's unread note counts on `rows`, in one statement whatever their number. */
async function withUnreadNotes(db: DataSource, staffUserId: number, rows: CaseloadRow[]): Promise<CaseloadRowFor[]> {
  const unread = await unreadNoteCounts(
    db,
    staffUserId,
    rows.map((r) => r.studentId),
  );
  return rows.map((r) => ({ ...r, unreadNotes: unread.get(r.studentId) ?? 0 }));
}

export interface CaseloadPage {
  rows: CaseloadRowFor[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  /** Filter choices over every student in reach: their grades and the pathways they follow (empty when not asked for). */
  grades: string[];
  pathways: PathwayFact[];
}

/** Summaries for every student of `facts`, by the engine and the plan view. Pure. */
export function summarize(facts: CaseloadFacts): ComputedSummary[] {
  // Students of one school mostly share a reach: requirement lists are built once per reach.
  const requirementsFor = new Map<string, RequirementFact[]>();
  const pathwaysOfSchool = new Map<number, PathwayFact[]>();
  for (const p of facts.pathways.values()) pathwaysOfSchool.set(p.schoolId, [...(pathwaysOfSchool.get(p.schoolId) ?? []), p]);
  const graduation = new Map<number, number | null>();
  for (const [schoolId, explicit] of facts.graduationPathway) graduation.set(schoolId, graduationPathwayId(explicit, pathwaysOfSchool.get(schoolId) ?? []));

  return facts.students.map((s) => {
    const visible = facts.visibleSchools.get(s.id) ?? [];
    const key = visible.join(',');
    let requirements = requirementsFor.get(key);
    if (!requirements) {
      requirements = visible.flatMap((id) => facts.requirementsBySchool.get(id) ?? []);
      requirementsFor.set(key, requirements);
    }
    const entries = facts.plans.get(s.id) ?? [];
    const links: EngineLink[] = [...new Set(entries.map((e) => e.id))].flatMap((id) => facts.linksByCourse.get(id) ?? []);
    const progress = planProgress(
      requirements,
      entries.map((e) => ({ ...e, completed: countsAsCompleted(e, e.hasRecord) })),
      links,
      s.schoolId,
    );

    const seen = (id: number) => {
      const p = facts.pathways.get(id);
      return !!p && visible.includes(p.schoolId);
    };
    const followed = followedPathwayIds(facts.marked.get(s.id) ?? [], seen, graduation.get(s.schoolId) ?? null);
    const pathways = followed.ids.map((id) => facts.pathways.get(id)!).sort(byName);
    const followedIds = new Set(pathways.map((p) => p.id));
    const mine = requirements.filter((r) => followedIds.has(r.pathwayId));
    const missing = mine
      .filter((r) => !progress.get(r.id)!.isFulfilled)
      .map((r) => {
        const p = progress.get(r.id)!;
        return {
          uuid: r.uuid,
          name: r.name,
          pathwayName: facts.pathways.get(r.pathwayId)!.name,
          pathwayUuid: facts.pathways.get(r.pathwayId)!.uuid,
          doneCourses: p.doneCourses,
          plannedCourses: p.plannedCourses,
          missingCourses: p.missingCourses,
        };
      })
      .sort((a, b) => byName({ name: a.pathwayName, uuid: a.pathwayUuid }, { name: b.pathwayName, uuid: b.pathwayUuid }) || byName(a, b))
      .map(({ pathwayUuid: _, ...m }) => m);

    const view = buildView(
      { academicYearLabels: s.labels } as User,
      true,
      entries.map((e) => planEntry(s, e, facts)),
    );
    const warnings = view.warnings.map((w) => w.message);
    const newest = entries.reduce<number | null>((max, e) => Math.max(max ?? 0, e.createdAt.getTime()), null);
    return {
      studentId: s.id,
      // What the answer depended on: the schools the student sees and those of the plan's courses.
      schoolIds: [...new Set([s.schoolId, ...visible, ...entries.map((e) => e.schoolId)])].sort((a, b) => a - b),
      pathwayIds: pathways.map((p) => p.id),
      pathwaysMarked: followed.marked,
      requirementsMet: mine.length - missing.length,
      requirementsTotal: mine.length,
      missing,
      warnings,
      completedUnits: view.completedUnits,
      reviewStatus: reviewStatus(facts.review.get(s.id) ?? { studentId: s.id }),
      lastEntryMs: newest,
    };
  });
}

function planEntry(s: StudentFact, e: EntryFact, facts: CaseloadFacts): PlanEntry {
  return {
    id: e.entryId,
    userId: s.id,
    courseId: e.id,
    term: e.term,
    position: e.position,
    grade: '',
    completed: e.completed,
    // Not read here (the view gives warnings and units only).
    source: 'planned',
    course: {
      id: e.id,
      uuid: '',
      courseId: e.courseId,
      title: e.title,
      description: '',
      units: e.units,
      schoolId: e.schoolId,
      prerequisiteGroups: [],
      prerequisiteGroupUuids: [],
      prerequisiteIds: (facts.prerequisites.get(e.id) ?? []).filter(Boolean),
    },
  };
}

export const CSV_HEADER = [
  'Last name',
  'First name',
  'Email',
  'Grade',
  'Pathways',
  'Requirements met',
  'Requirements total',
  'Missing requirements',
  'Prerequisite warnings',
  'Completed units',
  'Review status',
  'Last plan change',
  'Unread notes',
];

/** Names and requirement titles are typed by people: cells a spreadsheet would read as a formula are neutralised. */
export const csvCell = spreadsheetCell;

export function toCsv(rows: CaseloadRowFor[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.lastName,
        r.firstName,
        r.email,
        r.grade ?? '',
        r.pathways.map((p) => p.name).join('; '),
        String(r.requirementsMet),
        String(r.requirementsTotal),
        r.missingRequirements.map((m) => `${r.pathways.length > 1 ? `${m.pathwayName}: ${m.name}` : m.name} (${missingCounts(m)})`).join('; '),
        String(r.warnings.length),
        String(r.completedUnits),
        r.reviewStatus,
        r.lastPlanChange ? r.lastPlanChange.toISOString() : '',
        String(r.unreadNotes),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

/** A page row as answered: its pathways resolved, its last change a date. */
function caseloadRow(r: PageRow, pathways: Map<number, PathwayFact>): CaseloadRow {
  return {
    studentId: r.id,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    grade: r.grade,
    schoolId: r.schoolId,
    pathways: r.pathwayIds.map((id) => pathways.get(id)).filter((p): p is PathwayFact => !!p),
    pathwaysMarked: r.pathwaysMarked,
    requirementsMet: r.requirementsMet,
    requirementsTotal: r.requirementsTotal,
    missingRequirements: r.missing,
    warnings: r.warnings,
    completedUnits: r.completedUnits,
    reviewStatus: r.reviewStatus,
    lastPlanChange: r.lastPlanChangeMs === null ? null : new Date(r.lastPlanChangeMs),
    updating: r.updating,
  };
}

export class CaseloadService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  /** Computes and stores the summaries of `students`, under the counters read before their facts. */
  private async compute(students: StaleStudent[]): Promise<void> {
    const rules = await rulesVersions(this.db);
    await storeSummaries(this.db, summarize(await loadCaseloadFacts(this.db, students)), new Map(students.map((s) => [s.id, s.version])), rules);
  }

  /** Before a read: at most REQUEST_BOUND stale students of `schoolIds` computed now, the rest queued. */
  private async refresh(schoolIds: number[]): Promise<void> {
    const { students, total } = await staleStudents(this.db, schoolIds, REQUEST_BOUND);
    if (students.length) await this.compute(students);
    if (total > students.length) {
      const reach = [...schoolIds].sort((a, b) => a - b);
      await enqueueJob(this.db, CASELOAD_QUEUE, { schoolIds: reach }, { singletonKey: reach.join(',') });
    }
  }

  /**
   * The queue's job: the stale students of `schoolIds`, BACKGROUND_BATCH at a time, as many
   * batches as there were stale students when it started (a student written again meanwhile is
   * the next read's), stopping between batches when the worker asks.
   */
  async refreshQueued(schoolIds: number[], stopping: AbortSignal): Promise<void> {
    const first = await staleStudents(this.db, schoolIds, BACKGROUND_BATCH);
    let students = first.students;
    for (let batch = Math.ceil(first.total / BACKGROUND_BATCH); batch > 0 && students.length; batch--) {
      await this.compute(students);
      stopIfAsked(stopping);
      ({ students } = await staleStudents(this.db, schoolIds, BACKGROUND_BATCH));
    }
  }

  /** The rows `checked` asks for (from `after`, `first` of them; every row with first null), the count and, when asked, the filter choices. */
  private async select(ctx: RequestContext, checked: Checked<CaseloadQuery>, withChoices: boolean) {
    const caller = authorize(ctx, can, 'view', null);
    const q = valid(checked);
    const offset = decodeCursor(q.after);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    if (!schoolIds.length) return { caller, offset, rows: [] as CaseloadRow[], total: 0, grades: [] as string[], choices: [] as PathwayFact[] };
    await this.refresh(schoolIds);
    const read = await readCaseloadPage(this.db, schoolIds, caller.user.id, q, offset, withChoices);
    const pathways = await loadPathways(this.db, [...new Set([...read.pathwayIds, ...read.rows.flatMap((r) => r.pathwayIds)])]);
    return {
      caller,
      offset,
      total: read.total,
      grades: read.grades,
      rows: read.rows.map((r) => caseloadRow(r, pathways)),
      choices: read.pathwayIds
        .map((id) => pathways.get(id))
        .filter((p): p is PathwayFact => !!p)
        .sort(byName),
    };
  }

  /** A page; `withChoices`: with the filter choices (grades and pathways in reach), which the REST list does not send. */
  async page(ctx: RequestContext, checked: Checked<CaseloadQuery>, withChoices: boolean): Promise<CaseloadPage> {
    const { caller, offset, rows, total, grades, choices } = await this.select(ctx, checked, withChoices);
    if (rows.length) {
      await recordAccessMany(
        this.db,
        caller,
        rows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })),
        'caseload_view',
        'caseload row shown to staff',
      );
    }
    const next = offset + rows.length;
    return {
      rows: await withUnreadNotes(this.db, caller.user.id, rows),
      totalCount: total,
      endCursor: rows.length ? encodeCursor(next) : null,
      hasNextPage: next < total,
      grades,
      pathways: choices,
    };
  }

  /** The filtered, sorted list (every page) as CSV. */
  async exportCsv(ctx: RequestContext, checked: Checked<CaseloadQuery>): Promise<{ csv: string; count: number }> {
    const { caller, rows } = await this.select(ctx, checked, false);
    if (rows.length) {
      await recordAccessMany(
        this.db,
        caller,
        rows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })),
        'caseload_export',
        'caseload exported as CSV by staff',
      );
    }
    return { csv: toCsv(await withUnreadNotes(this.db, caller.user.id, rows)), count: rows.length };
  }
}

/** "3 completed, 2 planned, 1 missing": a requirement's courses as the caseload export and the PDF say them. */
export function missingCounts(m: Pick<MissingRequirement, 'doneCourses' | 'plannedCourses' | 'missingCourses'>): string {
  return `${m.doneCourses ?? 0} completed, ${m.plannedCourses ?? 0} planned, ${m.missingCourses ?? 0} missing`;
}
