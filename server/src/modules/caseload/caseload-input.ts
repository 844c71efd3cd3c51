/**
 * The caseload's filters, sort and page as one zod schema: the REST adapter parses its query
 * string with it, the GraphQL adapter hands its arguments to it in the same shape, and the
 * OpenAPI document describes the query parameters from it (caseload.openapi.ts).
 */
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, z, zodMessage, type Checked } from '../../core/validation.js';
import { REVIEW_STATUSES, type ReviewStatus } from './review-status.js';

export const CASELOAD_SORTS = [
  'last_name',
  'first_name',
  'grade',
  'pathway',
  'requirements_met',
  'missing',
  'warnings',
  'completed_units',
  'review_status',
  'last_plan_change',
  'unread_notes',
] as const;
export type CaseloadSort = (typeof CASELOAD_SORTS)[number];

/** Largest page; without a page size REST sends every row (the caseload is computed once either way). */
export const CASELOAD_MAX_PAGE = 500;
export const CASELOAD_DEFAULT_PAGE = 50;

export const CASELOAD_MESSAGES = {
  grade: 'CASELOAD_GRADE_INVALID',
  pathway: 'CASELOAD_PATHWAY_INVALID',
  flag: 'CASELOAD_FLAG_INVALID',
  review: because('CASELOAD_REVIEW_INVALID', { statuses: REVIEW_STATUSES.join(', ') }),
  sort: because('CASELOAD_SORT_INVALID', { sorts: CASELOAD_SORTS.join(', ') }),
  order: 'CASELOAD_ORDER_INVALID',
  pageSize: because('PAGE_SIZE_PARAM_RANGE', { max: CASELOAD_MAX_PAGE }),
  cursor: 'CASELOAD_CURSOR_INVALID',
} as const;

const M = CASELOAD_MESSAGES;
const flag = () => z.enum(['true', 'false'], { message: M.flag }).optional();

/** The query string of GET /api/caseload/ and /api/caseload/export/ (strings, as a URL carries them). */
export const CASELOAD_QUERY = z.object({
  grade: z.string({ message: M.grade }).max(20, M.grade).optional().meta({ description: 'Only students of this grade (as stored, e.g. 11).' }),
  pathway: z
    .string({ message: M.pathway })
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, M.pathway)
    .optional()
    .meta({ description: 'Only students who follow this pathway (uuid).' }),
  missing: flag().meta({ description: 'true: only students whose plan misses a requirement of a pathway they follow; false: only those missing none.' }),
  warnings: flag().meta({ description: 'true: only plans with a prerequisite warning; false: only plans without.' }),
  review: z
    .enum(REVIEW_STATUSES, { message: zodMessage(M.review) })
    .optional()
    .meta({ description: 'Only plans with this review status.' }),
  unread: flag().meta({ description: 'true: only students with notes the caller has not read; false: only those without.' }),
  sort: z
    .enum(CASELOAD_SORTS, { message: zodMessage(M.sort) })
    .optional()
    .meta({ description: 'Sort column (default last_name); ties break on last name, first name, id.' }),
  order: z.enum(['asc', 'desc'], { message: M.order }).optional(),
  page_size: z
    .string()
    .regex(/^[0-9]{1,4}$/, zodMessage(M.pageSize))
    .optional()
    .meta({ description: `Page size (1 to ${CASELOAD_MAX_PAGE}); without it every row comes back. The total is in X-Total-Count, the next cursor in X-Next-Cursor.` }),
  cursor: z.string().max(64, M.cursor).optional().meta({ description: 'The X-Next-Cursor header of the previous page.' }),
});

/** What the service takes. */
export interface CaseloadQuery {
  grade?: string;
  pathwayUuid?: string;
  missing?: boolean;
  warnings?: boolean;
  review?: ReviewStatus;
  /** Whether the caller has unread notes on the student's plan. */
  unread?: boolean;
  sort: CaseloadSort;
  descending: boolean;
  /** null: every row. */
  first: number | null;
  after: string | null;
}

/** Parses the raw query (REST query string, or GraphQL arguments in the same shape); a 400 kept for after the permission check. */
export function checkCaseloadQuery(raw: unknown, defaultPage: number | null): Checked<CaseloadQuery> {
  return check(() => {
    const q = parseInput(CASELOAD_QUERY, raw);
    const first = q.page_size === undefined ? defaultPage : Number(q.page_size);
    if (first !== null && (first < 1 || first > CASELOAD_MAX_PAGE)) throw badInput(M.pageSize);
    const bool = (v: 'true' | 'false' | undefined) => (v === undefined ? undefined : v === 'true');
    return {
      grade: q.grade?.trim() || undefined,
      pathwayUuid: q.pathway?.toLowerCase(),
      missing: bool(q.missing),
      warnings: bool(q.warnings),
      review: q.review,
      unread: bool(q.unread),
      sort: q.sort ?? 'last_name',
      descending: q.order === 'desc',
      first,
      after: q.cursor ?? null,
    };
  });
}
