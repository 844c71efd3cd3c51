/**
 * The access-log filters (GET /api/access-log/ query, GraphQL `accessLog` arguments) as a zod
 * schema. Both adapters parse with `checkAccessLogFilter` and hand the service a `Checked` value;
 * the service raises a refusal after its permission check (401/403 before 400).
 *
 * Any filter of the wrong form earns one message naming the expected forms; then a start date
 * after the end date is refused.
 */
import { badInput, because } from '../../core/errors.js';
import { MAX_ID } from '../../core/ids.js';
import { check, parseInput, type Checked, z, zodMessage } from '../../core/validation.js';
import { ACCESS_ACTIONS } from './access-actions.js';

export const ACCESS_LOG_INPUT_MESSAGES = {
  filtersInvalid: 'ACCESS_LOG_FILTERS_INVALID',
  datesReversed: 'DATES_REVERSED',
  actionInvalid: because('ACCESS_LOG_ACTION_INVALID', { actions: ACCESS_ACTIONS.join(', ') }),
  dateInvalid: 'DATE_INVALID',
  cursorInvalid: 'ACCESS_LOG_CURSOR_INVALID',
} as const;

export const MAX_ACCESS_LOG_PAGE = 200;

export const filterInput = z.object({
  student_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  actor_id: z.coerce.number().int().positive().max(MAX_ID).optional(),
  action: z.enum(ACCESS_ACTIONS, { error: () => zodMessage(ACCESS_LOG_INPUT_MESSAGES.actionInvalid) }).optional(),
  from: z.iso.date({ error: ACCESS_LOG_INPUT_MESSAGES.dateInvalid }).optional(),
  to: z.iso.date({ error: ACCESS_LOG_INPUT_MESSAGES.dateInvalid }).optional(),
  first: z.coerce.number().int().min(1).max(MAX_ACCESS_LOG_PAGE).optional(),
  after: z
    .string()
    .regex(/^\d{1,18}$/, ACCESS_LOG_INPUT_MESSAGES.cursorInvalid)
    .optional(),
  /** Part of the student's name or email (case-insensitive). */
  student: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !v.includes('\0'))
    .optional(),
  /** Part of the actor's name or email (case-insensitive). */
  actor: z
    .string()
    .trim()
    .max(200)
    .refine((v) => !v.includes('\0'))
    .optional(),
});
/** The checked filters; a filter left out does not narrow the log. */
export type AccessLogFilter = z.output<typeof filterInput>;

/** Parses the filters as sent (query strings or GraphQL arguments). */
export const checkAccessLogFilter = (raw: unknown): Checked<AccessLogFilter> =>
  check(() => {
    const f = parseInput(filterInput, raw, because(ACCESS_LOG_INPUT_MESSAGES.filtersInvalid));
    if (f.from && f.to && f.from > f.to) throw badInput(because(ACCESS_LOG_INPUT_MESSAGES.datesReversed));
    return f;
  });
