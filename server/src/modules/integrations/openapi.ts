/**
 * The OpenAPI 3.1 document of every /api/* route, served at GET /api/openapi.json for district
 * integration scripts. The catalogue below is written by hand (it is the published contract);
 * openapi.test.ts compares it both ways with the routes the built app really serves, so a route
 * added, removed or renamed without its entry here fails the build.
 *
 * Not documented: /api/bench/* (benchmark instrumentation, served only with BENCH=1 or in tests,
 * never in production).
 *
 * Flags after the summary: public (no token), multipart (form upload, field "file"), form
 * (urlencoded or multipart fields), pdf / zip / file (binary answer), html, accepted (202: the
 * work is queued for a background job).
 */
import { MAX_ID } from '../../core/ids.js';
import { appVersion } from '../system/system.service.js';

type Flag = 'public' | 'multipart' | 'form' | 'pdf' | 'zip' | 'file' | 'accepted';

interface Entry {
  method: string;
  path: string;
  operationId: string;
  tag: string;
  summary: string;
  flags: Flag[];
}

/** METHOD path | operationId | tag | summary | flags */
const CATALOGUE = `
POST /api/register/ | register | Accounts | Create an account with a sign-up code (signup_code, email, password, first_name, last_name); answers token and user_type. | public
POST /api/login/ | login | Accounts | Sign in with email and password; answers a session token. | public
POST /api/logout/ | logout | Accounts | End the session of the token sent. |
GET /api/current-user/ | currentUser | Accounts | The signed-in user: first_name, last_name, user_type, user_id, application_status, school. |
GET /api/user/ | user | Accounts | The signed-in user's profile, including academic_year_labels. |
PUT /api/update-user-labels/ | updateUserLabels | Accounts | Rename the academic year labels of the signed-in student (academic_year_labels). |
PUT /api/locale/ | updateLocale | Accounts | Save the interface language of the signed-in person (locale: en or es). |
POST /api/request-reset-password/ | requestPasswordReset | Accounts | Email a single-use password reset link (always answers the same way). | public
POST /api/change-password/ | changePassword | Accounts | Change the signed-in person's password (current_password, new_password); every other session and reset link of the account ends. |
POST /api/reset-password/:uidb64/:token/ | resetPassword | Accounts | Set a new password from an emailed link (password). | public
POST /api/view-as-student/ | viewAsStudent | Accounts | Staff or a linked parent: a token acting as the student (studentId); a parent's is read-only. |
POST /api/return-to-admin-view/ | returnToAdminView | Accounts | End a staff view-as session (adminToken); answers the staff token. |
POST /api/return-to-parent-view/ | returnToParentView | Accounts | End a parent view-as session (parentToken); answers the parent token. |
GET /api/auth/oidc/ | signInOptions | Accounts | Single sign-on: whether the district's provider is configured (enabled), the button's text (display_name) and who may sign in with a password (password_sign_in: all or parents). | public
GET /api/auth/oidc/start/ | startSingleSignOn | Accounts | Single sign-on: redirects (302) the browser to the district's provider and sets its sign-in cookie; 404 when none is configured. | public
GET /api/auth/oidc/callback/ | finishSingleSignOn | Accounts | Single sign-on: the provider's redirect back (code, state); redirects (302) to /log-in with a one-time code, or the refusal's kind, in the fragment. | public
POST /api/auth/oidc/exchange/ | exchangeSignInCode | Accounts | Single sign-on: exchange the one-time code (code), from the browser that signed in, within a minute, once, for a session token; answers token and user_type as POST /api/login/. | public
GET /api/api-tokens/ | apiTokens | Accounts | Staff: the caller's personal API tokens (name, created, expires, last used, last four characters). |
POST /api/api-tokens/ | createApiToken | Accounts | Staff: create a named personal API token (name, expires_in_days); the token is answered once. |
DELETE /api/api-tokens/:id/ | revokeApiToken | Accounts | Staff: revoke one of the caller's personal API tokens. |
GET /api/schools/ | schools | Schools | Schools the caller may join. |
POST /api/schools/ | createSchool | Schools | Create a school (name, school_type HS or CLG, location); answers its uuid. |
POST /api/schools/:uuid/join/ | joinSchool | Schools | Join a school. |
POST /api/set-school-of-record/:uuid/ | setSchoolOfRecord | Schools | Make one of the caller's schools the school of record. |
GET /api/accessible-schools/ | accessibleSchools | Schools | The schools the caller belongs to. |
GET /api/parent-students/ | parentStudents | Parents | A parent's linked students. |
POST /api/add-student/ | addStudent | Parents | Link a student to the signed-in parent by the student's parent code. |
GET /api/students-in-school/ | studentsInSchool | Students | Staff: the students of the caller's school, paginated and searchable (search, consent_state, ccc_apply_status, plan = none or warnings). |
DELETE /api/students/:id/ | deleteStudent | Students | Staff of the student's school: delete the student's account and every record about it in one transaction (the access log keeps its rows and gains student_deleted). Cannot be undone. |
POST /api/roster-import/ | importRoster | Students | Staff: import a OneRoster-style students CSV (multipart field "file": sourcedId, givenName, familyName, email, grade). The file is checked at once (a broken file or header is a 400), then a background job creates or updates the students and emails set-password links; answers 202 with the import (Location: its progress). | multipart accepted
GET /api/roster-imports/:id/ | rosterImport | Students | Staff: a roster import of their school: state (queued, running, done, failed), rows done of total, counts and the rejected rows with their reason. |
GET /api/check-course-scheduled/:id/ | checkCourseScheduled | Plans | Whether a course is on the caller's plan. |
GET /api/get-scheduled-course/:id/ | scheduledCourse | Plans | One scheduled course of the caller's plan. |
POST /api/add-scheduled-course/ | scheduleCourse | Plans | Put a course on the plan in a term. |
DELETE /api/remove-scheduled-course/:id/ | unscheduleCourse | Plans | Remove a scheduled course from the plan. |
POST /api/courses/update-grade/:scheduledId/ | updateGrade | Plans | Record the grade of a scheduled course. |
GET /api/user-scheduled-courses/ | userScheduledCourses | Plans | Every scheduled course of the caller's plan. |
PUT /api/update-course-positions/ | reorderTerm | Plans | Reorder the courses of one term. |
PUT /api/courses/:id/ | moveScheduledCourse | Plans | Move a scheduled course to another term or position. |
GET /api/plan/ | plan | Plans | The caller's plan: terms, courses and prerequisite warnings. |
POST /api/terms/ | addTerm | Plans | Add a term to the plan. |
PUT /api/terms/:position/ | updateTerm | Plans | Rename or change a term. |
DELETE /api/terms/:position/ | deleteTerm | Plans | Delete an empty term. |
GET /api/plan-pdf/ | planPdf | Plans | The plan as a PDF. | pdf
GET /api/blogs/ | blogs | Blogs | Published blog posts. | public
GET /api/blogs/:id/ | blog | Blogs | One blog post. | public
POST /api/create-parent-form/ | createParentForm | Consent forms | Create the signed-in student's parent consent form. |
GET /api/parent-consent/ | parentConsentForm | Consent forms | The student's consent form and its state. |
PUT /api/parent-consent/ | signParentConsent | Consent forms | The student signs and sends the form to the parent. |
GET /api/sign-parent-form/:code/ | parentSignForm | Consent forms | The form a parent opens from the emailed code. | public
PUT /api/sign-parent-form/:code/ | signParentForm | Consent forms | The parent signs the form by its code. | public
GET /api/parent-form-viewer/:code/ | parentFormViewer | Consent forms | The signed form, viewed by its code. | public
POST /api/export-parent-forms/ | exportParentForms | Consent forms | Staff: every signed consent form of the school as a ZIP of PDFs. | zip
GET /api/parent-form-exports/:id/download/ | downloadParentFormsExport | Consent forms | Staff: the ZIP of a finished background export (started with the GraphQL mutation startParentFormsExport), until it expires. | zip
GET /api/consent-template/ | consentTemplate | Consent forms | Staff: the school's consent template. |
PUT /api/consent-template/ | uploadConsentTemplate | Consent forms | Staff: upload a consent template PDF (multipart field "file"). | multipart
PATCH /api/consent-template/ | updateConsentTemplate | Consent forms | Staff: change the template's field placement. |
DELETE /api/consent-template/ | resetConsentTemplate | Consent forms | Staff: go back to the default template. |
GET /api/pathways/ | pathways | Pathways | Pathways of the caller's school. |
POST /api/pathways/create/ | createPathway | Pathways | Staff: create a pathway. |
GET /api/pathways/:uuid/ | pathway | Pathways | One pathway with its requirements. |
POST /api/pathways/:uuid/ | updatePathway | Pathways | Staff: change a pathway. |
DELETE /api/pathways/:uuid/ | deletePathway | Pathways | Staff: delete a pathway. |
POST /api/add-requirement-to-pathway/ | addRequirement | Pathways | Staff: add a requirement to a pathway. |
PUT /api/requirements/:uuid/ | updateRequirement | Pathways | Staff: change a requirement. |
DELETE /api/requirements/:uuid/ | deleteRequirement | Pathways | Staff: delete a requirement. |
POST /api/courses/:courseId/requirement/ | addCourseFulfillment | Pathways | Staff: a course fulfils a requirement. |
DELETE /api/courses/:courseUuid/requirement/ | removeCourseFulfillment | Pathways | Staff: a course no longer fulfils a requirement. |
GET /api/courses/:courseUuid/requirement/ | courseFulfillments | Pathways | The requirements a course fulfils. |
GET /api/requirement-progress/ | requirementProgress | Pathways | The caller's progress on each requirement. |
GET /api/courses/by-requirement-and-user/:uuid | eligibleCourses | Pathways | Courses that fulfil a requirement for the caller. |
GET /api/system-status/ | systemStatus | System | Staff: version, database kind, migrations applied, outbox backlog. |
GET /api/outbox/ | outbox | System | Staff: email and text messages, newest first, with status, attempts and last error (paginated: limit, offset, status). |
GET /api/access-log/ | accessLog | System | Staff: who viewed or changed which student record, paginated (student_id, actor_id, student, actor, action, from, to, first, after). |
GET /api/health/ | health | System | Liveness and database check for load balancers. | public
GET /api/openapi.json | openApiDocument | System | This document. | public
POST /api/courses/create/ | createCourse | Courses | Staff: create a course (form fields). | form
POST /api/courses/createcc/ | createPartnerCourse | Courses | Staff: create a partner college course (form fields). | form
POST /api/courses/:id/ | updateCourse | Courses | Staff: change a course (form fields). | form
GET /api/courses/ | courses | Courses | The school's course catalogue, paginated and searchable. |
GET /api/partner-courses/ | partnerCourses | Courses | Courses of partner colleges. |
GET /api/courses/by-requirement/:uuid | coursesByRequirement | Courses | Courses that fulfil a requirement. |
GET /api/get-course/:id/ | course | Courses | One course. |
DELETE /api/courses/:id/ | deleteCourse | Courses | Staff: delete a course. |
GET /api/check-transferability/:courseId/:schoolUuid | isTransferable | Courses | Whether a course transfers to a school. |
POST /api/transfer-course/ | acceptTransferability | Courses | Staff: mark a course as transferable. |
DELETE /api/remove-transferability/ | removeTransferability | Courses | Staff: remove a transferability. |
GET /api/partner-schools/ | partnerSchools | Courses | The caller's partner schools. |
GET /api/tags/ | courseTagOptions | Courses | Course tag options. |
GET /api/requirement-filter-options/ | requirementFilterOptions | Courses | Requirements to filter the catalogue by. |
POST /api/upload-courses-csv/ | uploadCoursesCsv | Courses | Staff: import a course CSV (multipart field "file"); answers per-row errors. | multipart
GET /api/application/ | application | Admissions | The parent's Dual School application. |
PATCH /api/application/ | saveApplication | Admissions | Save application answers. |
POST /api/application/ | uploadTranscript | Admissions | Upload a transcript (multipart field "file"). | multipart
GET /api/application/files/:id/ | transcriptFile | Admissions | Download one of the application's transcripts. | file
GET /api/applications/ | applications | Admissions | Admissions staff: applications, paginated. |
GET /api/applications/:id/ | admissionApplication | Admissions | Admissions staff: one application. |
POST /api/applications/:id/decision/ | decideApplication | Admissions | Admissions staff: accept or reject an application. |
POST /api/generate-enrollment-contract-pdf/ | generateEnrollmentContractPdf | Contracts | Generate the enrollment contract PDF. |
POST /api/enrollment-contract-completion/ | completeEnrollmentContract | Contracts | Sign and complete the enrollment contract. |
GET /api/enrollment-contract/ | enrollmentContract | Contracts | The family's enrollment contract. |
GET /api/payments-due/ | paymentsDue | Payments | Tuition payments due. |
GET /api/payment-history/ | paymentHistory | Payments | Tuition payments made. |
POST /api/create-upfront-checkout-session/ | createUpfrontCheckoutSession | Payments | Start a hosted checkout for the upfront tuition. |
POST /api/create-monthly-checkout-session/ | createMonthlyCheckoutSession | Payments | Start a hosted checkout for the monthly plan. |
GET /api/payment-config/ | checkoutConfig | Payments | Checkout settings (publishable key, test mode). |
GET /api/admissions/payments/ | dualSchoolFamilies | Payments | Admissions staff: families and their payments. |
POST /api/admissions/payments/:id/record-check/ | recordCheckPayment | Payments | Admissions staff: record a payment by check. |
POST /api/stripe/webhook/ | stripeWebhook | Payments | Stripe webhook; the body is verified by its Stripe-Signature header. | public
POST /api/student-info/ | saveStudentInfo | Onboarding | Save the student's information. |
POST /api/student-demographics/ | saveStudentDemographics | Onboarding | Save the student's demographics. |
POST /api/update-ed-goals/ | updateEdGoals | Onboarding | Save the student's education goals. |
POST /api/generate-four-year-plan/ | generateFourYearPlan | Onboarding | Generate a four-year plan from the goals. |
POST /api/cccapply/consent/ | signCccApplyConsent | Onboarding | Consent to the CCCApply account step. |
POST /api/cccapply/account-created/ | confirmOpenCccAccount | Onboarding | Confirm the OpenCCC account was created. |
GET /api/baseline-plans/ | baselinePlans | Baseline plans | Staff: the school's baseline plans. |
POST /api/baseline-plans/ | createBaselinePlan | Baseline plans | Staff: create a baseline plan. |
PUT /api/baseline-plans/:id/ | updateBaselinePlan | Baseline plans | Staff: rename a baseline plan. |
DELETE /api/baseline-plans/:id/ | deleteBaselinePlan | Baseline plans | Staff: delete a baseline plan. |
POST /api/duplicate-baseline-plan/ | duplicateBaselinePlan | Baseline plans | Staff: copy a baseline plan. |
GET /api/baseline-plans-for-school/ | baselinePlansForSchool | Baseline plans | Staff: baseline plans to assign. |
GET /api/assign-plan-to-student/ | planAssignmentStatus | Baseline plans | Staff: whether a student already has courses. |
POST /api/assign-plan-to-student/ | assignPlanToStudent | Baseline plans | Staff: copy a baseline plan onto a student's plan. |
POST /api/clear-student-courses/ | clearStudentCourses | Baseline plans | Staff: empty a student's plan. |
`;

