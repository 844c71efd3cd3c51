/**
 * Ids in REST paths (core/ids.ts): a course is named by its numeric id or its uuid; any other id
 * by its number or its uuid, as the route says. Malformed ids are a 400 with a message naming what
 * was expected, a well-formed id of nothing is a 404; never a 200 with a false fact, never a 500.
 *
 * The table below classifies every path parameter of the built app's route list: a route with a
 * parameter that has no row fails the test, so a new route is checked the day it is added.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { COURSE_REF_MESSAGE, idMessage, uuidMessage } from '../../core/ids.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { servedRoutes } from '../integrations/routes.js';
import { PLAN_MESSAGES } from '../plans/plans.service.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

type Actor = 'anon' | 'student' | 'admin' | 'admissions' | 'parent';
type Kind = 'course' | 'id' | 'uuid' | 'position' | 'school';

interface Row {
  /** Who calls: someone allowed past the route's first gate, so the id itself is what is judged. */
  actor: Actor;
  /** What each parameter is (in path order). */
  params: Kind[];
  /** The word the 400 message uses ("student" in "Not a valid student id ..."). */
  what?: string;
  body?: object;
  /** Appended to the parameter (the file routes name "{id}.pdf"). */
  suffix?: string;
}

const ROUTES: Record<string, Row> = {
  'GET /api/check-course-scheduled/:id/': { actor: 'student', params: ['course'] },
  'GET /api/get-scheduled-course/:id/': { actor: 'student', params: ['course'] },
  'DELETE /api/remove-scheduled-course/:id/': { actor: 'student', params: ['course'] },
  'POST /api/courses/update-grade/:scheduledId/': { actor: 'student', params: ['id'], what: 'scheduled course', body: { grade: 'A' } },
  'PUT /api/courses/:id/': { actor: 'student', params: ['id'], what: 'scheduled course', body: { term: '1' } },
  'PUT /api/terms/:position/': { actor: 'student', params: ['position'], body: { label: 'Fall 2030' } },
  'DELETE /api/terms/:position/': { actor: 'student', params: ['position'] },
  'GET /api/get-course/:id/': { actor: 'student', params: ['course'] },
  'POST /api/courses/:id/': { actor: 'admin', params: ['course'], body: { title: 'Renamed' } },
  'DELETE /api/courses/:id/': { actor: 'admin', params: ['course'] },
  'GET /api/check-transferability/:courseId/:schoolUuid': { actor: 'admin', params: ['course', 'school'] },
  'POST /api/courses/:courseId/requirement/': { actor: 'admin', params: ['course'], body: { requirement_uuid: '00000000-0000-4000-8000-000000000001' } },
  'DELETE /api/courses/:courseId/requirement/': { actor: 'admin', params: ['course'], body: { requirement_uuid: '00000000-0000-4000-8000-000000000001' } },
  'GET /api/courses/:courseId/requirement/': { actor: 'admin', params: ['course'] },
  'GET /api/courses/by-requirement/:uuid': { actor: 'admin', params: ['uuid'], what: 'requirement' },
  'GET /api/courses/by-requirement-and-user/:uuid': { actor: 'student', params: ['uuid'], what: 'requirement' },
  'GET /api/pathways/:uuid/': { actor: 'admin', params: ['uuid'], what: 'pathway' },
  'POST /api/pathways/:uuid/': { actor: 'admin', params: ['uuid'], what: 'pathway', body: { name: 'Renamed' } },
  'DELETE /api/pathways/:uuid/': { actor: 'admin', params: ['uuid'], what: 'pathway' },
  'PUT /api/requirements/:uuid/': { actor: 'admin', params: ['uuid'], what: 'requirement', body: { name: 'Renamed' } },
  'DELETE /api/requirements/:uuid/': { actor: 'admin', params: ['uuid'], what: 'requirement' },
  'POST /api/schools/:uuid/join/': { actor: 'student', params: ['uuid'], what: 'school' },
  'POST /api/set-school-of-record/:uuid/': { actor: 'student', params: ['uuid'], what: 'school' },
  'DELETE /api/students/:id/': { actor: 'admin', params: ['id'], what: 'student' },
  'DELETE /api/plan-notes/:id/': { actor: 'student', params: ['id'], what: 'note' },
  'GET /api/students/:id/plan-review/': { actor: 'admin', params: ['id'], what: 'student' },
  'POST /api/students/:id/plan-review/submit/': { actor: 'student', params: ['id'], what: 'student' },
  'POST /api/students/:id/plan-review/approve/': { actor: 'admin', params: ['id'], what: 'student' },
  'POST /api/students/:id/plan-review/return/': { actor: 'admin', params: ['id'], what: 'student', body: { comment: 'Please add science.' } },
  'PUT /api/baseline-plans/:id/': { actor: 'admin', params: ['id'], what: 'baseline plan', body: { first_name: 'Renamed', last_name: 'Plan' } },
  'DELETE /api/baseline-plans/:id/': { actor: 'admin', params: ['id'], what: 'baseline plan' },
  'GET /api/what-if-plans/:id/': { actor: 'student', params: ['id'], what: 'what-if plan' },
  'PUT /api/what-if-plans/:id/': { actor: 'student', params: ['id'], what: 'what-if plan', body: { name: 'Renamed' } },
  'DELETE /api/what-if-plans/:id/': { actor: 'student', params: ['id'], what: 'what-if plan' },
  'POST /api/what-if-plans/:id/make-official/': { actor: 'student', params: ['id'], what: 'what-if plan' },
  'GET /api/blogs/:id/': { actor: 'anon', params: ['id'], what: 'blog post' },
  'DELETE /api/api-tokens/:id/': { actor: 'admin', params: ['uuid'], what: 'API token' },
  'GET /api/roster-imports/:id/': { actor: 'admin', params: ['uuid'], what: 'roster import' },
  'GET /api/transcript-imports/:id/': { actor: 'admin', params: ['uuid'], what: 'transcript import' },
  'GET /api/generate-plan/batches/:id/': { actor: 'admin', params: ['uuid'], what: 'batch' },
  'GET /api/students/:id/transcript/': { actor: 'admin', params: ['id'], what: 'student' },
  'POST /api/transcript-records/:id/correct/': { actor: 'admin', params: ['id'], what: 'transcript record', body: { reason: 'The SIS had a typo.', grade: 'A' } },
  'PUT /api/course-requests/students/:id/': { actor: 'admin', params: ['id'], what: 'student', body: { school_year: '2027-28', requests: [] } },
  'GET /api/parent-form-exports/:id/download/': { actor: 'admin', params: ['uuid'], what: 'export' },
  'GET /api/applications/:id/': { actor: 'admissions', params: ['id'], what: 'application' },
  'POST /api/applications/:id/decision/': { actor: 'admissions', params: ['id'], what: 'application', body: { decision: 'accepted' } },
  'GET /api/application/files/:id/': { actor: 'parent', params: ['id'], what: 'transcript file' },
  'GET /files/transcripts/:id': { actor: 'parent', params: ['id'], what: 'transcript file' },
  'POST /api/admissions/payments/:id/record-check/': { actor: 'admissions', params: ['id'], what: 'payment' },
  'GET /files/consent-forms/:file': { actor: 'admin', params: ['uuid'], what: 'consent form', suffix: '.pdf' },
  'GET /files/consent-templates/:file': { actor: 'admin', params: ['id'], what: 'school', suffix: '.pdf' },
  'GET /files/contracts/:file': { actor: 'parent', params: ['uuid'], what: 'contract', suffix: '.pdf' },
};

