/**
 * The caseload's filters, sort and page, answered by PostgreSQL over the school's students (users)
 * joined with their stored summaries (caseload-summaries.ts): one statement gives the page's rows
 * with their missing requirements, warning texts and whether their summary is being updated
 * (freshness.ts), how many students match, and when asked the filter choices (the grades and
 * followed pathways of every student in reach). Every active student is a row, summary or not:
 * one never computed has zeros, passes every filter on the summary and is marked updating, so a
 * filter never hides a student whose answer is not known yet. Only the page crosses to the server.
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
import { staleSql, studentsInReach } from './freshness.js';

/** A row of the page: the student and their last summary. */
export interface PageRow extends Omit<StudentFact, 'labels'>, SummaryFields {
  /** The later of the plan's last write and its newest entry, in ms since 1970; null when neither. */
  lastPlanChangeMs: number | null;
  /** The summary is stale or was never computed: the queue (or the next read) computes it. */
  updating: boolean;
}

export interface CaseloadPageRead {
  rows: PageRow[];
  total: number;
  /** Every grade in reach, in the grade order. */
  grades: string[];
  /** Every pathway some student in reach follows. */
  pathwayIds: number[];
}

/** The grade order's key of a grade: '0' and the number padded to four digits, '1' and the text lower-cased, or '2' for none. */
const gradeKey = (g: string) => `CASE WHEN ${g} = '' THEN '2' WHEN ${g} ~ '^[0-9]{1,4}$' THEN '0' || lpad(${g}, 4, '0') ELSE '1' || lower(${g}) END`;

/** A grade without white space at either end. */
const trimmedGrade = (sql: string) => `btrim(coalesce(${sql}, ''), E' \\t\\r\\n')`;

/**
 * Each sort's keys over a student `u`, their summary `m` (null when never computed: zeros),
 * (sort by pathway only) their first followed pathway `fp` and (unread notes only) the caller's
 * unread note count `un`; none is ever null.
 */
const SORT_KEYS: Record<CaseloadSort, string[]> = {
  last_name: ['lower(u.last_name) COLLATE "C"'],
  first_name: ['lower(u.first_name) COLLATE "C"'],
  grade: [`(${gradeKey(trimmedGrade('u.grade'))}) COLLATE "C"`],
  pathway: [`coalesce(lower(fp.name) COLLATE "C", chr(65535))`],
  requirements_met: [
    'CASE WHEN coalesce(m.requirements_total, 0) = 0 THEN 1 ELSE m.requirements_met::float8 / m.requirements_total END',
    'coalesce(m.requirements_met, 0)',
  ],
  missing: ['coalesce(m.missing_count, 0)'],
  warnings: ['coalesce(m.warning_count, 0)'],
  completed_units: ['coalesce(m.completed_units, 0)'],
  review_status: [`coalesce(m.review_status, 'draft') COLLATE "C"`],
  last_plan_change: [`coalesce(greatest(u.plan_changed_at, m.last_entry_at), '-infinity')`],
  unread_notes: ['coalesce(un.unread, 0)'],
};

/** Ties: last name, first name, id, ascending whatever the direction. */
const TIES = ['lower(u.last_name) COLLATE "C"', 'lower(u.first_name) COLLATE "C"', 'u.id'];

/** A filter on the summary: a student never computed (no `m`) passes it. */
const onSummary = (param: string, test: string) => `(${param} IS NULL OR m.student_id IS NULL OR ${test})`;

/**
 * The page `q` asks for, from `offset`, of the active students of `schoolIds`.
 */