export function catalogue(): Entry[] {
  return CATALOGUE.trim().split('\n').map((line) => {
    const [head, operationId, tag, summary, flags] = line.split(' | ').map((s) => s?.trim() ?? '');
    const [method, path] = head.split(' ');
    return { method: method.toLowerCase(), path, operationId, tag, summary, flags: (flags ? flags.split(/\s+/) : []) as Flag[] };
  });
}

const q = (name: string, description: string, type: 'string' | 'integer' = 'string', values?: string[]) => ({
  name, in: 'query', required: false, description, schema: values ? { type, enum: values } : { type },
});
/** ?page_size= and ?cursor= of the lists scripts page through (core/http.ts sendPagedList). */
const PAGED = [
  q('page_size', 'Page size; without it the whole list comes back as one array.', 'integer'),
  q('cursor', 'The X-Next-Cursor header of the previous page.'),
];

/** Query parameters of the routes a district script filters or pages. */
const QUERY: Record<string, object[]> = {
  'get /api/students-in-school/': [
    q('search', 'Case-insensitive match on first name, last name, email or CCCApply status.'),
    q('school_id', 'Only this school (one the caller reaches).', 'integer'),
    q('sort', 'Sort column.', 'string', ['first_name', 'last_name', 'email', 'grade', 'ccc_apply_status']),
    q('order', 'Sort order.', 'string', ['asc', 'desc']),
    q('consent_state', 'Only students whose consent form is in this state.', 'string', ['none', 'admin_signed', 'student_signed', 'parent_signed', 'both_signed']),
    q('ccc_apply_status', 'Only students with this CCCApply status ("Not Set" for none).'),
    q('plan', 'Only students with no plan, or with a prerequisite warning.', 'string', ['none', 'warnings']),
    ...PAGED,
  ],
  'get /api/outbox/': [
    q('status', 'Only messages in this state.', 'string', ['pending', 'sent', 'failed']),
    q('limit', 'Page size, 1 to 200 (default 50); the total is in the X-Total-Count header.', 'integer'),
    q('offset', 'How many messages to skip.', 'integer'),
  ],
  'get /api/access-log/': [
    q('student_id', 'Only this student.', 'integer'), q('actor_id', 'Only this actor.', 'integer'), q('action', 'Only this action.'),
    q('student', "Part of the student's name or email."), q('actor', "Part of the actor's name or email."),
    q('from', 'From this time (ISO 8601).'), q('to', 'Until this time (ISO 8601).'),
    q('first', 'Page size.', 'integer'), q('after', 'Cursor of the previous page.'),
  ],
  'get /api/pathways/': PAGED,
  'get /api/applications/': PAGED,
  'get /api/courses/by-requirement-and-user/:uuid': PAGED,
};

