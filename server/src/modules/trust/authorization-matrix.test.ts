/**
 * The authorization matrix: every /api (and /files) route of the built app and every GraphQL
 * query and mutation, called as each actor against the objects of school A (the student Ada,
 * her linked parent, school A's admin, ...), with the expected answer per cell:
 *
 *   ok   2xx: allowed (and done)                 bad  400/409: allowed past the gate, input refused
 *   401  not signed in (anonymous, expired or revoked token)
 *   403  signed in, not allowed                  404  not found, or not allowed where existence must not leak
 *
 * Columns (the run order: owners last, so their writes never hide another actor's answer):
 *   anon    no token              exp   expired token of Ada      rev   revoked token of Ada
 *   oStu    school B's student    oAdm  school B's admin          uPar  a parent of school A not linked to Ada
 *   base    baseline-plan record  pAs   Ada's parent viewing as Ada (read-only token)
 *   par     Ada's linked parent   stu   Ada (school A's student)  appl  a Dual School applicant (parent)
 *   dAdm    the Dual School's admin                               adm   school A's admin
 *
 * A route or field with no row fails the test; so does a row for something that no longer exists.
 * Set MATRIX_PRINT=1 to print the observed table (to review a change, never to paste blindly).
 */
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isAbstractType,
  isScalarType,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildAppSchema } from '../../graphql/schema.js';
import { useHarness, type Harness } from '../../test/harness.js';
import { SAMPLE_FILES } from '../admissions/admissions.factories.js';
import { insertForm } from '../consent-forms/consent-forms.factories.js';
import { buildCourse, buildPathway, buildRequirement, schedule } from '../pathways/pathways.factories.js';
import { ACTORS, buildWorld, restRoutes, tokenOf, type Actor, type World } from './trust.factories.js';
import { EXPECTED_GRAPHQL, EXPECTED_REST } from './authorization-matrix.table.js';

type Outcome = 'ok' | 'bad' | '401' | '403' | '404' | '429' | '5xx' | '3xx';

const h = useHarness();
let w: World;
let schema: GraphQLSchema;

beforeAll(async () => {
  w = await buildWorld(h);
  schema = await buildAppSchema();
}, 120_000);

// ---- what each route is called with -----------------------------------------------------------

interface Call {
  url?: string;
  body?: unknown;
  /** multipart upload of one file under this field */
  file?: { field: string; name: string; bytes: Buffer };
}
type CallSpec = (w: World, fresh: Fresh) => Promise<Call> | Call;

