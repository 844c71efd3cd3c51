/**
 * The counselor caseload: one row per student of the staff member's own schools (as the students
 * list), with the pathways the student follows (followed-pathways.ts), how many of their
 * requirements the plan meets and which it misses, prerequisite warnings, completed units, the
 * plan's review status (review-status.ts) and its last change; filtered, sorted, paged, or sent as CSV.
 *
 * One rule, never a second computation: requirement numbers come from the progress engine's
 * planProgress (the student's progress page calls the same function, over every requirement the
 * student sees), warnings and completed units from the plans area's buildView.
 *
 * How it scales (decision): per-student summaries stored and kept honest by counters
 * (caseload-summaries.ts, migration 1732300002500). A summary holds what the engine and the plan
 * view answered (met, total, the missing requirements, warning texts, completed units, followed
 * pathways) with users.caseload_version and the sum of schools.rules_version over the schools it
 * depended on (those the student sees and those of the plan's courses), read before its facts.
 * Database triggers bump the student's counter on every write to their plan entries, followed
 * pathways, memberships, school or term labels, and a school's counter on every write to its
 * courses, prerequisites, transferability, pathways, requirements, fulfilment links, partnerships
 * or graduation pathway; so every writer counts, the services as well as imports, seeds and an
 * operator's SQL. A request:
 *  1. reads every student in reach with their summary and whether it is fresh (one statement);
 *  2. when some are stale or missing: the rules counters, their facts (caseload-facts.ts, loaded
 *     for them only, a fixed number of statements), the engine, and one upsert;
 *  3. filters and sorts in memory over small lines (counts, not lists: a few hundred kilobytes for
 *     2,500 students; SQL sorting would need the grade and name orders written twice);
 *  4. reads the missing requirements and warning texts of the page's students only.
 * The statements depend on whether any student is stale (14 on a first request, 5 from stored
 * summaries, 15 after a write), never on how many students there are. The review status (and
 * anything else that may change without a plan or rules write) is asked per row, never stored.
 * Bench scenario `caseload` measures it with plan writes during the load (bench/README.md).
 *
 * Access log (decision): a caseload view reads the records of the students it shows, so it appends
 * one 'caseload_view' row per student on the page answered (not per student computed: a filter
 * reads nothing a person sees), in one INSERT; a CSV export appends one 'caseload_export' row per
 * student exported. Opening a student (view as) logs 'view_as' as before.
 */
import type { DataSource } from 'typeorm';
import type { RequestContext } from '../../core/context.js';
import { decodeCursor, encodeCursor } from '../../core/pagination.js';
import { authorize } from '../../core/policy.js';
import { valid, type Checked } from '../../core/validation.js';
import type { User } from '../accounts/user.entity.js';
import { recordAccessMany } from '../access-log/access-log.service.js';
import { csvField } from '../courses/csv.js';
import { byName, planProgress, type EngineLink } from '../pathways/progress.js';
import { unreadNoteCounts } from '../notes/plan-note-store.js';
import { buildView } from '../plans/plan-view.js';
import type { PlanEntry } from '../plans/plan-store.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { loadCaseloadFacts, loadPathways, type CaseloadFacts, type EntryFact, type PathwayFact, type RequirementFact, type StudentFact } from './caseload-facts.js';
import {
  readSummaries, rulesVersions, storeSummaries, summaryDetails, type ComputedSummary, type MissingRequirement, type StoredSummary, type SummaryLine,
} from './caseload-summaries.js';
import type { CaseloadQuery, CaseloadSort } from './caseload-input.js';
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
}

/** A row as answered to one staff member: with the notes on the student's plan they have not read (modules/notes/). */
export type CaseloadRowFor = CaseloadRow & { unreadNotes: number };

/** The reader's unread note counts on `rows`, in one statement whatever their number. */
async function withUnreadNotes(db: DataSource, staffUserId: number, rows: CaseloadRow[]): Promise<CaseloadRowFor[]> {
  const unread = await unreadNoteCounts(db, staffUserId, rows.map((r) => r.studentId));
  return rows.map((r) => ({ ...r, unreadNotes: unread.get(r.studentId) ?? 0 }));
}

