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
 * How it scales: filters and sorting need every row, so every student in reach is computed in
 * memory from bulk loads (caseload-facts.ts: a fixed number of statements, whatever the number of
 * students); 2,500 students of ~40 plan entries are a few megabytes. Time still grows with the
 * school (bench scenario `caseload`: p95 about 1-1.5 s for 2,500 students vs 0.3 s for 250, over the
 * issue's 1.5x budget). The next step is a per-student summary row (met, total, missing, warnings,
 * units) rewritten by plan, pathway, requirement and fulfilment writes, read and filtered in SQL.
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
import { buildView } from '../plans/plan-view.js';
import type { PlanEntry } from '../plans/plan-store.js';
import type { SchoolsService } from '../schools/schools.service.js';
import { loadCaseloadFacts, type CaseloadFacts, type EntryFact, type PathwayFact, type RequirementFact, type StudentFact } from './caseload-facts.js';
import type { CaseloadQuery, CaseloadSort } from './caseload-input.js';
import { can } from './caseload.policy.js';
import { followedPathwayIds, graduationPathwayId } from './followed-pathways.js';
import { reviewStatus, type ReviewStatus } from './review-status.js';

export interface MissingRequirement {
  uuid: string;
  name: string;
  pathwayName: string;
}

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

export interface CaseloadPage {
  rows: CaseloadRow[];
  totalCount: number;
  endCursor: string | null;
  hasNextPage: boolean;
  /** Filter choices over every student in reach: their grades and the pathways they follow. */
  grades: string[];
  pathways: PathwayFact[];
}

/** Rows for every student of `facts`, by the engine and the plan view. Pure. */
export function caseloadRows(facts: CaseloadFacts): CaseloadRow[] {
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
    return {
      studentId: s.id, firstName: s.firstName, lastName: s.lastName, email: s.email, grade: s.grade, schoolId: s.schoolId,
      pathways,
      pathwaysMarked: followed.marked,
      requirementsMet: mine.length - missing.length,
      requirementsTotal: mine.length,
      missingRequirements: missing,
      warnings: view.warnings.map((w) => w.message),
      completedUnits: view.completedUnits,
      reviewStatus: reviewStatus(facts.reviews.get(s.id) ?? { studentId: s.id }),
      lastPlanChange: s.lastPlanChange ? new Date(s.lastPlanChange) : null,
    };
  });
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

const text = (a: string, b: string) => { const x = a.toLowerCase(), y = b.toLowerCase(); return x < y ? -1 : x > y ? 1 : 0; };
const ratio = (r: CaseloadRow) => (r.requirementsTotal ? r.requirementsMet / r.requirementsTotal : 1);

const SORT_KEYS: Record<CaseloadSort, (a: CaseloadRow, b: CaseloadRow) => number> = {
  last_name: (a, b) => text(a.lastName, b.lastName),
  first_name: (a, b) => text(a.firstName, b.firstName),
  grade: (a, b) => compareGrades(a.grade, b.grade),
  pathway: (a, b) => text(a.pathways[0]?.name ?? '\uffff', b.pathways[0]?.name ?? '\uffff'),
  requirements_met: (a, b) => ratio(a) - ratio(b) || a.requirementsMet - b.requirementsMet,
  missing: (a, b) => a.missingRequirements.length - b.missingRequirements.length,
  warnings: (a, b) => a.warnings.length - b.warnings.length,
  completed_units: (a, b) => a.completedUnits - b.completedUnits,
  review_status: (a, b) => text(a.reviewStatus, b.reviewStatus),
  last_plan_change: (a, b) => (a.lastPlanChange?.getTime() ?? 0) - (b.lastPlanChange?.getTime() ?? 0),
};

