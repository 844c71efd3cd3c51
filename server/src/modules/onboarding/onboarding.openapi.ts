/** The onboarding and CCCApply hand-off routes in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes } from '../../core/openapi.js';
import { CCC_APPLY_STATUSES } from './cccapply-consent.entity.js';
import { DEFAULT_SMS_COUNTRIES } from '@planner/shared/phone';
import { consentSchema, demographicsSchema, edGoalsSchema, studentInfoSchema } from './onboarding-input.js';

const CccStatus = z.object({ ccc_apply_status: z.enum(CCC_APPLY_STATUSES) });

export const ONBOARDING_ROUTES = areaRoutes('Onboarding', [
  {
    method: 'post',
    path: '/student-info/',
    operationId: 'saveStudentInfo',
    summary: "Save the student's information.",
    body: { json: studentInfoSchema(DEFAULT_SMS_COUNTRIES) },
    success: {
      status: 200,
      description: 'As saved.',
      json: z.object({
        grade: z.string(),
        dob: z.string().meta({ description: 'MMDDYYYY.' }),
        guardianFirstName: z.string(),
        guardianLastName: z.string(),
        guardianPhone: z.string(),
      }),
    },
  },
  {
    method: 'post',
    path: '/student-demographics/',
    operationId: 'saveStudentDemographics',
    summary: "Save the student's demographics.",
    body: { json: demographicsSchema },
    success: {
      status: 200,
      description: 'As saved.',
      json: z.object({
        citizenshipStatus: z.string(),
        fosterCare: z.string(),
        fosterCareAge: z.string().nullable(),
        homelessness: z.string(),
        gender: z.string(),
        raceEthnicity: z.array(z.string()),
      }),
    },
  },
  {
    method: 'post',
    path: '/update-ed-goals/',
    operationId: 'updateEdGoals',
    summary: "Save the student's education goals.",
    // The adapter parses the body's ed_goals with edGoalsSchema (one answer, or a list of 1 to 10).
    body: { json: z.object({ ed_goals: edGoalsSchema }) },
    success: { status: 200, json: z.object({ ed_goals: z.array(z.string()) }), description: 'As saved.' },
  },
  {
    method: 'post',
    path: '/generate-four-year-plan/',
    operationId: 'generateFourYearPlan',
    summary: 'Generate a four-year plan from the goals.',
    success: {
      status: 200,
      description: 'The courses added.',
      json: z.object({
        added_courses: z.int(),
        courses: z.array(z.object({ course_id: z.int(), term: z.string(), position: z.int() })),
      }),
    },
  },
  {
    method: 'post',
    path: '/cccapply/consent/',
    operationId: 'signCccApplyConsent',
    summary: 'Consent to the CCCApply account step.',
    body: { json: consentSchema },
    success: { status: 200, json: CccStatus, description: 'The hand-off status now.' },
  },
  {
    method: 'post',
    path: '/cccapply/account-created/',
    operationId: 'confirmOpenCccAccount',
    summary: 'Confirm the OpenCCC account was created.',
    success: { status: 200, json: CccStatus, description: 'The hand-off status now.' },
  },
]);