/** Parameters that are not ids (link codes, reset tokens, test checkout sessions): garbage is still never a 200 or a 500. */
const NOT_IDS: Record<string, Actor> = {
  'POST /api/reset-password/:uidb64/:token/': 'anon',
  'GET /api/sign-parent-form/:code/': 'anon',
  'PUT /api/sign-parent-form/:code/': 'anon',
  'GET /api/parent-form-viewer/:code/': 'anon',
  'GET /test-checkout/:id': 'anon',
  'POST /test-checkout/:id/pay': 'anon',
  'POST /test-checkout/:id/cancel': 'anon',
};

/** Malformed ids, as written in a URL. */
const GARBAGE = ['not-a-course', '1e3', '-1', '0', '1.5', '+7', '99999999999', '2147483648', '%00', '%20', 'x'.repeat(3000)];
const UNKNOWN_ID = '2147483647';
const UNKNOWN_UUID = '00000000-0000-4000-8000-00000000beef';

let tokens: Record<Exclude<Actor, 'anon'>, string>;
/** Valid ids for the parameters not under test (check-transferability has two). */
let valid: Record<Kind, string>;

beforeAll(async () => {
  await h.clearRateLimits();
  tokens = {
    student: await h.login(DEMO.student),
    admin: await h.login(DEMO.admin),
    admissions: await h.login(DEMO.admissions),
    parent: await h.login(DEMO.acceptedParent),
  };
  const [course] = await h.db.query(`SELECT c.id, c.uuid FROM courses c JOIN schools s ON s.id = c.school_id WHERE s.name LIKE 'Lincoln%' ORDER BY c.id LIMIT 1`);
  const [school] = await h.db.query(`SELECT uuid FROM schools WHERE name LIKE 'Lincoln%' ORDER BY id LIMIT 1`);
  valid = { course: String(course.id), id: '1', uuid: school.uuid, position: '1', school: school.uuid };
});

