/** The generate-plan route in the OpenAPI document (see core/openapi.ts). */
import { z } from 'zod';
import { areaRoutes, uuidParam } from '../../core/openapi.js';
import { batchStartSchema } from './auto-plan-batch-input.js';
import { generatePlanSchema } from './auto-plan-input.js';

const Blocker = z.object({
  reason: z.enum([
    'TOO_FEW_COURSES',
    'NOT_TRANSFERABLE',
    'NOT_YET_ELIGIBLE',
    'NOT_OFFERED',
    'PREREQUISITE_TOO_LATE',
    'PREREQUISITE_CYCLE',
    'COUNTED_ELSEWHERE',
    'NO_ROOM',
  ]),
  course_id: z.int().nullable(),
  course_code: z.string().nullable(),
  prerequisite_id: z.int().nullable(),
  prerequisite_code: z.string().nullable(),
  requirement_id: z.int().nullable().meta({ description: 'COUNTED_ELSEWHERE: the requirement the course counts toward.' }),
  requirement_name: z.string().nullable(),
  offered_terms: z
    .array(z.enum(['fall', 'spring', 'summer']))
    .nullable()
    .meta({ description: "The course's seasons; null: every term." }),
  last_term_label: z
    .string()
    .nullable()
    .meta({ description: 'When a prerequisite is the cause: the last term the course could go in, which the prerequisite does not fit before.' }),
});

const Shortfall = z.object({
  requirement_id: z.int(),
  requirement_name: z.string(),
  pathway_name: z.string(),
  missing_courses: z.int(),
  missing_units: z.number(),
  blocked_by: z.array(Blocker),
});

const Batch = z
  .object({
    id: z.uuid(),
    state: z.enum(['queued', 'running', 'done', 'failed']),
    total: z.int().meta({ description: 'Students in the batch.' }),
    done: z.int().meta({ description: 'Students finished so far.' }),
    created_at: z.iso.datetime(),
    finished_at: z.iso.datetime().nullable(),
    results: z.array(
      z.object({
        student_id: z.int(),
        first_name: z.string(),
        last_name: z.string(),
        outcome: z.enum(['SAVED', 'INFEASIBLE', 'UNPROVEN', 'NO_PATHWAY', 'NOT_SAVED']).nullable().meta({
          description:
            'null while waiting. SAVED: a new what-if plan named for the pathways; INFEASIBLE: proven impossible (see shortfalls); UNPROVEN: no plan found in time; NO_PATHWAY: no pathway followed; NOT_SAVED: see reason.',
        }),
        solver_status: z.enum(['OPTIMAL', 'INFEASIBLE', 'UNPROVEN']).nullable(),
        what_if_plan_id: z.int().nullable(),
        plan_name: z.string().nullable(),
        reason: z.object({ reason: z.string(), params: z.record(z.string(), z.string()).nullable(), message: z.string() }).nullable(),
        shortfalls: z.array(Shortfall),
      }),
    ),
  })
  .meta({ id: 'AutoPlanBatch' });

const GeneratedPlan = z
  .object({
    status: z.enum(['OPTIMAL', 'INFEASIBLE', 'UNPROVEN']).meta({
      description:
        'OPTIMAL: every requirement met in the fewest terms; INFEASIBLE: proven impossible (see shortfalls); UNPROVEN: the time limit ran out, the best plan found is given.',
    }),
    terms: z.int().meta({ description: 'Terms the plan uses; 0 without a plan.' }),
    labels: z.array(z.string()),
    pathways: z.array(z.string()),
    entries: z.array(
      z.object({
        course_id: z.int(),
        course_code: z.string(),
        title: z.string(),
        term: z.int().meta({ description: '1-based term position.' }),
        term_label: z.string(),
        added: z.boolean(),
        moved_from: z.int().nullable(),
      }),
    ),
    shortfalls: z.array(Shortfall),
    time_limit_seconds: z.int(),
    seconds: z.number(),
  })
  .meta({ id: 'GeneratedPlan' });

export const AUTO_PLAN_ROUTES = areaRoutes('Plans', [
  {
    method: 'post',
    path: '/generate-plan/',
    operationId: 'generatePlan',
    summary: 'Generate the fewest-terms plan for a student, or the proven reason none exists.',
    description:
      "The student (left out: the caller; staff: a student of their schools), the pathways to plan for (the school's graduation pathway is always added), whether planned courses may move, and a time limit. A preview: nothing is saved. Parents: 403; another school's student: 404.",
    body: { json: generatePlanSchema },
    success: { status: 200, json: GeneratedPlan, description: 'The plan or the explanation.' },
  },
  {
    method: 'post',
    path: '/generate-plan/save/',
    operationId: 'saveGeneratedPlan',
    summary: 'Save the generated plan as a new what-if plan of the student.',
    description:
      "The same fields as /generate-plan/ and the what-if plan name. The student, or staff for a student of their schools (student_id); the official plan is not touched. Parents, view-as tokens and staff without a student: 403; another school's student: 404; no plan for these pathways: 409 AUTO_PLAN_NOTHING_TO_SAVE; five what-if plans already: 409.",
    body: { json: generatePlanSchema.extend({ name: z.string().min(1).max(80) }) },
    success: { status: 201, json: z.object({ what_if_plan_id: z.int(), name: z.string() }), description: 'The new what-if plan.' },
  },
  {
    method: 'post',
    path: '/generate-plan/replace/',
    operationId: 'replacePlanWithGenerated',
    summary: "Replace the caller's official plan with the generated plan.",
    description:
      "The same fields as /generate-plan/ (student_id left out, or the caller's own). The courses the plan adds go in after what each term holds; with move_planned, planned courses move as generated; completed courses and everything else stay. The student, or a counselor viewing as them; a parent's view-as token, staff in their own session and a student_id of another student: 403; a term of the kept course-request year: 403 COURSE_REQUESTS_CLOSED for the student; no plan for these pathways: 409 AUTO_PLAN_NOTHING_TO_SAVE, nothing changed.",
    body: { json: generatePlanSchema },
    success: {
      status: 200,
      json: z.object({ added: z.int().meta({ description: 'Courses added.' }), moved: z.int().meta({ description: 'Planned courses moved.' }) }),
      description: 'What changed in the official plan.',
    },
  },
  {
    method: 'post',
    path: '/generate-plan/batches/',
    operationId: 'generatePlansForStudents',
    summary: 'Staff: generate plans for a selection of students in the background.',
    description:
      "Each student's plan for the pathways they follow is saved as a new what-if plan named for them; the official plan is never touched. Another school's student (or an id of no student): 404 and nothing starts. Students and parents: 403. Answers 202 with the batch's address (Location) for its progress.",
    body: { json: batchStartSchema },
    success: { status: 202, json: Batch, description: 'The batch, queued.' },
  },
  {
    method: 'get',
    path: '/generate-plan/batches/:id/',
    operationId: 'autoPlanBatch',
    summary: 'Staff: a batch they started, with its progress (done of total) and each result so far.',
    params: { id: uuidParam('batch') },
    success: { status: 200, json: Batch, description: 'The batch.' },
  },
]);