const obj = (properties: Record<string, object>, required: string[] = []) => ({ type: 'object', properties, required });
const str = (description: string) => ({ type: 'string', description });

const ROSTER_IMPORT = obj({
  id: str('The import id.'),
  state: { type: 'string', enum: ['queued', 'running', 'done', 'failed'] },
  total_rows: { type: 'integer', description: 'Data rows in the file.' },
  done_rows: { type: 'integer', description: 'Rows processed so far (saved or rejected).' },
  created: { type: 'integer' }, updated: { type: 'integer' }, emailed: { type: 'integer', description: 'Set-password emails queued.' },
  errors: { type: 'array', items: obj({ line: { type: 'integer' }, sourced_id: str('As given.'), email: str('As given.'), message: str('Why the row was not saved.') }) },
  error: { type: ['string', 'null'], description: 'Why the import stopped, when it failed.' },
});

/** Request and answer shapes of the routes integration scripts use most. */
const SHAPES: Record<string, { body?: object; answer?: object }> = {
  'post /api/login/': {
    body: obj({ email: str('Email address.'), password: str('Password.') }, ['email', 'password']),
    answer: obj({ token: str('Session token for `Authorization: Token <token>`.'), user_type: { type: 'integer', description: '1 student, 2 staff, 3 parent, 4 baseline-plan record.' } }),
  },
  'post /api/api-tokens/': {
    body: obj({ name: str('A name to recognise the token by.'), expires_in_days: { type: 'integer', minimum: 1, maximum: 365, default: 90 } }, ['name']),
    answer: obj({ token: str('The token: shown this once, never stored.'), id: str('Identifier, to revoke it.'), name: str('Name.'), last_four: str('Last four characters.'), expires_at: { type: 'string', format: 'date-time' } }),
  },
  'post /api/roster-import/': { answer: ROSTER_IMPORT },
  'get /api/roster-imports/:id/': { answer: ROSTER_IMPORT },
  'get /api/students-in-school/': {
    answer: {
      type: 'array',
      items: obj({
        id: { type: 'integer' }, first_name: str(''), last_name: str(''), email: str(''), grade: { type: ['string', 'null'] },
        ccc_apply_status: { type: ['string', 'null'] }, parent_consent_form_state: { type: ['string', 'null'] }, parent_code: { type: ['string', 'null'] },
        school: { type: ['object', 'null'] },
      }),
    },
  },
};