/** Per-cell objects for destructive calls, so one actor's delete never changes another's cell. */
class Fresh {
  constructor(
    private readonly h: Harness,
    private readonly w: World,
  ) {}
  course = () => buildCourse(this.h, this.w.schoolA);
  pathway = () => buildPathway(this.h, this.w.schoolA);
  async requirement() {
    return buildRequirement(this.h, await this.pathway());
  }
  async scheduled() {
    return (await schedule(this.h, this.w.student, await this.course(), '1')).id;
  }
  /** The course id of a course freshly put in Ada's plan. */
  async scheduledCourse() {
    const course = await this.course();
    await schedule(this.h, this.w.student, course, '1');
    return course.id;
  }
  /** A student of school A with a plan entry, for the student-deletion cells. */
  async student() {
    const s = await this.h.buildStudent({ school: this.w.schoolA });
    await schedule(this.h, s, await this.course(), '1');
    return s;
  }
  /** A grade of school A with one completed consent form, to export. */
  async completedGrade() {
    const grade = 'M1';
    await insertForm(this.h, await this.h.buildStudent({ school: this.w.schoolA, grade }), 'both_signed', SAMPLE_FILES.pdf);
    return grade;
  }
  /** A finished consent-form export of school A (one stored chunk). */
  async finishedExport(): Promise<string> {
    const [{ id }] = await this.h.db.query(
      `INSERT INTO exports (kind, school_id, grade, requested_by, state, file_name, byte_size, run_id, expires_at)
       VALUES ('consent_forms', $1, 'M1', $2, 'done', 'Grade_M1_Parent_Forms.zip', 4, 'r', now() + interval '1 hour') RETURNING id`,
      [this.w.schoolA.id, this.w.admin.id],
    );
    await this.h.db.query(`INSERT INTO export_chunks (export_id, run_id, seq, data) VALUES ($1, 'r', 0, '\\x504b0506')`, [id]);
    return id;
  }
  /** A roster import into school A. */
  /** A batch of generated plans school A's admin started (for the cells of reading one). */
  async autoPlanBatch(): Promise<string> {
    const [{ id }] = await this.h.db.query(`INSERT INTO auto_plan_batches (requested_by, total) VALUES ($1, 0) RETURNING id`, [this.w.admin.id]);
    return id;
  }
  async rosterImport(): Promise<string> {
    const [{ id }] = await this.h.db.query(`INSERT INTO roster_imports (school_id, requested_by, total_rows) VALUES ($1, $2, 0) RETURNING id`, [
      this.w.schoolA.id,
      this.w.admin.id,
    ]);
    return id;
  }
  /** A note Ada just wrote on her plan, for the note-deletion cells (only Ada, its author, may delete it). */
  async note(): Promise<number> {
    const [{ id }] = await this.h.db.query(`INSERT INTO plan_notes (student_id, author_id, author_role, body) VALUES ($1, $1, 'student', 'A note') RETURNING id`, [
      this.w.student.id,
    ]);
    return id;
  }
  /** A what-if plan of Ada's, a copy of her official plan (so making it official changes nothing another cell sees). */
  async whatIf(): Promise<number> {
    const student = this.w.student;
    const [{ id }] = await this.h.db.query(
      `INSERT INTO what_if_plans (student_id, name, academic_year_labels) SELECT id, $2, academic_year_labels FROM users WHERE id = $1 RETURNING id`,
      [student.id, `Plan ${Math.random().toString(36).slice(2, 10)}`],
    );
    await this.h.db.query(
      `INSERT INTO what_if_entries (plan_id, course_id, term, position) SELECT $2, course_id, term, position FROM scheduled_courses WHERE user_id = $1`,
      [student.id, id],
    );
    return id;
  }
  /** Room for one more of Ada's what-if plans: the create cells are about who may, not about the limit of five. */
  async noWhatIfs(): Promise<void> {
    await this.h.db.query(`DELETE FROM what_if_plans WHERE student_id = $1`, [this.w.student.id]);
  }
  /** Ada's plan review set to a state for one cell: no events (a draft), or one 'submitted' event. */
  async reviewState(state: 'draft' | 'submitted'): Promise<void> {
    await this.h.db.query(`DELETE FROM plan_review_events WHERE student_id = $1`, [this.w.student.id]);
    if (state === 'submitted') await this.h.db.query(`INSERT INTO plan_review_events (student_id, action) VALUES ($1, 'submitted')`, [this.w.student.id]);
  }
  async baselinePlan() {
    const { UserType } = await import('../accounts/user.entity.js');
    return this.h.buildUser(UserType.BaselinePlan, { school: this.w.schoolA, email: `baseline_plan_${Math.random().toString(36).slice(2, 10)}` });
  }
}

const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';