/** Filters and sorts (the sort column in the asked direction; ties by last name, first name, id, ascending). */
export function selectRows(rows: CaseloadRow[], q: Pick<CaseloadQuery, 'grade' | 'pathwayUuid' | 'missing' | 'warnings' | 'review' | 'sort' | 'descending'>): CaseloadRow[] {
  const out = rows.filter((r) =>
    (q.grade === undefined || (r.grade ?? '').trim().toLowerCase() === q.grade.toLowerCase())
    && (q.pathwayUuid === undefined || r.pathways.some((p) => p.uuid === q.pathwayUuid))
    && (q.missing === undefined || (r.missingRequirements.length > 0) === q.missing)
    && (q.warnings === undefined || (r.warnings.length > 0) === q.warnings)
    && (q.review === undefined || r.reviewStatus === q.review));
  const key = SORT_KEYS[q.sort];
  const dir = q.descending ? -1 : 1;
  return out.sort((a, b) => dir * key(a, b) || text(a.lastName, b.lastName) || text(a.firstName, b.firstName) || a.studentId - b.studentId);
}

export const CSV_HEADER = [
  'Last name', 'First name', 'Email', 'Grade', 'Pathways', 'Requirements met', 'Requirements total', 'Missing requirements',
  'Prerequisite warnings', 'Completed units', 'Review status', 'Last plan change',
];

/**
 * A spreadsheet reads a cell starting with = + - @ (or a tab or CR) as a formula: names and
 * requirement titles are typed by people, so such cells get a leading apostrophe.
 */
export function csvCell(value: string): string {
  return csvField(/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);
}

export function toCsv(rows: CaseloadRow[]): string {
  const lines = [CSV_HEADER.join(',')];
  for (const r of rows) {
    lines.push([
      r.lastName, r.firstName, r.email, r.grade ?? '', r.pathways.map((p) => p.name).join('; '), String(r.requirementsMet), String(r.requirementsTotal),
      r.missingRequirements.map((m) => (r.pathways.length > 1 ? `${m.pathwayName}: ${m.name}` : m.name)).join('; '),
      String(r.warnings.length), String(r.completedUnits), r.reviewStatus, r.lastPlanChange ? r.lastPlanChange.toISOString() : '',
    ].map(csvCell).join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}

export class CaseloadService {
  constructor(
    private readonly db: DataSource,
    private readonly schools: SchoolsService,
  ) {}

  /** Every row in reach, filtered and sorted, with the filter choices. */
  private async select(ctx: RequestContext, checked: Checked<CaseloadQuery>) {
    const caller = authorize(ctx, can, 'view', null);
    const q = valid(checked);
    const schoolIds = await this.schools.accessibleSchoolIds(caller.user);
    const all = schoolIds.length ? caseloadRows(await loadCaseloadFacts(this.db, schoolIds)) : [];
    return { caller, q, all, rows: selectRows(all, q) };
  }

  async page(ctx: RequestContext, checked: Checked<CaseloadQuery>): Promise<CaseloadPage> {
    const { caller, q, all, rows } = await this.select(ctx, checked);
    const offset = decodeCursor(q.after);
    const pageRows = rows.slice(offset, q.first === null ? undefined : offset + q.first);
    if (pageRows.length) {
      await recordAccessMany(this.db, caller, pageRows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })), 'caseload_view', 'caseload row shown to staff');
    }
    const next = offset + pageRows.length;
    const pathways = new Map<number, PathwayFact>();
    for (const r of all) for (const p of r.pathways) pathways.set(p.id, p);
    return {
      rows: pageRows,
      totalCount: rows.length,
      endCursor: pageRows.length ? encodeCursor(next) : null,
      hasNextPage: next < rows.length,
      grades: [...new Set(all.map((r) => r.grade).filter((g): g is string => !!g && g.trim() !== ''))].sort(compareGrades),
      pathways: [...pathways.values()].sort(byName),
    };
  }

  /** The filtered, sorted list (every page) as CSV. */
  async exportCsv(ctx: RequestContext, checked: Checked<CaseloadQuery>): Promise<{ csv: string; count: number }> {
    const { caller, rows } = await this.select(ctx, checked);
    if (rows.length) {
      await recordAccessMany(this.db, caller, rows.map((r) => ({ studentId: r.studentId, schoolId: r.schoolId })), 'caseload_export', 'caseload exported as CSV by staff');
    }
    return { csv: toCsv(rows), count: rows.length };
  }
}