const COURSE_REF = 'The course: its numeric id or its uuid.';
const UUID_ID = 'Its uuid.';
/**
 * Path parameters whose name does not tell what they accept (by "method path name"). Every id is
 * checked the same way (core/ids.ts): a malformed one is a 400, a well-formed one of nothing a 404.
 */
export const PATH_PARAMS: Record<string, string> = {
  'get /api/get-course/:id/ id': COURSE_REF,
  'post /api/courses/:id/ id': COURSE_REF,
  'delete /api/courses/:id/ id': COURSE_REF,
  'put /api/courses/:id/ id': 'The scheduled course (plan entry): its numeric id.',
  'get /api/check-transferability/:courseId/:schoolUuid courseId': COURSE_REF,
  'get /api/check-transferability/:courseId/:schoolUuid schoolUuid': "The school: its uuid (or its numeric id).",
  'get /api/check-course-scheduled/:id/ id': COURSE_REF,
  'get /api/get-scheduled-course/:id/ id': COURSE_REF,
  'delete /api/remove-scheduled-course/:id/ id': COURSE_REF,
  'post /api/courses/:courseId/requirement/ courseId': COURSE_REF,
  'get /api/courses/:courseUuid/requirement/ courseUuid': COURSE_REF,
  'delete /api/courses/:courseUuid/requirement/ courseUuid': COURSE_REF,
  'delete /api/api-tokens/:id/ id': UUID_ID,
  'get /api/roster-imports/:id/ id': UUID_ID,
  'get /api/parent-form-exports/:id/download/ id': UUID_ID,
  'put /api/terms/:position/ position': "The term's 1-based position.",
  'delete /api/terms/:position/ position': "The term's 1-based position.",
};

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operation(e: Entry) {
  const params = [...e.path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
    description: PATH_PARAMS[`${e.method} ${e.path} ${m[1]}`]
      ?? (/id$/i.test(m[1]) && m[1] !== 'uuid' ? `Numeric identifier (1 to ${MAX_ID}).` : `The ${m[1]} of the object.`),
  }));
  const key = `${e.method} ${e.path}`;
  const parameters = [...params, ...(QUERY[key] ?? [])];
  const shape = SHAPES[key] ?? {};
  const op: Record<string, unknown> = {
    operationId: e.operationId,
    tags: [e.tag],
    summary: e.summary,
    ...(parameters.length ? { parameters } : {}),
  };
  if (e.flags.includes('public')) op.security = [];
  if (['post', 'put', 'patch'].includes(e.method)) {
    op.requestBody = e.flags.includes('multipart')
      ? {
          required: true,
          content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } },
        }
      : e.flags.includes('form')
        ? { content: { 'multipart/form-data': { schema: { type: 'object', additionalProperties: { type: 'string' } } } } }
        : { content: { 'application/json': { schema: shape.body ?? { type: 'object', description: 'snake_case fields named in the summary.' } } } };
  }
  const ok = e.flags.includes('pdf')
    ? { description: 'A PDF file.', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } }
    : e.flags.includes('zip')
      ? { description: 'A ZIP archive, streamed.', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } }
      : e.flags.includes('file')
        ? { description: 'The stored file, as an attachment.', content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } } }
        : { description: 'Success (JSON, snake_case field names).', content: { 'application/json': { schema: shape.answer ?? {} } } };
  op.responses = {
    [e.flags.includes('accepted') ? '202' : '200']: ok,
    '204': { description: 'Done, nothing to answer.' },
    '400': errorResponse('Bad input, a malformed id in the path included: the message says what to fix.'),
    ...(e.flags.includes('public') ? {} : { '401': errorResponse('No valid token.') }),
    '403': errorResponse('Not allowed for this caller (or a read-only view-as token tried to write).'),
    '404': errorResponse('No such object.'),
    '429': errorResponse('Too many attempts; see the Retry-After header.'),
  };
  return op;
}