const REST_CALLS: Record<string, CallSpec> = {
  'POST /api/reset-password/:uidb64/:token/': () => ({
    url: '/api/reset-password/MQ/not-a-token/',
    body: { password: 'Another#2026x', confirm_password: 'Another#2026x' },
  }),
  'GET /api/application/files/:id/': (w) => ({ url: `/api/application/files/${w.transcriptId}/` }),
  'POST /api/application/': () => ({ file: { field: 'file', name: 'more.pdf', bytes: SAMPLE_FILES.pdf } }),
  'GET /api/applications/:id/': (w) => ({ url: `/api/applications/${w.applicationId}/` }),
  'POST /api/applications/:id/decision/': (w) => ({ url: `/api/applications/${w.applicationId}/decision/`, body: { decision: 'nonsense' } }),
  'GET /files/transcripts/:id': (w) => ({ url: `/files/transcripts/${w.transcriptId}` }),
  'PUT /api/baseline-plans/:id/': (w) => ({ url: `/api/baseline-plans/${w.baseline.id}/`, body: { title: 'Renamed', description: 'Still a plan' } }),
  'DELETE /api/students/:id/': async (_w, f) => ({ url: `/api/students/${(await f.student()).id}/` }),
  'DELETE /api/baseline-plans/:id/': async (_w, f) => ({ url: `/api/baseline-plans/${(await f.baselinePlan()).id}/` }),
  'POST /api/duplicate-baseline-plan/': (w) => ({ body: { id: w.baseline.id, plan_id: w.baseline.id } }),
  'GET /api/blogs/:id/': () => ({ url: '/api/blogs/1/' }),
  'GET /api/sign-parent-form/:code/': () => ({ url: '/api/sign-parent-form/NOPE1234/' }),
  'PUT /api/sign-parent-form/:code/': () => ({ url: '/api/sign-parent-form/NOPE1234/', body: {} }),
  'GET /api/parent-form-viewer/:code/': () => ({ url: '/api/parent-form-viewer/NOPE1234/' }),
  'GET /files/consent-forms/:file': (w) => ({ url: `/files/consent-forms/${w.consentFormId}.pdf` }),
  'GET /files/consent-templates/:file': () => ({ url: '/files/consent-templates/default.pdf' }),
  'GET /files/contracts/:file': () => ({ url: '/files/contracts/00000000-0000-0000-0000-000000000000.pdf' }),
  'GET /api/courses/by-requirement/:uuid': (w) => ({ url: `/api/courses/by-requirement/${w.requirement.uuid}` }),
  'GET /api/get-course/:id/': (w) => ({ url: `/api/get-course/${w.course.id}/` }),
  'POST /api/courses/:id/': (w) => ({ url: `/api/courses/${w.course.uuid}/`, body: { title: 'Renamed course' } }),
  'DELETE /api/courses/:id/': async (_w, f) => ({ url: `/api/courses/${(await f.course()).uuid}/` }),
  'GET /api/check-transferability/:courseId/:schoolUuid': (w) => ({ url: `/api/check-transferability/${w.collegeCourse.uuid}/${w.schoolA.uuid}` }),
  'POST /api/transfer-course/': (w) => ({ body: { course_uuid: w.collegeCourse.uuid, adjusted_units: 3 } }),
  'DELETE /api/remove-transferability/': (w) => ({ body: { course_uuid: w.collegeCourse.uuid } }),
  'POST /api/add-requirement-to-pathway/': (w) => ({ body: { pathway_uuid: w.pathway.uuid, name: 'Science' } }),
  'GET /api/pathways/:uuid/': (w) => ({ url: `/api/pathways/${w.pathway.uuid}/` }),
  'POST /api/pathways/:uuid/': (w) => ({ url: `/api/pathways/${w.pathway.uuid}/`, body: { name: 'Renamed pathway' } }),
  'DELETE /api/pathways/:uuid/': async (_w, f) => ({ url: `/api/pathways/${(await f.pathway()).uuid}/` }),
  'PUT /api/requirements/:uuid/': (w) => ({ url: `/api/requirements/${w.requirement.uuid}/`, body: { name: 'Renamed requirement' } }),
  'DELETE /api/requirements/:uuid/': async (_w, f) => ({ url: `/api/requirements/${(await f.requirement()).uuid}/` }),
  'POST /api/courses/:courseId/requirement/': (w) => ({ url: `/api/courses/${w.course.id}/requirement/`, body: { requirement_uuid: w.requirement.uuid } }),
  'DELETE /api/courses/:courseId/requirement/': async (w, f) => ({
    url: `/api/courses/${(await f.course()).uuid}/requirement/`,
    body: { requirement_uuid: w.requirement.uuid },
  }),
  'GET /api/courses/:courseId/requirement/': (w) => ({ url: `/api/courses/${w.course.uuid}/requirement/` }),
  'GET /api/courses/by-requirement-and-user/:uuid': (w) => ({ url: `/api/courses/by-requirement-and-user/${w.requirement.uuid}` }),
  'POST /api/admissions/payments/:id/record-check/': () => ({ url: '/api/admissions/payments/999999/record-check/' }),
  'GET /api/check-course-scheduled/:id/': async (_w, f) => ({ url: `/api/check-course-scheduled/${await f.scheduledCourse()}/` }),
  'GET /api/get-scheduled-course/:id/': async (_w, f) => ({ url: `/api/get-scheduled-course/${await f.scheduled()}/` }),
  'POST /api/add-scheduled-course/': async (w, f) => ({ body: { course_id: (await f.course()).id, term: '2' } }),
  'DELETE /api/remove-scheduled-course/:id/': async (_w, f) => ({ url: `/api/remove-scheduled-course/${await f.scheduledCourse()}/` }),
  'POST /api/courses/update-grade/:scheduledId/': async (_w, f) => ({ url: `/api/courses/update-grade/${await f.scheduled()}/`, body: { grade: 'A', completed: true } }),
  'PUT /api/courses/:id/': async (_w, f) => ({ url: `/api/courses/${await f.scheduled()}/`, body: { term: '2', position: 0 } }),
  'PUT /api/terms/:position/': () => ({ url: '/api/terms/1/', body: { label: 'Fall' } }),
  'DELETE /api/terms/:position/': () => ({ url: '/api/terms/99/' }),
  'POST /api/schools/:uuid/join/': (w) => ({ url: `/api/schools/${w.schoolA.uuid}/join/` }),
  'PUT /api/schools/graduation-pathway/': (w) => ({ body: { pathway_uuid: w.pathway.uuid } }),
  'POST /api/set-school-of-record/:uuid/': (w) => ({ url: `/api/set-school-of-record/${w.schoolA.uuid}/` }),
  'POST /api/view-as-student/': (w) => ({ body: { studentId: w.student.id } }),
  'GET /api/plan-notes/': (w) => ({ url: `/api/plan-notes/?student_id=${w.student.id}` }),
  'POST /api/plan-notes/': (w) => ({ body: { student_id: w.student.id, body: 'A note' } }),
  'DELETE /api/plan-notes/:id/': async (_w, f) => ({ url: `/api/plan-notes/${await f.note()}/` }),
  'GET /api/followed-pathways/': (w) => ({ url: `/api/followed-pathways/?student_id=${w.student.id}` }),
  // Plan review: each cell starts from the state its action starts from (a draft to submit, a submitted plan to approve or return).
  'GET /api/students/:id/plan-review/': (w) => ({ url: `/api/students/${w.student.id}/plan-review/` }),
  'POST /api/students/:id/plan-review/submit/': async (w, f) => {
    await f.reviewState('draft');
    return { url: `/api/students/${w.student.id}/plan-review/submit/` };
  },
  'POST /api/students/:id/plan-review/approve/': async (w, f) => {
    await f.reviewState('submitted');
    return { url: `/api/students/${w.student.id}/plan-review/approve/` };
  },
  'POST /api/students/:id/plan-review/return/': async (w, f) => {
    await f.reviewState('submitted');
    return { url: `/api/students/${w.student.id}/plan-review/return/`, body: { comment: 'Add a science course.' } };
  },
  'PUT /api/schools/plan-approval/': () => ({ body: { enabled: true } }),
  'PUT /api/schools/auto-plan-settings/': () => ({ body: { term_unit_cap: null, term_course_cap: null, dual_enrollment_from_grade: 9 } }),
  'POST /api/generate-plan/': (w) => ({ body: { student_id: w.student.id, pathway_ids: [w.pathway.id], time_limit_seconds: 5 } }),
  'POST /api/generate-plan/batches/': (w) => ({ body: { student_ids: [w.student.id], time_limit_seconds: 5 } }),
  'GET /api/generate-plan/batches/:id/': async (_w, f) => ({ url: `/api/generate-plan/batches/${await f.autoPlanBatch()}/` }),
  'POST /api/generate-plan/save/': async (w, f) => {
    await f.noWhatIfs();
    return { body: { pathway_ids: [w.pathway.id], name: `Generated ${Math.random().toString(36).slice(2, 10)}` } };
  },
  'POST /api/generate-plan/replace/': (w) => ({ body: { pathway_ids: [w.pathway.id], time_limit_seconds: 5 } }),
  'PUT /api/contact-preference/': () => ({ body: { contact_preference: 'email' } }),
  'POST /api/followed-pathways/': (w) => ({ body: { pathway_uuid: w.pathway.uuid, follow: true, student_id: w.student.id } }),
  'POST /test-checkout/:id/pay': () => ({ url: '/test-checkout/nope/pay' }),
  'POST /test-checkout/:id/cancel': () => ({ url: '/test-checkout/nope/cancel' }),
  'GET /test-checkout/:id': () => ({ url: '/test-checkout/nope' }),
  'GET /api/parent-form-exports/:id/download/': async (_w, f) => ({ url: `/api/parent-form-exports/${await f.finishedExport()}/download/` }),
  'GET /api/roster-imports/:id/': async (_w, f) => ({ url: `/api/roster-imports/${await f.rosterImport()}/` }),
  // A well-formed id of no token: the cell is about who may revoke, not about a malformed id (a 400).
  'DELETE /api/api-tokens/:id/': () => ({ url: `/api/api-tokens/${UNKNOWN_UUID}/` }),
  'GET /api/what-if-plans/': (w) => ({ url: `/api/what-if-plans/?student=${w.student.id}` }),
  'POST /api/what-if-plans/': async (_w, f) => {
    await f.noWhatIfs();
    return { body: { name: `Plan ${Math.random().toString(36).slice(2, 10)}`, start: 'official' } };
  },
  'GET /api/what-if-plans/compare/': (w) => ({ url: `/api/what-if-plans/compare/?left=official&right=official&student=${w.student.id}` }),
  'GET /api/what-if-plans/:id/': async (_w, f) => ({ url: `/api/what-if-plans/${await f.whatIf()}/` }),
  'PUT /api/what-if-plans/:id/': async (_w, f) => ({
    url: `/api/what-if-plans/${await f.whatIf()}/`,
    body: { name: `Renamed ${Math.random().toString(36).slice(2, 10)}` },
  }),
  'DELETE /api/what-if-plans/:id/': async (_w, f) => ({ url: `/api/what-if-plans/${await f.whatIf()}/` }),
  'POST /api/what-if-plans/:id/make-official/': async (_w, f) => ({ url: `/api/what-if-plans/${await f.whatIf()}/make-official/` }),
};