export interface CaseloadPage {
  rows: CaseloadRowFor[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  /** Filter choices over every student in reach: their grades and the pathways they follow. */
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
    const progress = planProgress(requirements, entries, links, s.schoolId);

    const seen = (id: number) => { const p = facts.pathways.get(id); return !!p && visible.includes(p.schoolId); };
    const followed = followedPathwayIds(facts.marked.get(s.id) ?? [], seen, graduation.get(s.schoolId) ?? null);
    const pathways = followed.ids.map((id) => facts.pathways.get(id)!).sort(byName);
    const followedIds = new Set(pathways.map((p) => p.id));
    const mine = requirements.filter((r) => followedIds.has(r.pathwayId));
    const missing = mine.filter((r) => !progress.get(r.id)!.isFulfilled)
      .map((r) => ({ uuid: r.uuid, name: r.name, pathwayName: facts.pathways.get(r.pathwayId)!.name, pathwayUuid: facts.pathways.get(r.pathwayId)!.uuid }))
      .sort((a, b) => byName({ name: a.pathwayName, uuid: a.pathwayUuid }, { name: b.pathwayName, uuid: b.pathwayUuid }) || byName(a, b))
      .map(({ uuid, name, pathwayName }) => ({ uuid, name, pathwayName }));

    const view = buildView({ academicYearLabels: s.labels } as User, true, entries.map((e) => planEntry(s, e, facts)));
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
      missingCount: missing.length,
      warnings,
      warningCount: warnings.length,
      completedUnits: view.completedUnits,
      lastEntryMs: newest,
    };
  });
}

/** A row as filters and sorting need it: the missing requirements and warning texts are counted, not listed. */
export interface CaseloadLine extends Omit<CaseloadRow, 'missingRequirements' | 'warnings'> {
  missingCount: number;
  warningCount: number;
}

/** A student's line from their (fresh) summary; the review status is asked per row, never stored. */
export function caseloadLine(s: SummaryLine, summary: StoredSummary, pathways: Map<number, PathwayFact>): CaseloadLine {
  const planChange = s.planChangedMs === null && summary.lastEntryMs === null ? null : Math.max(s.planChangedMs ?? 0, summary.lastEntryMs ?? 0);
  return {
    studentId: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email, grade: s.grade, schoolId: s.schoolId,
    pathways: summary.pathwayIds.map((id) => pathways.get(id)).filter((p): p is PathwayFact => !!p),
    pathwaysMarked: summary.pathwaysMarked,
    requirementsMet: summary.requirementsMet,
    requirementsTotal: summary.requirementsTotal,
    missingCount: summary.missingCount,
    warningCount: summary.warningCount,
    completedUnits: summary.completedUnits,
    reviewStatus: reviewStatus(s.review),
    lastPlanChange: planChange === null ? null : new Date(planChange),
  };
}

function planEntry(s: StudentFact, e: EntryFact, facts: CaseloadFacts): PlanEntry {
  return {
    id: e.entryId, userId: s.id, courseId: e.id, term: e.term, position: e.position, grade: '', completed: e.completed,
    course: {
      id: e.id, uuid: '', courseId: e.courseId, title: e.title, description: '', units: e.units, schoolId: e.schoolId,
      prerequisiteGroups: [], prerequisiteGroupUuids: [], prerequisiteIds: (facts.prerequisites.get(e.id) ?? []).filter(Boolean),
    },
  };
}

/** Grades as numbers first ('9' before '10'), then as text; no grade last. */
export function compareGrades(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null || a === '') return 1;
  if (b === null || b === '') return -1;
  const na = /^\d{1,4}$/.test(a) ? Number(a) : NaN, nb = /^\d{1,4}$/.test(b) ? Number(b) : NaN;
  if (!Number.isNaN(na) && !Number.isNaN(nb)) return na - nb;
  if (!Number.isNaN(na)) return -1;
  if (!Number.isNaN(nb)) return 1;
  return a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0;
}

const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
const ratio = (r: CaseloadLine) => (r.requirementsTotal ? r.requirementsMet / r.requirementsTotal : 1);

