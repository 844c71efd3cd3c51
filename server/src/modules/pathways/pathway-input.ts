/**
 * The pathway, requirement and fulfilment payloads (spec: pathways), as zod schemas with the
 * spec's messages. Both adapters parse with the `check…` functions and hand the service a
 * `Checked` value; the service raises a refusal after its permission checks (401/403 before 400).
 *
 * The order of the checks is the order a person reads the form in: name, description, then colour
 * (pathways) or units and courses (requirements); the first problem is the one reported.
 */
import { isMinimumGrade } from '@planner/shared';
import { badInput, because } from '../../core/errors.js';
import { check, parseInput, text, type Checked, z } from '../../core/validation.js';
import { PATHWAY_COLORS } from './pathway.entity.js';

export const PATHWAY_INPUT_MESSAGES = {
  nameRequired: 'PATHWAY_NAME_REQUIRED',
  requirementNameRequired: 'REQUIREMENT_NAME_REQUIRED',
  nameTooLong: 'NAME_TOO_LONG',
  descriptionTooLong: 'DESCRIPTION_TOO_LONG',
  colorInvalid: 'PATHWAY_COLOR_INVALID',
  unitsInvalid: 'REQUIREMENT_UNITS_INVALID',
  coursesInvalid: 'REQUIREMENT_COURSES_INVALID',
  minimumGradeInvalid: 'REQUIREMENT_MINIMUM_GRADE_INVALID',
  selectPathway: 'SELECT_PATHWAY',
  selectRequirement: 'SELECT_REQUIREMENT',
  nonDuplicablesInvalid: 'NON_DUPLICABLES_INVALID',
} as const;

const M = PATHWAY_INPUT_MESSAGES;
const MAX_UNITS = 9999.99;
const MAX_COURSES = 10_000;
const MAX_NAME = 200;
const MAX_DESCRIPTION = 5000;
const MAX_NON_DUPLICABLES = 100;

/** A pathway's fields; a field left out stays as it is (update). */
export interface PathwayFields {
  name?: string;
  description?: string;
  color?: string;
}

/** A requirement's fields; a field left out stays as it is (update). */
export interface RequirementFields {
  name?: string;
  description?: string;
  numberOfUnits?: number;
  numberOfCourses?: number;
  /** null clears it (any passing grade counts). */
  minimumGrade?: string | null;
}

/** Add a requirement: the pathway (its uuid is read when the pathway is looked up) and the fields. */
export interface RequirementCreate {
  /** The `pathway_uuid` as sent, or the 400 for a missing one (raised before the pathway is looked up). */
  pathway: Checked<unknown>;
  fields: Checked<RequirementFields>;
}

/** Count a course toward a requirement (and, with non-duplicables, toward only one of them). */
export interface FulfillmentAdd {
  /** The requirement's uuid as sent: checked when the requirement is looked up. */
  requirementUuid: unknown;
  nonDuplicables: string[];
}

/** Stop counting a course toward a requirement. */
export interface FulfillmentRemove {
  requirementUuid: unknown;
}

const missing = (v: unknown) => v === undefined || v === null || v === '';

/** Number of units: a number or numeric text from 0 to 9999.99, rounded to cents; blank means not given. */
function units(v: unknown): number | undefined | null {
  if (missing(v)) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isFinite(n) || n < 0 || n > MAX_UNITS) return null;
  return Math.round(n * 100) / 100;
}

/** Number of courses: a whole number from 0 to 10000; blank means not given. */
function courses(v: unknown): number | undefined | null {
  if (missing(v)) return undefined;
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n) || n < 0 || n > MAX_COURSES) return null;
  return n;
}

type Issue = (message: string) => never;
const STOP = new Error('first problem reported');
/** Today's rule: the first problem is the one reported, so an issue ends the checks (back to the transform). */
const stopping =
  (ctx: z.RefinementCtx): Issue =>
  (message) => {
    ctx.addIssue({ code: 'custom', message });
    throw STOP;
  };

/** A name: required when given (or on create), at most 200 characters. */
function name(v: string | undefined, required: string, issue: Issue): string | undefined {
  if (v === undefined) return undefined;
  if (!v) issue(required);
  if (v.length > MAX_NAME) issue(M.nameTooLong);
  return v;
}