const GQL_ARGS: Record<string, (w: World, fresh: Fresh) => Promise<Record<string, unknown>> | Record<string, unknown>> = {
  admissionApplication: (w) => ({ id: w.applicationId }),
  // A decline without a reason: refused after the permission check (an unknown decision is refused by GraphQL validation, before it).
  decideApplication: (w) => ({ id: w.applicationId, decision: 'declined' }),
  course: (w) => ({ id: w.course.id }),
  courseFulfillments: (w) => ({ courseUuid: w.course.uuid }),
  coursesByRequirement: (w) => ({ requirement: w.requirement.uuid }),
  eligibleCourses: (w) => ({ requirementUuid: w.requirement.uuid }),
  isTransferable: (w) => ({ courseUuid: w.collegeCourse.uuid, schoolUuid: w.schoolA.uuid }),
  pathway: (w) => ({ uuid: w.pathway.uuid }),
  planCourse: (w) => ({ uuid: w.course.uuid }),
  parentFormViewer: () => ({ parentCode: 'NOPE1234' }),
  parentSignForm: () => ({ code: 'NOPE1234' }),
  blog: () => ({ id: 1 }),
  acceptTransferability: (w) => ({ courseUuid: w.collegeCourse.uuid, adjustedUnits: 3 }),
  removeTransferability: (w) => ({ courseUuid: w.collegeCourse.uuid }),
  addCourseFulfillment: (w) => ({ courseId: w.course.id, requirementUuid: w.requirement.uuid }),
  removeCourseFulfillment: async (w, f) => ({ courseUuid: (await f.course()).uuid, requirementUuid: w.requirement.uuid }),
  deleteCourse: async (_w, f) => ({ uuid: (await f.course()).uuid }),
  deletePathway: async (_w, f) => ({ uuid: (await f.pathway()).uuid }),
  deleteRequirement: async (_w, f) => ({ uuid: (await f.requirement()).uuid }),
  deleteStudent: async (_w, f) => ({ id: (await f.student()).id }),
  deleteBaselinePlan: async (_w, f) => ({ id: (await f.baselinePlan()).id }),
  duplicateBaselinePlan: (w) => ({ planId: w.baseline.id }),
  updateBaselinePlan: (w) => ({ id: w.baseline.id, title: 'Renamed', description: 'Still a plan' }),
  assignPlanToStudent: (w) => ({ planId: w.baseline.id }),
  updateCourse: (w) => ({ uuid: w.course.uuid }),
  updatePathway: (w) => ({ uuid: w.pathway.uuid }),
  updateRequirement: (w) => ({ uuid: w.requirement.uuid }),
  scheduleCourse: async (_w, f) => ({ courseId: (await f.course()).id, term: '2' }),
  unscheduleCourse: async (_w, f) => ({ courseId: await f.scheduledCourse() }),
  updateGrade: async (_w, f) => ({ scheduledCourseId: await f.scheduled(), grade: 'A', completed: true }),
  moveScheduledCourse: async (_w, f) => ({ scheduledCourseId: await f.scheduled(), term: '2' }),
  reorderTerm: async (_w, f) => ({ scheduledCourseIds: [await f.scheduled()], term: '1' }),
  deleteTerm: () => ({ position: 99 }),
  updateTerm: () => ({ position: 1, label: 'Fall' }),
  joinSchool: (w) => ({ uuid: w.schoolA.uuid }),
  setSchoolOfRecord: (w) => ({ uuid: w.schoolA.uuid }),
  setGraduationPathway: (w) => ({ pathwayUuid: w.pathway.uuid }),
  viewAsStudent: (w) => ({ studentId: w.student.id }),
  followedPathways: (w) => ({ studentId: w.student.id }),
  planNotes: (w) => ({ studentId: w.student.id }),
  addPlanNote: (w) => ({ studentId: w.student.id, body: 'A note' }),
  deletePlanNote: async (_w, f) => ({ id: await f.note() }),
  planReview: (w) => ({ studentId: w.student.id }),
  submitPlanForReview: async (w, f) => {
    await f.reviewState('draft');
    return { studentId: w.student.id };
  },
  approvePlan: async (w, f) => {
    await f.reviewState('submitted');
    return { studentId: w.student.id };
  },
  returnPlan: async (w, f) => {
    await f.reviewState('submitted');
    return { studentId: w.student.id, comment: 'Add a science course.' };
  },
  setPlanApprovalEnabled: () => ({ enabled: true }),
  setAutoPlanSettings: () => ({ input: { termUnitCap: null, termCourseCap: null, dualEnrollmentFromGrade: 9 } }),
  generatePlan: (w) => ({ input: { studentId: w.student.id, pathwayIds: [w.pathway.id], timeLimitSeconds: 5 } }),
  generatePlansForStudents: (w) => ({ studentIds: [w.student.id], timeLimitSeconds: 5 }),
  autoPlanBatch: async (_w, f) => ({ id: await f.autoPlanBatch() }),
  saveGeneratedPlan: async (w, f) => {
    await f.noWhatIfs();
    return { input: { pathwayIds: [w.pathway.id] }, name: `Generated ${Math.random().toString(36).slice(2, 10)}` };
  },
  replacePlanWithGenerated: (w) => ({ input: { pathwayIds: [w.pathway.id], timeLimitSeconds: 5 } }),
  updateContactPreference: () => ({ contactPreference: 'email' }),
  followPathway: (w) => ({ pathwayUuid: w.pathway.uuid, follow: true, studentId: w.student.id }),
  students: (w) => ({ schoolId: w.schoolA.id }),
  recordCheckPayment: () => ({ paymentId: 999999 }),
  // School years, late fees and withdrawals: the Dual School's; ids of nothing where an object is named.
  schoolYears: (w) => ({ schoolId: w.dual.id }),
  schoolYearChanges: () => ({ id: 999999 }),
  lateFeeGraceDays: (w) => ({ schoolId: w.dual.id }),
  createSchoolYear: (w) => {
    const start = 2100 + Math.floor(Math.random() * 800);
    return { schoolId: w.dual.id, input: { label: `${start}-${String((start + 1) % 100).padStart(2, '0')}` } };
  },
  updateSchoolYear: () => ({ id: 999999, input: {} }),
  setLateFeeGraceDays: (w) => ({ schoolId: w.dual.id, days: 5 }),
  createLateFeeCheckoutSession: () => ({ paymentId: 999999 }),
  waiveLateFee: () => ({ paymentId: 999999, reason: 'Waived' }),
  withdrawalQuote: (w) => ({ parentId: w.applicant.id, input: { withdrawnOn: '2026-01-01', reason: 'Moving' } }),
  recordWithdrawal: (w) => ({ parentId: w.applicant.id, input: { withdrawnOn: '2026-01-01', reason: 'Moving' }, confirmRefundCents: 0 }),
  resetPassword: () => ({ uidb64: 'MQ', token: 'not-a-token', password: 'Another#2026x' }),
  login: () => ({ email: 'nobody@test.example', password: 'wrong-password' }),
  startParentFormsExport: async (w, f) => ({ grade: await f.completedGrade(), schoolId: w.schoolA.id }),
  parentFormsExport: async (_w, f) => ({ id: await f.finishedExport() }),
  rosterImport: async (_w, f) => ({ id: await f.rosterImport() }),
  // Well-formed ids of nothing (a malformed one is a 400 before anything else is judged).
  revokeApiToken: () => ({ id: UNKNOWN_UUID }),
  addRequirement: () => ({ input: { pathwayUuid: UNKNOWN_UUID, name: 'x' } }),
  whatIfPlans: (w) => ({ studentId: w.student.id }),
  whatIfPlan: async (_w, f) => ({ id: await f.whatIf() }),
  comparePlans: (w) => ({ left: 'official', right: 'official', studentId: w.student.id }),
  createWhatIfPlan: async (_w, f) => {
    await f.noWhatIfs();
    return { name: `Plan ${Math.random().toString(36).slice(2, 10)}`, start: 'official' };
  },
  renameWhatIfPlan: async (_w, f) => ({ id: await f.whatIf(), name: `Renamed ${Math.random().toString(36).slice(2, 10)}` }),
  deleteWhatIfPlan: async (_w, f) => ({ id: await f.whatIf() }),
  makeWhatIfPlanOfficial: async (_w, f) => ({ id: await f.whatIf() }),
};

