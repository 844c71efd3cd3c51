/**
 * The course-request window a counselor sets: the school year it collects ("2027-2028", one year
 * after the other) and the first and last day students' plans count as requests (YYYY-MM-DD).
 * Both adapters parse with `checkRequestWindow`; the first problem is the one reported.
 */
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';
import { because } from '../../core/errors.js';
import { MAX_CLASS_SIZE } from './course-demand.js';

export const REQUEST_WINDOW_MESSAGES = {
  yearInvalid: 'COURSE_REQUEST_YEAR_INVALID',
  dateInvalid: 'COURSE_REQUEST_DATE_INVALID',
  datesOrder: 'COURSE_REQUEST_DATES_ORDER',
  requestsInvalid: 'COURSE_REQUEST_LIST_INVALID',
  repeated: 'COURSE_REQUEST_REPEATED',
  classSize: 'COURSE_DEMAND_CLASS_SIZE',
} as const;

const M = REQUEST_WINDOW_MESSAGES;

export interface RequestWindowInput {
  schoolYear: string;
  opensOn: string;
  closesOn: string;
}

/** A real calendar day written YYYY-MM-DD (2027-02-30 is refused). */
export function isCalendarDay(s: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** "2027-2028": four digits, a dash, the next year. */
export function isSchoolYear(s: string): boolean {
  const m = /^(\d{4})-(\d{4})$/.exec(s);
  return m !== null && Number(m[2]) === Number(m[1]) + 1 && Number(m[1]) >= 2000;
}

const STOP = new Error('first problem reported');

export const requestWindowSchema = z.object({ school_year: text(), opens_on: text(), closes_on: text() }).transform((v, ctx): RequestWindowInput => {
  const issue = (message: string): never => {
    ctx.addIssue({ code: 'custom', message });
    throw STOP;
  };
  try {
    if (!isSchoolYear(v.school_year)) issue(M.yearInvalid);
    if (!isCalendarDay(v.opens_on)) issue(M.dateInvalid);
    if (!isCalendarDay(v.closes_on)) issue(M.dateInvalid);
    if (v.closes_on < v.opens_on) issue(M.datesOrder);
    return { schoolYear: v.school_year, opensOn: v.opens_on, closesOn: v.closes_on };
  } catch (e) {
    if (e !== STOP) throw e;
    return z.NEVER;
  }
});

export const checkRequestWindow = (raw: unknown): Checked<RequestWindowInput> => check(() => parseInput(requestWindowSchema, raw));

/** A student's requests as staff set them: at most 40 courses, each once, with its SIS term (e.g. Year, Fall) and the alternate flag. */
export interface StaffRequestsInput {
  requests: { courseId: number; term: string; alternate: boolean }[];
}

export const MAX_REQUESTS = 40;

const requestSchema = z.object({
  course_id: z.int().min(1).max(2147483647),
  term: text().refine((t) => t.length >= 1 && t.length <= 40),
  alternate: z.boolean().optional(),
});

export const staffRequestsSchema = z
  .object({ requests: z.array(requestSchema).max(MAX_REQUESTS) })
  .refine((v) => new Set(v.requests.map((r) => r.course_id)).size === v.requests.length, { message: M.repeated })
  .transform((v): StaffRequestsInput => ({ requests: v.requests.map((r) => ({ courseId: r.course_id, term: r.term, alternate: r.alternate ?? false })) }));

export const checkStaffRequests = (raw: unknown): Checked<StaffRequestsInput> =>
  check(() => parseInput(staffRequestsSchema, raw, because(M.requestsInvalid, { max: MAX_REQUESTS })));

/** The class size the demand report divides by: a whole number of students from 1 to MAX_CLASS_SIZE. */
export const checkClassSize = (raw: unknown): Checked<number> =>
  check(() => parseInput(z.object({ class_size: z.int().min(1).max(MAX_CLASS_SIZE) }), raw, because(M.classSize, { max: MAX_CLASS_SIZE })).class_size);
