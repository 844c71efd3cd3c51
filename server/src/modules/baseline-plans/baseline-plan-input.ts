/**
 * The baseline plan payloads (create, edit, duplicate, assign), as zod schemas with the spec's
 * messages. Both adapters parse with the `check…` functions and hand the service a `Checked`
 * value; the service raises a refusal after its permission checks (401/403 before 400).
 *
 * A body that is not an object reads as empty; text fields that are not text read as blank. The
 * first problem found is the one reported, in today's order: user_type, title, description, NUL,
 * lengths, then the username.
 */
import { toId } from '../../core/ids.js';
import { check, hasNul, NUL_MESSAGE, parseInput, type Checked, z } from '../../core/validation.js';
import { because } from '../../core/errors.js';

export const BASELINE_INPUT_MESSAGES = {
  titleRequired: 'BASELINE_TITLE_REQUIRED',
  descriptionRequired: 'BASELINE_DESCRIPTION_REQUIRED',
  titleTooLong: 'BASELINE_TITLE_TOO_LONG',
  descriptionTooLong: 'BASELINE_DESCRIPTION_TOO_LONG',
  username: 'BASELINE_USERNAME_INVALID',
  userType: 'BASELINE_USER_TYPE_INVALID',
  planId: 'BASELINE_PLAN_REQUIRED',
} as const;

const M = BASELINE_INPUT_MESSAGES;
/** user_type of a baseline plan (UserType.BaselinePlan). */
const BASELINE_USER_TYPE = 4;

/** A plan's title (first_name) and description (last_name). */
export interface PlanText {
  firstName: string;
  lastName: string;
}

/** A new plan: its text and the username asked for (null: one is generated). */
export interface PlanCreate extends PlanText {
  username: string | null;
}

const asBody = (raw: unknown) => (raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {});
const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

const STOP = new Error('first problem reported');
type Issue = (message: string) => never;
const stopping =
  (ctx: z.RefinementCtx): Issue =>
  (message) => {
    ctx.addIssue({ code: 'custom', message });
    throw STOP;
  };
/** Runs today's checks in order; the first problem becomes the issue and ends them. */
const firstProblem = <T>(ctx: z.RefinementCtx, run: (issue: Issue) => T): T => {
  try {
    return run(stopping(ctx));
  } catch (e) {
    if (e === STOP) return z.NEVER;
    throw e;
  }
};

function planText(b: { first_name?: unknown; last_name?: unknown }, issue: Issue): PlanText {
  const firstName = str(b.first_name);
  const lastName = str(b.last_name);
  if (!firstName) issue(M.titleRequired);
  if (!lastName) issue(M.descriptionRequired);
  if (hasNul(firstName) || hasNul(lastName)) issue(NUL_MESSAGE);
  if (firstName.length > 200) issue(M.titleTooLong);
  if (lastName.length > 2000) issue(M.descriptionTooLong);
  return { firstName, lastName };
}

const fields = z.object({ first_name: z.unknown().optional(), last_name: z.unknown().optional(), user_type: z.unknown().optional(), username: z.unknown().optional() });

export const planTextSchema = z.preprocess(asBody, fields).transform((b, ctx) => firstProblem(ctx, (issue) => planText(b, issue)));

export const planCreateSchema = z.preprocess(asBody, fields).transform((b, ctx) =>
  firstProblem(ctx, (issue): PlanCreate => {
    if (b.user_type !== undefined && Number(b.user_type) !== BASELINE_USER_TYPE) issue(M.userType);
    const text = planText(b, issue);
    const given = b.username === undefined || b.username === null || b.username === '' ? null : str(b.username);
    // Never an address: a plan's username can never shadow (or take) a person's sign-in email.
    if (given !== null && !/^baseline_plan_[A-Za-z0-9_-]{1,86}$/.test(given)) issue(M.username);
    return { ...text, username: given };
  }),
);

/** `{ planId }`: a plan's id as a number or numeric text. */
export const planIdSchema = z.preprocess(asBody, z.object({ planId: z.unknown().optional() })).transform((b, ctx) =>
  firstProblem(ctx, (issue) => {
    const v = b.planId;
    const id = toId(typeof v === 'string' ? v.trim() : v);
    return id === null ? issue(M.planId) : id;
  }),
);

export const checkPlanCreate = (raw: unknown): Checked<PlanCreate> => check(() => parseInput(planCreateSchema, raw));
export const checkPlanText = (raw: unknown): Checked<PlanText> => check(() => parseInput(planTextSchema, raw));
export const checkPlanId = (raw: unknown): Checked<number> => check(() => parseInput(planIdSchema, raw, because(M.planId)));