// ---- running one cell -----------------------------------------------------------------------

function classify(status: number): Outcome {
  if (status >= 500) return '5xx';
  if (status >= 300 && status < 400) return '3xx';
  if (status < 300) return 'ok';
  if (status === 401 || status === 403 || status === 404 || status === 429) return String(status) as Outcome;
  return 'bad';
}

const GQL_CODES: Record<string, Outcome> = {
  UNAUTHENTICATED: '401',
  FORBIDDEN: '403',
  NOT_FOUND: '404',
  BAD_USER_INPUT: 'bad',
  CONFLICT: 'bad',
  GRAPHQL_VALIDATION_FAILED: 'bad',
  RATE_LIMITED: '429',
  INTERNAL_SERVER_ERROR: '5xx',
};

async function restCell(key: string, actor: Actor): Promise<Outcome> {
  const [method, path] = key.split(' ');
  const fresh = new Fresh(h, w);
  const call: Call = (await REST_CALLS[key]?.(w, fresh)) ?? {};
  const token = await tokenOf(h, w, actor);
  let req = (h.api as any)[method.toLowerCase()](call.url ?? path);
  if (token) req = req.set(h.auth(token));
  const res = call.file ? await req.attach(call.file.field, call.file.bytes, call.file.name) : await req.send((call.body ?? {}) as object);
  return classify(res.status);
}