const paramNames = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

function call(method: string, url: string, actor: Actor, body?: object) {
  let req = (h.api as any)[method.toLowerCase()](url);
  if (actor !== 'anon') req = req.set(h.auth(tokens[actor]));
  return body ? req.send(body) : req;
}

/** The path with parameter `at` set to `value` and the others to valid ids. */
function urlWith(path: string, row: Row, at: number, value: string): string {
  let i = 0;
  return path.replace(/:([A-Za-z0-9_]+)/g, () => {
    const kind = row.params[i];
    const v = i === at ? value : valid[kind];
    i += 1;
    return `${v}${row.suffix ?? ''}`;
  });
}

function expectedMessage(kind: Kind, what: string | undefined): string {
  switch (kind) {
    case 'course':
      return textOf(COURSE_REF_MESSAGE);
    case 'id':
      return textOf(idMessage(what!));
    case 'uuid':
      return textOf(uuidMessage(what!));
    case 'position':
      return textOf(PLAN_MESSAGES.positionInvalid);
    case 'school':
      return "Not a valid school id: expected the school's uuid or number.";
  }
}

describe('the course page calls name a course by its number or its uuid', () => {
  let sam: { id: number };
  let inPlan: { id: number; uuid: string; entry: number; term: string };
  let notInPlan: { id: number; uuid: string };

  beforeAll(async () => {
    [sam] = await h.db.query(`SELECT id FROM users WHERE email = $1`, [DEMO.student]);
    [inPlan] = await h.db.query(
      `SELECT c.id, c.uuid, s.id AS entry, s.term FROM scheduled_courses s JOIN courses c ON c.id = s.course_id WHERE s.user_id = $1 ORDER BY s.id LIMIT 1`,
      [sam.id],
    );
    [notInPlan] = await h.db.query(
      `SELECT c.id, c.uuid FROM courses c JOIN users u ON u.school_id = c.school_id
        WHERE u.id = $1 AND NOT EXISTS (SELECT 1 FROM scheduled_courses s WHERE s.user_id = u.id AND s.course_id = c.id) ORDER BY c.id LIMIT 1`,
      [sam.id],
    );
    expect(inPlan).toBeTruthy();
    expect(notInPlan).toBeTruthy();
  });

  it("check-course-scheduled: true for a course in Sam's plan, by id and by uuid; false for one of his school that is not", async () => {
    for (const key of [inPlan.id, inPlan.uuid]) {
      const res = await call('GET', `/api/check-course-scheduled/${key}/`, 'student');
      expect([res.status, res.body]).toEqual([200, { isScheduled: true }]);
    }
    for (const key of [notInPlan.id, notInPlan.uuid]) {
      const res = await call('GET', `/api/check-course-scheduled/${key}/`, 'student');
      expect([res.status, res.body]).toEqual([200, { isScheduled: false }]);
    }
  });

  it('get-scheduled-course: the plan entry, by id and by uuid; 404 for a course not in the plan', async () => {
    const [entry] = await h.db.query(`SELECT id, grade, completed, term FROM scheduled_courses WHERE id = $1`, [inPlan.entry]);
    for (const key of [inPlan.id, inPlan.uuid]) {
      const res = await call('GET', `/api/get-scheduled-course/${key}/`, 'student');
      expect([res.status, res.body]).toEqual([200, { id: entry.id, grade: entry.grade, completed: entry.completed, term: entry.term }]);
    }
    const missing = await call('GET', `/api/get-scheduled-course/${notInPlan.uuid}/`, 'student');
    expect([missing.status, missing.body]).toEqual([404, { error: textOf(PLAN_MESSAGES.notScheduled), reason: 'NOT_SCHEDULED' }]);
  });

  it('garbage is a 400 that says what a course id is; an unknown course is a 404, never "not scheduled"', async () => {
    for (const path of ['check-course-scheduled', 'get-scheduled-course']) {
      const bad = await call('GET', `/api/${path}/not-a-course/`, 'student');
      expect([bad.status, bad.body]).toEqual([400, { error: textOf(COURSE_REF_MESSAGE), reason: 'COURSE_REF_INVALID' }]);
      for (const unknown of [UNKNOWN_UUID, UNKNOWN_ID]) {
        const res = await call('GET', `/api/${path}/${unknown}/`, 'student');
        expect([res.status, res.body]).toEqual([404, { error: textOf(PLAN_MESSAGES.courseNotFound), reason: 'COURSE_NOT_FOUND' }]);
      }
    }
  });

  it('get-course accepts the same number and uuid', async () => {
    for (const key of [inPlan.id, inPlan.uuid]) {
      const res = await call('GET', `/api/get-course/${key}/`, 'student');
      expect(res.status).toBe(200);
      expect([res.body.id, res.body.uuid, res.body.is_scheduled]).toEqual([inPlan.id, inPlan.uuid, true]);
    }
  });

  it('a course of a school Sam cannot reach is a 404, not "not scheduled"', async () => {
    const other = await h.buildSchool({ name: `Unreached High ${Date.now()}` });
    const [course] = await h.db.query(`INSERT INTO courses (school_id, course_id, title, units) VALUES ($1, 'FAR 1', 'Far Away', 1) RETURNING id, uuid`, [other.id]);
    for (const key of [course.id, course.uuid]) {
      const res = await call('GET', `/api/check-course-scheduled/${key}/`, 'student');
      expect([res.status, res.body]).toEqual([404, { error: textOf(PLAN_MESSAGES.courseNotFound), reason: 'COURSE_NOT_FOUND' }]);
    }
  });
});