/**
 * A line with its text keys lower-cased once: sorting 2,500 lines compares about 30,000 pairs,
 * mostly on the ties (last name, first name), and lower-casing in every comparison cost more than
 * the rest of the request.
 */
interface Keyed {
  r: CaseloadLine;
  last: string;
  first: string;
  pathway: string;
  /** compareGrades as a key: 0 numeric, 1 other text, 2 none; then the number or the lower-cased text. */
  gradeKind: number;
  gradeNumber: number;
  gradeText: string;
}

function keyed(r: CaseloadLine): Keyed {
  const g = r.grade;
  const kind = g === null || g === '' ? 2 : /^\d{1,4}$/.test(g) ? 0 : 1;
  return {
    r,
    last: r.lastName.toLowerCase(),
    first: r.firstName.toLowerCase(),
    pathway: (r.pathways[0]?.name ?? '\uffff').toLowerCase(),
    gradeKind: kind,
    gradeNumber: kind === 0 ? Number(g) : 0,
    gradeText: kind === 1 ? g!.toLowerCase() : '',
  };
}

const SORT_KEYS: Record<CaseloadSort, (a: Keyed, b: Keyed) => number> = {
  last_name: (a, b) => order(a.last, b.last),
  first_name: (a, b) => order(a.first, b.first),
  // The same order as compareGrades.
  grade: (a, b) => a.gradeKind - b.gradeKind || a.gradeNumber - b.gradeNumber || order(a.gradeText, b.gradeText),
  pathway: (a, b) => order(a.pathway, b.pathway),
  requirements_met: (a, b) => ratio(a.r) - ratio(b.r) || a.r.requirementsMet - b.r.requirementsMet,
  missing: (a, b) => a.r.missingCount - b.r.missingCount,
  warnings: (a, b) => a.r.warningCount - b.r.warningCount,
  completed_units: (a, b) => a.r.completedUnits - b.r.completedUnits,
  review_status: (a, b) => order(a.r.reviewStatus.toLowerCase(), b.r.reviewStatus.toLowerCase()),
  last_plan_change: (a, b) => (a.r.lastPlanChange?.getTime() ?? 0) - (b.r.lastPlanChange?.getTime() ?? 0),
};

/** Filters and sorts (the sort column in the asked direction; ties by last name, first name, id, ascending). */
export function selectRows(rows: CaseloadLine[], q: Pick<CaseloadQuery, 'grade' | 'pathwayUuid' | 'missing' | 'warnings' | 'review' | 'sort' | 'descending'>): CaseloadLine[] {
  const out = rows.filter((r) =>
    (q.grade === undefined || (r.grade ?? '').trim().toLowerCase() === q.grade.toLowerCase())
    && (q.pathwayUuid === undefined || r.pathways.some((p) => p.uuid === q.pathwayUuid))
    && (q.missing === undefined || (r.missingCount > 0) === q.missing)
    && (q.warnings === undefined || (r.warningCount > 0) === q.warnings)
    && (q.review === undefined || r.reviewStatus === q.review));
  const key = SORT_KEYS[q.sort];
  const dir = q.descending ? -1 : 1;
  return out.map(keyed)
    .sort((a, b) => dir * key(a, b) || order(a.last, b.last) || order(a.first, b.first) || a.r.studentId - b.r.studentId)
    .map((k) => k.r);
}

export const CSV_HEADER = [
  'Last name', 'First name', 'Email', 'Grade', 'Pathways', 'Requirements met', 'Requirements total', 'Missing requirements',
  'Prerequisite warnings', 'Completed units', 'Review status', 'Last plan change', 'Unread notes',
];

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or CR) as a formula: names and
 * requirement titles are typed by people, so such cells get a leading apostrophe.
 */