function dummy(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return dummy(type.ofType);
  if (isListType(type)) return [dummy(type.ofType)];
  if (isEnumType(type)) return type.getValues()[0].value;
  if (isInputObjectType(type)) {
    const out: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) if (isNonNullType(f.type)) out[f.name] = dummy(f.type);
    return out;
  }
  if (isScalarType(type)) {
    return (
      ({ Int: 1, Float: 1, Boolean: false, ID: '1', String: 'x', JSONObject: {}, DateTimeISO: new Date().toISOString() } as Record<string, unknown>)[type.name] ?? 'x'
    );
  }
  return null;
}

async function gqlCell(kind: 'query' | 'mutation', name: string, actor: Actor): Promise<Outcome> {
  const root = kind === 'query' ? schema.getQueryType()! : schema.getMutationType()!;
  const field = root.getFields()[name];
  const given = (await GQL_ARGS[name]?.(w, new Fresh(h, w))) ?? {};
  const vars: Record<string, unknown> = {};
  const decl: string[] = [];
  const use: string[] = [];
  for (const a of field.args) {
    const value = a.name in given ? given[a.name] : isNonNullType(a.type) ? dummy(a.type) : undefined;
    if (value === undefined) continue;
    vars[a.name] = value;
    decl.push(`$${a.name}: ${a.type.toString()}`);
    use.push(`${a.name}: $${a.name}`);
  }
  const named = getNamedType(field.type);
  const selection = isObjectType(named) || isAbstractType(named) ? ' { __typename }' : '';
  const doc = `${kind} Cell${decl.length ? `(${decl.join(', ')})` : ''} { ${name}${use.length ? `(${use.join(', ')})` : ''}${selection} }`;
  const res = await h.gql(doc, vars, await tokenOf(h, w, actor));
  if (res.status >= 500) return '5xx';
  if (!res.errors?.length) return 'ok';
  return GQL_CODES[String(res.code)] ?? (`?${res.code}` as Outcome);
}

