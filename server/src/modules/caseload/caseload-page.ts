/**
 * The caseload's filters, sort and page, answered by PostgreSQL over the stored summaries
 * (caseload-summaries.ts): one statement gives the page's rows with their missing requirements and
 * warning texts, how many students match, and when asked the filter choices (the grades and
 * followed pathways of every student in reach). It reads the summaries table alone (names, grade,
 * school and sort keys are kept there by triggers); users gives only the page's email addresses.
 * Only the page crosses to the server: what grows with the school is a scan of narrow rows and a
 * top-N sort inside the database.
 *
 * The orders (decision; one rule for both APIs and the CSV):
 *  - text lower-cased and compared code point by code point (COLLATE "C"), the same on every
 *    server whatever its locale;
 *  - grades, white space at either end aside, as numbers first ('9' before '10', '09' as '9'),
 *    then as text, then no grade;
 *  - requirements met as a share of the total (a student with no requirement counts as complete),
 *    then the count;
 *  - a plan never changed sorts as the oldest change;
 *  - every sort in the asked direction, ties by last name, first name and id, ascending.
 */
import type { DataSource } from 'typeorm';
import { unreadNotesSql } from '../notes/plan-note-store.js';
import type { CaseloadQuery, CaseloadSort } from './caseload-input.js';
import type { StudentFact } from './caseload-facts.js';
import type { SummaryFields } from './caseload-summaries.js';

/** A row of the page: the student as the summary row copies them, and their summary. */
export interface PageRow extends Omit<StudentFact, 'labels'>, SummaryFields {
  /** The later of the plan's last write and its newest entry, in ms since 1970; null when neither. */
  lastPlanChangeMs: number | null;
}

export interface CaseloadPageRead {
  rows: PageRow[];
  total: number;
  /** Every grade in reach, in the grade order. */
  grades: string[];
  /** Every pathway some student in reach follows. */
  pathwayIds: number[];
}

/**
 * Each sort's keys over a summary row `m`, (sort by pathway only) its first followed pathway `fp`
 * and (unread notes only) the caller's unread note count `un`; none is ever null.
 * The name and grade keys are generated columns of caseload_summaries (migration 1732300002600):
 * names lower-cased, grades as '0' and the number padded to four digits, '1' and the text
 * lower-cased, or '2' for no grade.
 */
const SORT_KEYS: Record<CaseloadSort, string[]> = {
  last_name: ['m.last_name_key'],
  first_name: ['m.first_name_key'],
  grade: ['m.grade_key'],
  pathway: [`coalesce(lower(fp.name) COLLATE "C", chr(65535))`],
  requirements_met: ['CASE WHEN m.requirements_total = 0 THEN 1 ELSE m.requirements_met::float8 / m.requirements_total END', 'm.requirements_met'],
  missing: ['m.missing_count'],
  warnings: ['m.warning_count'],
  completed_units: ['m.completed_units'],
  review_status: ['m.review_status COLLATE "C"'],
  last_plan_change: [`coalesce(greatest(m.plan_changed_at, m.last_entry_at), '-infinity')`],
  unread_notes: ['coalesce(un.unread, 0)'],
};

/** Ties: last name, first name, id, ascending whatever the direction. */
const TIES = ['m.last_name_key', 'm.first_name_key', 'm.student_id'];

/** The summaries (`m`) of the active students of the schools in $1, once computed. */
const IN_REACH = 'm.school_id = ANY($1::int[]) AND m.active AND m.student_version IS NOT NULL';

/** A grade without white space at either end (as the grade key takes it). */
const trimmedGrade = (sql: string) => `btrim(coalesce(${sql}, ''), E' \\t\\r\\n')`;

/**
 * The page `q` asks for, from `offset`, of the active students of `schoolIds` that have a summary
 * (every one, once caseload.service.ts has refreshed the stale ones).
 */