let cached: Record<string, unknown> | undefined;

/** The document as served at /api/openapi.json. */
export function openApiDocument(): Record<string, unknown> {
  if (cached) return cached;
  const paths: Record<string, Record<string, unknown>> = {};
  for (const e of catalogue()) {
    const p = e.path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
    paths[p] ??= {};
    paths[p][e.method] = operation(e);
  }
  cached = {
    openapi: '3.1.0',
    info: {
      title: 'Pathway Planner REST API',
      version: appVersion(),
      description:
        'The legacy /api/* routes for district integration scripts. The same rules apply as in the app and in GraphQL (/graphql). ' +
        'Authenticate with `Authorization: Token <token>` (or `Bearer <token>`): a session token from POST /api/login/, or a personal API ' +
        'token that staff create on their profile page. Errors answer `{ "error": message }` with a 4xx status.',
    },
    servers: [{ url: '/' }],
    security: [{ TokenAuth: [] }, { BearerAuth: [] }],
    tags: [...new Set(catalogue().map((e) => e.tag))].map((name) => ({ name })),
    components: {
      securitySchemes: {
        TokenAuth: { type: 'apiKey', in: 'header', name: 'Authorization', description: 'The header value `Token <token>`.' },
        BearerAuth: { type: 'http', scheme: 'bearer' },
      },
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
      },
    },
    paths,
  };
  return cached;
}