// ---- the table ------------------------------------------------------------------------------

function parseRow(row: string): Record<Actor, Outcome> {
  const cells = row.trim().split(/\s+/);
  if (cells.length !== ACTORS.length) throw new Error(`row "${row}" has ${cells.length} cells, expected ${ACTORS.length}`);
  return Object.fromEntries(ACTORS.map((a, i) => [a, cells[i]])) as Record<Actor, Outcome>;
}

function format(observed: Map<string, Record<Actor, Outcome>>): string {
  const width = Math.max(...[...observed.keys()].map((k) => k.length)) + 3;
  return [...observed.entries()]
    .map(
      ([k, cells]) =>
        `  ${`'${k}':`.padEnd(width)} '${ACTORS.map((a) => cells[a].padEnd(4))
          .join(' ')
          .trimEnd()}',`,
    )
    .join('\n');
}

/**
 * Puts the actors back as they were (school, memberships, labels, links) after each row, so a
 * row's allowed writes (a student joining a school, a parent linking a child) never change the
 * answer of a later row.
 */
async function restoreActors(): Promise<void> {
  const ids = ACTORS.filter((a) => !['anon', 'expired', 'revoked', 'parentAsStudent'].includes(a)).map((a) => (w as any)[a].id as number);
  await h.db.query(
    `DELETE FROM school_memberships WHERE user_id = ANY($1) AND (user_id, school_id) NOT IN (SELECT (m->>'user_id')::int, (m->>'school_id')::int FROM jsonb_array_elements($2::jsonb) m)`,
    [ids, JSON.stringify(snapshot.memberships)],
  );
  await h.db.query(
    `DELETE FROM parent_student_links WHERE parent_id = ANY($1) AND (parent_id, student_id) NOT IN (SELECT (l->>'parent_id')::int, (l->>'student_id')::int FROM jsonb_array_elements($2::jsonb) l)`,
    [ids, JSON.stringify(snapshot.links)],
  );
  for (const u of snapshot.users) {
    await h.db.query('UPDATE users SET school_id = $2, academic_year_labels = $3, application_status = $4 WHERE id = $1', [
      u.id,
      u.school_id,
      JSON.stringify(u.academic_year_labels),
      u.application_status,
    ]);
  }
}
const snapshot = { memberships: [] as unknown[], links: [] as unknown[], users: [] as any[] };
async function takeSnapshot(): Promise<void> {
  const ids = ACTORS.filter((a) => !['anon', 'expired', 'revoked', 'parentAsStudent'].includes(a)).map((a) => (w as any)[a].id as number);
  snapshot.memberships = await h.db.query('SELECT user_id, school_id FROM school_memberships WHERE user_id = ANY($1)', [ids]);
  snapshot.links = await h.db.query('SELECT parent_id, student_id FROM parent_student_links WHERE parent_id = ANY($1)', [ids]);
  snapshot.users = await h.db.query('SELECT id, school_id, academic_year_labels, application_status FROM users WHERE id = ANY($1)', [ids]);
}