describe('every REST route with an id in its path', () => {
  it('has a row in the table (ids) or in NOT_IDS', () => {
    const withParams = servedRoutes(h.built.app)
      .filter((r) => r.path.includes(':'))
      .map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(withParams.length).toBeGreaterThan(30);
    const missing = withParams.filter((k) => !(k in ROUTES) && !(k in NOT_IDS));
    expect(missing).toEqual([]);
    const stale = [...Object.keys(ROUTES), ...Object.keys(NOT_IDS)].filter((k) => !withParams.includes(k));
    expect(stale).toEqual([]);
    for (const [key, row] of Object.entries(ROUTES)) expect(row.params.length, key).toBe(paramNames(key).length);
  });

  it('answers malformed ids with a 400 naming what was expected', async () => {
    const seen: string[] = [];
    for (const [key, row] of Object.entries(ROUTES)) {
      const [method, path] = key.split(' ');
      for (let at = 0; at < row.params.length; at++) {
        for (const garbage of GARBAGE) {
          const res = await call(method, urlWith(path, row, at, garbage), row.actor, row.body);
          seen.push(`${key} [${garbage.slice(0, 12)}] ${res.status} ${res.body?.error ?? ''}`);
          expect(`${key} [${garbage.slice(0, 12)}] ${res.status} ${res.body?.error ?? ''}`).toBe(
            `${key} [${garbage.slice(0, 12)}] 400 ${expectedMessage(row.params[at], row.what)}`,
          );
        }
      }
    }
    expect(seen.length).toBeGreaterThan(400);
  }, 120_000);

  it('answers a well-formed id of nothing with a 404', async () => {
    for (const [key, row] of Object.entries(ROUTES)) {
      const [method, path] = key.split(' ');
      for (let at = 0; at < row.params.length; at++) {
        const kind = row.params[at];
        const unknown = kind === 'uuid' || kind === 'school' ? UNKNOWN_UUID : kind === 'position' ? '99' : UNKNOWN_ID;
        const res = await call(method, urlWith(path, row, at, unknown), row.actor, row.body);
        expect(`${key} [${unknown}] ${res.status}`).toBe(`${key} [${unknown}] 404`);
      }
    }
    // A numeric course id of nothing, as well as a uuid of nothing.
    for (const [key, row] of Object.entries(ROUTES).filter(([, r]) => r.params.includes('course'))) {
      const [method, path] = key.split(' ');
      const res = await call(method, urlWith(path, row, row.params.indexOf('course'), UNKNOWN_UUID), row.actor, row.body);
      expect(`${key} ${res.status}`).toBe(`${key} 404`);
    }
  }, 60_000);

  it('never answers garbage in a non-id parameter with a 200 or a 500', async () => {
    for (const [key, actor] of Object.entries(NOT_IDS)) {
      const [method, path] = key.split(' ');
      for (const garbage of GARBAGE) {
        const res = await call(method, path.replace(/:[A-Za-z0-9_]+/g, garbage), actor, {});
        expect(res.status, `${key} [${garbage.slice(0, 12)}]`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${key} [${garbage.slice(0, 12)}]`).toBeLessThan(500);
      }
    }
  });
});

describe('GraphQL arguments that reach the same services', () => {
  it('are refused as BAD_USER_INPUT when malformed, NOT_FOUND when unknown', async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ['query Q($id: Int) { course(id: $id) { id } }', { id: -1 }, 'BAD_USER_INPUT'],
      ['query Q($id: Int) { course(id: $id) { id } }', { id: 2147483647 }, 'NOT_FOUND'],
      ['query Q($uuid: ID) { course(uuid: $uuid) { id } }', { uuid: 'not-a-course' }, 'BAD_USER_INPUT'],
      ['query Q($uuid: ID!) { planCourse(uuid: $uuid) { id } }', { uuid: 'not-a-course' }, 'BAD_USER_INPUT'],
      ['query Q($uuid: ID!) { planCourse(uuid: $uuid) { id } }', { uuid: UNKNOWN_UUID }, 'NOT_FOUND'],
      ['mutation M($id: Int!) { unscheduleCourse(courseId: $id) }', { id: 0 }, 'BAD_USER_INPUT'],
      ['mutation M($id: Int!) { unscheduleCourse(courseId: $id) }', { id: 2147483647 }, 'NOT_FOUND'],
      ['mutation M($id: Int!) { updateGrade(scheduledCourseId: $id, grade: "A", completed: false) { id } }', { id: -5 }, 'BAD_USER_INPUT'],
      ['mutation M($p: Int!) { deleteTerm(position: $p) { labels } }', { p: 0 }, 'BAD_USER_INPUT'],
    ];
    for (const [query, vars, code] of cases) {
      const res = await h.gql(query, vars, tokens.student);
      expect(`${query} ${JSON.stringify(vars)} ${res.code}`).toBe(`${query} ${JSON.stringify(vars)} ${code}`);
    }
    const pathway = await h.gql('query Q($uuid: ID!) { pathway(uuid: $uuid) { id } }', { uuid: 'nope' }, tokens.admin);
    expect([pathway.code, pathway.errors?.[0].message]).toEqual(['BAD_USER_INPUT', textOf(uuidMessage('pathway'))]);
  });
});