export async function readCaseloadPage(
  db: DataSource, schoolIds: number[], staffUserId: number, q: CaseloadQuery, offset: number, choices: boolean,
): Promise<CaseloadPageRead> {
  // The caller's unread notes of every student in reach: counted only when sorted or filtered on.
  const unread = q.sort === 'unread_notes' || q.unread !== undefined
    ? ` LEFT JOIN (${unreadNotesSql('$9::int', `= ANY(ARRAY(SELECT m.student_id FROM caseload_summaries m WHERE ${IN_REACH}))`)}) un ON un.student_id = m.student_id`
    : '';
  const dir = q.descending ? 'DESC' : 'ASC';
  const keys = [...SORT_KEYS[q.sort], ...TIES];
  // The keys are computed once per matching row as columns k0, k1, ...; the page's rows are re-sorted on them.
  const order = (alias: string) => keys.map((_, i) => `${alias}.k${i} ${i < SORT_KEYS[q.sort].length ? dir : 'ASC'}`).join(', ');
  const [result]: { total: number; rows: PageRow[]; grades: string[]; pathwayIds: number[] }[] = await db.query(
    `WITH matched AS MATERIALIZED (
       SELECT m.student_id, ${keys.map((k, i) => `${k} AS k${i}`).join(', ')}
         FROM caseload_summaries m${q.sort === 'pathway' ? ' LEFT JOIN pathways fp ON fp.id = m.pathway_ids[1]' : ''}${unread}
        WHERE ${IN_REACH}
          AND ($2::text IS NULL OR lower(${trimmedGrade('m.grade')}) = lower($2::text))
          AND ($3::uuid IS NULL OR m.pathway_ids && ARRAY(SELECT p.id FROM pathways p WHERE p.uuid = $3::uuid))
          AND ($4::boolean IS NULL OR (m.missing_count > 0) = $4::boolean)
          AND ($5::boolean IS NULL OR (m.warning_count > 0) = $5::boolean)
          AND ($6::text IS NULL OR m.review_status = $6::text)
          ${q.unread === undefined ? '' : `AND (coalesce(un.unread, 0) > 0) = ${q.unread}`}),
     page AS (SELECT * FROM matched m ORDER BY ${order('m')} LIMIT $7::int OFFSET $8::int)
     SELECT (SELECT count(*) FROM matched)::int AS total,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', d.student_id, 'firstName', d.first_name, 'lastName', d.last_name, 'email', u.email, 'grade', d.grade, 'schoolId', d.school_id,
                      'pathwayIds', d.pathway_ids, 'pathwaysMarked', d.pathways_marked, 'requirementsMet', d.requirements_met,
                      'requirementsTotal', d.requirements_total, 'missing', d.missing, 'warnings', d.warnings, 'completedUnits', d.completed_units,
                      'reviewStatus', d.review_status,
                      'lastPlanChangeMs', floor(extract(epoch FROM greatest(d.plan_changed_at, d.last_entry_at)) * 1000)::float8
                    ) ORDER BY ${order('p')}), '[]'::json)
               FROM page p JOIN caseload_summaries d ON d.student_id = p.student_id JOIN users u ON u.id = p.student_id) AS rows${
       choices ? `,
            ARRAY(SELECT g.grade FROM (SELECT DISTINCT grade, grade_key FROM caseload_summaries m WHERE ${IN_REACH} AND grade_key <> '2') g
                   ORDER BY g.grade_key, g.grade) AS grades,
            ARRAY(SELECT DISTINCT unnest(pathway_ids) FROM caseload_summaries m WHERE ${IN_REACH}) AS "pathwayIds"` : ''}`,
    [schoolIds, q.grade ?? null, q.pathwayUuid ?? null, q.missing ?? null, q.warnings ?? null, q.review ?? null, q.first, offset, ...(unread ? [staffUserId] : [])],
  );
  return { ...result, grades: result.grades ?? [], pathwayIds: result.pathwayIds ?? [] };
}