async function runRows(keys: string[], cell: (key: string, actor: Actor) => Promise<Outcome>): Promise<Map<string, Record<Actor, Outcome>>> {
  const observed = new Map<string, Record<Actor, Outcome>>();
  if (!snapshot.users.length) await takeSnapshot();
  for (const key of keys) {
    await restoreActors();
    await h.clearRateLimits();
    const cells = {} as Record<Actor, Outcome>;
    for (const actor of ACTORS) cells[actor] = await cell(key, actor);
    observed.set(key, cells);
  }
  return observed;
}

function compare(expected: Record<string, string>, observed: Map<string, Record<Actor, Outcome>>, label: string): void {
  if (process.env.MATRIX_PRINT) console.log(`\n${label}\n${format(observed)}`);
  const missing = [...observed.keys()].filter((k) => !(k in expected));
  expect(missing, `${label}: no row in authorization-matrix.table.ts for these; add one`).toEqual([]);
  const stale = Object.keys(expected).filter((k) => !observed.has(k));
  expect(stale, `${label}: rows for things that no longer exist`).toEqual([]);
  const diffs: string[] = [];
  for (const [key, cells] of observed) {
    const want = parseRow(expected[key]);
    for (const a of ACTORS) if (want[a] !== cells[a]) diffs.push(`${key} as ${a}: expected ${want[a]}, got ${cells[a]}`);
  }
  expect(diffs).toEqual([]);
}

describe('authorization matrix', () => {
  it('every /api and /files route answers each actor as the table says', async () => {
    const keys = restRoutes(h.built.app);
    expect(keys.length).toBeGreaterThan(100);
    compare(EXPECTED_REST, await runRows(keys, restCell), 'REST');
  }, 240_000);

  it('every GraphQL query and mutation answers each actor as the table says', async () => {
    const keys = [
      ...Object.keys(schema.getQueryType()!.getFields()).map((f) => `query ${f}`),
      ...Object.keys(schema.getMutationType()!.getFields()).map((f) => `mutation ${f}`),
    ].sort();
    compare(
      EXPECTED_GRAPHQL,
      await runRows(keys, (key, actor) => {
        const [kind, name] = key.split(' ');
        return gqlCell(kind as 'query' | 'mutation', name, actor);
      }),
      'GraphQL',
    );
  }, 240_000);
});
