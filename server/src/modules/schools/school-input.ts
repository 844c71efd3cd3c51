/**
 * The create-school payload (spec: schools) as a zod schema with the spec's messages. Both adapters
 * parse with `checkSchoolCreate` and hand the service a `Checked` value; the service raises a
 * refusal after its permission check (401/403 before 400).
 *
 * The order of the checks is the form's: name, school type, then state; the first problem is the
 * one reported.
 */
import { check, parseInput, text, type Checked, z, zodMessage } from '../../core/validation.js';
import { SchoolType } from './school.entity.js';
import { because } from '../../core/errors.js';

export const SCHOOL_INPUT_MESSAGES = {
  nameRequired: 'SCHOOL_NAME_REQUIRED',
  nameTooLong: 'SCHOOL_NAME_TOO_LONG',
  typeInvalid: 'SCHOOL_TYPE_INVALID',
  stateRequired: 'SCHOOL_STATE_REQUIRED',
  stateTooLong: 'SCHOOL_STATE_TOO_LONG',
  planApprovalInvalid: 'PLAN_APPROVAL_ENABLED_INVALID',
  graduationPathwayInvalid: 'GRADUATION_PATHWAY_INVALID',
  unitCap: because('TERM_UNIT_CAP_INVALID', { max: 100 }),
  courseCap: because('TERM_COURSE_CAP_INVALID', { max: 30 }),
  dualGrade: 'DUAL_ENROLLMENT_GRADE_INVALID',
} as const;

const M = SCHOOL_INPUT_MESSAGES;
const MAX_NAME = 200;
const MAX_STATE = 60;

/** A new school's fields, checked. */
export interface SchoolCreate {
  name: string;
  schoolType: SchoolType;
  /** The state. */
  location: string;
}

const STOP = new Error('first problem reported');

export const schoolCreateSchema = z.object({ name: text(), school_type: text(), location: text() }).transform((v, ctx): SchoolCreate => {
  const issue = (message: string): never => {
    ctx.addIssue({ code: 'custom', message });
    throw STOP;
  };
  try {
    if (!v.name) issue(M.nameRequired);
    if (v.name.length > MAX_NAME) issue(M.nameTooLong);
    const type = v.school_type.toUpperCase();
    if (type !== SchoolType.HS && type !== SchoolType.CLG) issue(M.typeInvalid);
    if (!v.location) issue(M.stateRequired);
    if (v.location.length > MAX_STATE) issue(M.stateTooLong);
    return { name: v.name, schoolType: type as SchoolType, location: v.location };
  } catch (e) {
    if (e !== STOP) throw e;
    return z.NEVER;
  }
});

/** Parses a create-school payload; a wrong type names its field ("Invalid value for name."). */
export const checkSchoolCreate = (raw: unknown): Checked<SchoolCreate> => check(() => parseInput(schoolCreateSchema, raw));

/** The graduation pathway of the caller's school: a pathway uuid, or null (back to the name rule). */
export interface GraduationPathwayChoice {
  pathwayUuid: string | null;
}

export const graduationPathwaySchema = z
  .object({ pathway_uuid: z.uuid({ error: M.graduationPathwayInvalid }).nullable() })
  .transform((v): GraduationPathwayChoice => ({ pathwayUuid: v.pathway_uuid }));

export const checkGraduationPathway = (raw: unknown): Checked<GraduationPathwayChoice> =>
  check(() => parseInput(graduationPathwaySchema, raw, because(M.graduationPathwayInvalid)));

/** Plan review on or off for the caller's school of record. */
export const planApprovalSchema = z.object({ enabled: z.boolean({ error: M.planApprovalInvalid }) });
export type PlanApprovalChoice = z.infer<typeof planApprovalSchema>;

export const checkPlanApproval = (raw: unknown): Checked<PlanApprovalChoice> => check(() => parseInput(planApprovalSchema, raw, because(M.planApprovalInvalid)));

/**
 * The auto-plan's school settings: per-term caps (null: back to the default of the school type)
 * and the first grade allowed to take partner college courses. Each field is checked on its own,
 * the first wrong one reported, with the limits the database also enforces.
 */
export interface AutoPlanSettings {
  termUnitCap: number | null;
  termCourseCap: number | null;
  dualEnrollmentFromGrade: number;
}

export const autoPlanSettingsSchema = z.object({
  term_unit_cap: z
    .number({ error: zodMessage(M.unitCap) })
    .gt(0, zodMessage(M.unitCap))
    .max(100, zodMessage(M.unitCap))
    .nullable()
    .transform((v) => (v === null ? null : Math.round(v * 100) / 100)),
  term_course_cap: z
    .number({ error: zodMessage(M.courseCap) })
    .int(zodMessage(M.courseCap))
    .min(1, zodMessage(M.courseCap))
    .max(30, zodMessage(M.courseCap))
    .nullable(),
  dual_enrollment_from_grade: z.number({ error: M.dualGrade }).int(M.dualGrade).min(9, M.dualGrade).max(12, M.dualGrade),
});

export const checkAutoPlanSettings = (raw: unknown): Checked<AutoPlanSettings> =>
  check(() => {
    const v = parseInput(autoPlanSettingsSchema, raw);
    return { termUnitCap: v.term_unit_cap, termCourseCap: v.term_course_cap, dualEnrollmentFromGrade: v.dual_enrollment_from_grade };
  });