function description(v: string | undefined, issue: Issue): string | undefined {
  if (v !== undefined && v.length > MAX_DESCRIPTION) issue(M.descriptionTooLong);
  return v;
}

/** `partial` (update): a field left out is not required and stays as it is. */
export const pathwaySchema = (partial: boolean) =>
  z.object({ name: text().optional(), description: text().optional(), color: text().optional() }).transform((v, ctx): PathwayFields => {
    const out: PathwayFields = {};
    const issue = stopping(ctx);
    try {
      const n = name(partial ? v.name : (v.name ?? ''), M.nameRequired, issue);
      const d = description(v.description, issue);
      const color = v.color?.toLowerCase();
      if (color !== undefined && !(PATHWAY_COLORS as readonly string[]).includes(color)) issue(M.colorInvalid);
      if (n !== undefined) out.name = n;
      if (d !== undefined) out.description = d;
      if (color !== undefined) out.color = color;
    } catch (e) {
      if (e !== STOP) throw e;
    }
    return out;
  });

export const requirementSchema = (partial: boolean) =>
  z
    .object({
      name: text().optional(),
      description: text().optional(),
      number_of_units: z.unknown().optional(),
      number_of_courses: z.unknown().optional(),
      minimum_grade: z.unknown().optional(),
    })
    .transform((v, ctx): RequirementFields => {
      const out: RequirementFields = {};
      const issue = stopping(ctx);
      try {
        const n = name(partial ? v.name : (v.name ?? ''), M.requirementNameRequired, issue);
        const d = description(v.description, issue);
        const u = units(v.number_of_units);
        if (u === null) issue(M.unitsInvalid);
        const c = courses(v.number_of_courses);
        if (c === null) issue(M.coursesInvalid);
        if (n !== undefined) out.name = n;
        if (d !== undefined) out.description = d;
        if (u !== undefined && u !== null) out.numberOfUnits = u;
        if (c !== undefined && c !== null) out.numberOfCourses = c;
        if (v.minimum_grade === null || v.minimum_grade === '') out.minimumGrade = null;
        else if (v.minimum_grade !== undefined) {
          if (isMinimumGrade(v.minimum_grade)) out.minimumGrade = v.minimum_grade;
          else issue(M.minimumGradeInvalid);
        }
      } catch (e) {
        if (e !== STOP) throw e;
      }
      return out;
    });

export const checkPathway = (raw: unknown, partial: boolean): Checked<PathwayFields> => check(() => parseInput(pathwaySchema(partial), raw));

export const checkRequirement = (raw: unknown, partial: boolean): Checked<RequirementFields> => check(() => parseInput(requirementSchema(partial), raw));

/** POST /api/add-requirement-to-pathway/ and the addRequirement mutation. */
export function checkRequirementCreate(raw: unknown): RequirementCreate {
  const pathwayUuid = raw && typeof raw === 'object' ? (raw as { pathway_uuid?: unknown }).pathway_uuid : undefined;
  return {
    pathway: check(() => {
      if (missing(pathwayUuid)) throw badInput(because(M.selectPathway));
      return pathwayUuid;
    }),
    fields: checkRequirement(raw, false),
  };
}

export const fulfillmentAddSchema = z
  .object({
    requirement_uuid: z.unknown().refine((u) => !missing(u), M.selectRequirement),
    non_duplicables: z
      .array(z.string({ error: M.nonDuplicablesInvalid }), { error: M.nonDuplicablesInvalid })
      .max(MAX_NON_DUPLICABLES, M.nonDuplicablesInvalid)
      .nullish(),
  })
  .transform((v): FulfillmentAdd => ({ requirementUuid: v.requirement_uuid, nonDuplicables: v.non_duplicables ?? [] }));

export const checkFulfillmentAdd = (raw: unknown): Checked<FulfillmentAdd> => check(() => parseInput(fulfillmentAddSchema, raw, because(M.selectRequirement)));

export const fulfillmentRemoveSchema = z
  .object({
    requirement_uuid: z.unknown().refine((u) => !missing(u), M.selectRequirement),
  })
  .transform((v): FulfillmentRemove => ({ requirementUuid: v.requirement_uuid }));

export const checkFulfillmentRemove = (raw: unknown): Checked<FulfillmentRemove> => check(() => parseInput(fulfillmentRemoveSchema, raw, because(M.selectRequirement)));