export async function readCaseloadPage(
  db: DataSource,
  schoolIds: number[],
  staffUserId: number,
  q: CaseloadQuery,
  offset: number,
  choices: boolean,
): Promise<CaseloadPageRead> {
  // The caller's unread notes of every student in reach: counted only when sorted or filtered on.
  const unread =
    q.sort === 'unread_notes' || q.unread !== undefined
      ? ` LEFT JOIN (${unreadNotesSql('$9::int', `= ANY(ARRAY(SELECT u.id FROM users u WHERE ${studentsInReach('$1')}))`)}) un ON un.student_id = u.id`
      : '';
  const dir = q.descending ? 'DESC' : 'ASC';
  const keys = [...SORT_KEYS[q.sort], ...TIES];
  // The keys are computed once per matching row as columns k0, k1, ...; the page's rows are re-sorted on them.
  const order = (alias: string) => keys.map((_, i) => `${alias}.k${i} ${i < SORT_KEYS[q.sort].length ? dir : 'ASC'}`).join(', ');
  const [result]: { total: number; rows: PageRow[]; grades: string[]; pathwayIds: number[] }[] = await db.query(
    `WITH matched AS MATERIALIZED (
       SELECT u.id AS student_id, ${keys.map((k, i) => `${k} AS k${i}`).join(', ')}
         FROM users u LEFT JOIN caseload_summaries m ON m.student_id = u.id${q.sort === 'pathway' ? ' LEFT JOIN pathways fp ON fp.id = m.pathway_ids[1]' : ''}${unread}
        WHERE ${studentsInReach('$1')}
          AND ($2::text IS NULL OR lower(${trimmedGrade('u.grade')}) = lower($2::text))
          AND ${onSummary('$3::uuid', 'm.pathway_ids && ARRAY(SELECT p.id FROM pathways p WHERE p.uuid = $3::uuid)')}
          AND ${onSummary('$4::boolean', '(m.missing_count > 0) = $4::boolean')}
          AND ${onSummary('$5::boolean', '(m.warning_count > 0) = $5::boolean')}
          AND ${onSummary('$6::text', 'm.review_status = $6::text')}
          ${q.unread === undefined ? '' : `AND (coalesce(un.unread, 0) > 0) = ${q.unread}`}),
     page AS (SELECT * FROM matched m ORDER BY ${order('m')} LIMIT $7::int OFFSET $8::int)
     SELECT (SELECT count(*) FROM matched)::int AS total,
            (SELECT coalesce(json_agg(json_build_object(
                      'id', u.id, 'firstName', u.first_name, 'lastName', u.last_name, 'email', u.email, 'grade', u.grade, 'schoolId', u.school_id,
                      'pathwayIds', coalesce(d.pathway_ids, '{}'), 'pathwaysMarked', coalesce(d.pathways_marked, false),
                      'requirementsMet', coalesce(d.requirements_met, 0), 'requirementsTotal', coalesce(d.requirements_total, 0),
                      'missing', coalesce(d.missing, '[]'), 'warnings', coalesce(d.warnings, '[]'), 'completedUnits', coalesce(d.completed_units, 0),
                      'reviewStatus', coalesce(d.review_status, 'draft'),
                      'lastPlanChangeMs', floor(extract(epoch FROM greatest(u.plan_changed_at, d.last_entry_at)) * 1000)::float8,
                      'updating', ${staleSql('u', 'd')}
                    ) ORDER BY ${order('p')}), '[]'::json)
               FROM page p JOIN users u ON u.id = p.student_id LEFT JOIN caseload_summaries d ON d.student_id = p.student_id) AS rows${
                 choices
                   ? `,
            ARRAY(SELECT g.grade FROM (SELECT DISTINCT u.grade, (${gradeKey(trimmedGrade('u.grade'))}) COLLATE "C" AS k FROM users u WHERE ${studentsInReach('$1')}) g
                   WHERE g.k <> '2' ORDER BY g.k, g.grade) AS grades,
            ARRAY(SELECT DISTINCT unnest(m.pathway_ids) FROM users u JOIN caseload_summaries m ON m.student_id = u.id WHERE ${studentsInReach('$1')}) AS "pathwayIds"`
                   : ''
               }`,
    [schoolIds, q.grade ?? null, q.pathwayUuid ?? null, q.missing ?? null, q.warnings ?? null, q.review ?? null, q.first, offset, ...(unread ? [staffUserId] : [])],
  );
  return { ...result, grades: result.grades ?? [], pathwayIds: result.pathwayIds ?? [] };
}