export function csvCell(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export function toCsv(rows: CaseloadRowFor[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push([
      r.lastName, r.firstName, r.email, r.grade ?? '', r.pathways.map((p) => p.name).join('; '), String(r.requirementsMet), String(r.requirementsTotal),
      r.missingRequirements.map((m) => (r.pathways.length > 1 ? `${m.pathwayName}: ${m.name}` : m.name)).join('; '),
      String(r.warnings.length), String(r.completedUnits), r.reviewStatus, r.lastPlanChange ? r.lastPlanChange.toISOString() : '', String(r.unreadNotes),
    ].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export class CaseloadService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  /** Every line in reach, filtered and sorted, with the filter choices. */
  private async select(ctx: RequestContext, checked: Checked<CaseloadQuery>) {
    const caller = authorize(ctx, can, 'view', null);
    const q = valid(checked);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    const { all, computed } = schoolIds.length ? await this.lines(schoolIds) : { all: [], computed: new Map<number, ComputedSummary>() };
    return { caller, q, all, computed, rows: selectRows(all, q) };
  }

  /**
   * A line per student of `schoolIds` from the stored summaries; the students whose summary is
   * missing or stale are computed first (facts for them only) and stored, in one statement.
   */
  private async lines(schoolIds: number[]): Promise<{ all: CaseloadLine[]; computed: Map<number, ComputedSummary> }> {
    const students = await readSummaries(this.db, schoolIds);
    const stale = students.filter((s) => s.summary === null);
    const computed = new Map<number, ComputedSummary>();
    if (stale.length) {
      const rules = await rulesVersions(this.db);
      for (const c of summarize(await loadCaseloadFacts(this.db, stale))) computed.set(c.studentId, c);
      await storeSummaries(this.db, [...computed.values()], new Map(stale.map((s) => [s.id, s.version])), rules);
    }
    const summaries = students.map((s) => ({ s, summary: s.summary ?? computed.get(s.id)! }));
    const pathways = await loadPathways(this.db, [...new Set(summaries.flatMap((x) => x.summary.pathwayIds))]);
    return { all: summaries.map((x) => caseloadLine(x.s, x.summary, pathways)), computed };
  }

  /** Full rows of the lines given: their missing requirements and warnings from the summaries just computed, else stored. */
  private async rows(lines: CaseloadLine[], computed: Map<number, ComputedSummary>): Promise<CaseloadRow[]> {
    const stored = await summaryDetails(this.db, lines.filter((l) => !computed.has(l.studentId)).map((l) => l.studentId));
    return lines.map(({ missingCount: _m, warningCount: _w, ...line }) => {
      const details = computed.get(line.studentId) ?? stored.get(line.studentId) ?? { missing: [], warnings: [] };
      return { ...line, missingRequirements: details.missing, warnings: details.warnings };
    });
  }

  async page(ctx: RequestContext, checked: Checked<CaseloadQuery>): Promise<CaseloadPage> {
    const { caller, q, all, computed, rows } = await this.select(ctx, checked);
    const offset = decodeCursor(q.after);
    const pageLines = rows.slice(offset, q.first === null ? undefined : offset + q.first);
    const pageRows = await this.rows(pageLines, computed);
    if (pageRows.length) {
      await recordAccessMany(this.db, caller, pageRows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })), 'caseload_view', 'caseload row shown to staff');
    }
    const next = offset + pageRows.length;
    const pathways = new Map<number, PathwayFact>();
    for (const r of all) for (const p of r.pathways) pathways.set(p.id, p);
    return {
      rows: await withUnreadNotes(this.db, caller.user.id, pageRows),
      totalCount: rows.length,
      endCursor: pageRows.length ? encodeCursor(next) : null,
      hasNextPage: next < rows.length,
      grades: [...new Set(all.map((r) => r.grade).filter((g): g is string => !!g && g.trim() !== ''))].sort(compareGrades),
      pathways: [...pathways.values()].sort(byName),
    };
  }

  /** The filtered, sorted list (every page) as CSV. */
  async exportCsv(ctx: RequestContext, checked: Checked<CaseloadQuery>): Promise<{ csv: string; count: number }> {
    const { caller, rows: lines, computed } = await this.select(ctx, checked);
    const rows = await this.rows(lines, computed);
    if (rows.length) {
      await recordAccessMany(this.db, caller, rows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })), 'caseload_export', 'caseload exported as CSV by staff');
    }
    return { csv: toCsv(await withUnreadNotes(this.db, caller.user.id, rows)), count: rows.length };
  }
}
