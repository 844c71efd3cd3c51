import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { useHarness } from '../../test/harness.js';
import { buildCourse } from '../courses/courses.factories.js';
import { schoolYearEndOf } from '../transcripts/term-placement.js';
import { requestTerm } from './request-terms.js';
import { EXPORT_COLUMNS } from './course-requests.service.js';

const h = useHarness();

/** Next school year (what a window collects); a 10th grader now is in 11th grade then, term "3" of the default labels. */
const thisEnd = schoolYearEndOf(new Date());
const NEXT = `${thisEnd}-${thisEnd + 1}`;
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

const WINDOW = `mutation($y: String!, $o: String!, $c: String!) { setCourseRequestWindow(schoolYear: $y, opensOn: $o, closesOn: $c) { schoolYear opensOn closesOn state } }`;
const REQUESTS = `query($y: String) { courseRequests(schoolYear: $y, pageSize: 100) { schoolYear count results { rosteredId courseCode schoolYear term alternate kept } } }`;
const SCHEDULE = `mutation($c: Int!, $t: String!) { scheduleCourse(courseId: $c, term: $t) { id } }`;

async function school(o: { planApprovalEnabled?: boolean } = {}) {
  const s = await h.buildSchool(o);
  const staff = await h.buildStaff({ school: s });
  const ana = await h.buildStudent({ school: s, grade: '10' });
  const ben = await h.buildStudent({ school: s, grade: '10' });
  await h.db.query(`UPDATE users SET sourced_id = $2 WHERE id = $1`, [ana.id, `S-${ana.id}`]);
  const tag = s.id;
  const alg = await buildCourse(h.db, s, { courseId: `ALG2-${tag}`, title: 'Algebra 2' });
  const chem = await buildCourse(h.db, s, { courseId: `CHEM,${tag}`, title: 'Chemistry' });
  const eng = await buildCourse(h.db, s, { courseId: `=ENG-${tag}`, title: 'English 11' });
  const pe = await buildCourse(h.db, s, { courseId: `PE-${tag}`, title: 'PE' });
  return { s, staff, ana, ben, alg, chem, eng, pe, staffToken: await h.tokenFor(staff), anaToken: await h.tokenFor(ana), benToken: await h.tokenFor(ben) };
}

const add = (token: string, courseId: number, term: string) => h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: courseId, term });
const setWindow = (token: string, body: object) => h.api.put('/api/course-requests/window/').set(h.auth(token)).send(body);
const exportRows = async (token: string) => {
  const res = await h.api.get('/api/course-requests/export/').set(h.auth(token));
  expect(res.status, res.text).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/csv/);
  return parse(res.text, { columns: true }) as Record<string, string>[];
};

describe('request terms', () => {
  it('finds the plan terms of a school year from grade labels, season labels and extra terms', () => {
    const grades = ['9th Grade', '10th Grade', '11th Grade', '12th Grade'];
    expect(['1', '2', '3', '4'].map((t) => requestTerm(t, grades, '10', '2027-2028', 2027))).toEqual([null, null, 'Year', null]);
    expect(requestTerm('3', grades, null, '2027-2028', 2027)).toBeNull();
    const seasons = ['Fall 2026', 'Spring 2027', 'Fall 2027', 'Spring 2028', 'Summer 2028'];
    expect(['1', '2', '3', '4', '5'].map((t) => requestTerm(t, seasons, '10', '2027-2028', 2027))).toEqual([null, null, 'Fall', 'Spring', 'Summer']);
    expect(requestTerm('2027-2028 S1', [], '10', '2027-2028', 2027)).toBe('S1');
    expect(requestTerm('2026-2027 S1', [], '10', '2027-2028', 2027)).toBeNull();
    expect(requestTerm('9', grades, '10', '2027-2028', 2027)).toBeNull();
  });
});

describe('course-request window', () => {
  it('is set by staff of the school only, validated with reason codes, on both APIs', async () => {
    const w = await school();
    const parent = await h.buildParent({ school: w.s, students: [w.ana] });
    const good = { school_year: NEXT, opens_on: day(-1), closes_on: day(5) };
    for (const token of [w.anaToken, await h.tokenFor(parent)]) {
      const res = await setWindow(token, good);
      expect([res.status, res.body.reason]).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
    }
    const gqlStudent = await h.gql(WINDOW, { y: NEXT, o: day(-1), c: day(5) }, w.anaToken);
    expect([gqlStudent.code, gqlStudent.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'COURSE_REQUESTS_STAFF_ONLY']);
    const bad: [object, string][] = [
      [{ ...good, school_year: '2027-2029' }, 'COURSE_REQUEST_YEAR_INVALID'],
      [{ ...good, school_year: "2027-2028'; DROP TABLE users" }, 'COURSE_REQUEST_YEAR_INVALID'],
      [{ ...good, opens_on: '2027-02-30' }, 'COURSE_REQUEST_DATE_INVALID'],
      [{ ...good, closes_on: 'tomorrow' }, 'COURSE_REQUEST_DATE_INVALID'],
      [{ ...good, opens_on: day(5), closes_on: day(1) }, 'COURSE_REQUEST_DATES_ORDER'],
      [{ ...good, opens_on: 20270101 }, 'INVALID_INPUT'],
    ];
    for (const [body, reason] of bad) {
      const res = await setWindow(w.staffToken, body);
      expect([res.status, res.body.reason], JSON.stringify(body)).toEqual([400, reason]);
    }
    const gqlBad = await h.gql(WINDOW, { y: NEXT, o: day(5), c: day(1) }, w.staffToken);
    expect(gqlBad.errors?.[0]?.extensions?.reason).toBe('COURSE_REQUEST_DATES_ORDER');
    expect((await h.api.get('/api/course-requests/window/').set(h.auth(w.staffToken))).body).toEqual({ window: null });

    const set = await setWindow(w.staffToken, good);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.window).toEqual({ school_year: NEXT, opens_on: day(-1), closes_on: day(5), state: 'open', kept_at: null });
    const gql = await h.gql(WINDOW, { y: NEXT, o: day(1), c: day(5) }, w.staffToken);
    expect(gql.data!.setCourseRequestWindow).toEqual({ schoolYear: NEXT, opensOn: day(1), closesOn: day(5), state: 'upcoming' });
    const [row] = await h.db.query(`SELECT school_year, updated_by FROM course_request_windows WHERE school_id = $1`, [w.s.id]);
    expect(row).toEqual({ school_year: NEXT, updated_by: w.staff.id });
  });
});

describe('course requests', () => {
  it("are the courses planned for the window's year while it is open, kept at its close, then refused to the student on both APIs", async () => {
    const w = await school();
    expect((await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) })).status).toBe(200);
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    expect((await add(w.anaToken, w.chem.id, '3')).status).toBe(201);
    expect((await add(w.anaToken, w.pe.id, '2')).status).toBe(201); // this year: not a request
    expect((await add(w.benToken, w.eng.id, '3')).status).toBe(201);

    const open = await h.api.get('/api/course-requests/').query({ school_year: NEXT, page_size: 2 }).set(h.auth(w.staffToken));
    expect(open.status).toBe(200);
    expect([open.body.count, open.body.results.length, typeof open.body.next]).toEqual([3, 2, 'string']);
    const rest = await h.api.get('/api/course-requests/').query({ school_year: NEXT, page_size: 2, cursor: open.body.next }).set(h.auth(w.staffToken));
    expect([rest.body.results.length, rest.body.next]).toEqual([1, null]);
    expect([...open.body.results, ...rest.body.results].every((r: { kept: boolean }) => !r.kept)).toBe(true);

    const expected = [
      { student_id: `S-${w.ana.id}`, course_code: w.alg.courseId, school_year: NEXT, term: 'Year', alternate: 'N' },
      { student_id: `S-${w.ana.id}`, course_code: w.chem.courseId, school_year: NEXT, term: 'Year', alternate: 'N' },
      { student_id: w.ben.email, course_code: `'${w.eng.courseId}`, school_year: NEXT, term: 'Year', alternate: 'N' },
    ];
    const res = await h.api.get('/api/course-requests/export/').set(h.auth(w.staffToken));
    expect(res.text.split('\r\n')[0]).toBe(EXPORT_COLUMNS.join(','));
    expect(res.text).toContain(`"${w.chem.courseId}"`);
    expect(await exportRows(w.staffToken)).toEqual(expected);
    // Before the close the student still changes their requests.
    expect((await h.api.delete(`/api/remove-scheduled-course/${w.chem.id}/`).set(h.auth(w.anaToken))).status).toBe(200);
    expect((await add(w.anaToken, w.chem.id, '3')).status).toBe(201);

    // The window closes: the next read keeps the requests as submitted.
    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    const closed = await h.api.get('/api/course-requests/window/').set(h.auth(w.staffToken));
    expect(closed.body.window.state).toBe('closed');
    expect(closed.body.window.kept_at, JSON.stringify(closed.body)).not.toBeNull();
    const kept = await h.db.query(`SELECT student_id, course_id, term FROM course_requests WHERE school_id = $1 ORDER BY student_id, course_id`, [w.s.id]);
    expect(kept).toEqual(
      [
        { student_id: w.ana.id, course_id: w.alg.id, term: 'Year' },
        { student_id: w.ana.id, course_id: w.chem.id, term: 'Year' },
        { student_id: w.ben.id, course_id: w.eng.id, term: 'Year' },
      ].sort((a, b) => a.student_id - b.student_id || a.course_id - b.course_id),
    );

    const refusedAdd = await add(w.anaToken, w.pe.id, '3');
    expect([refusedAdd.status, refusedAdd.body.reason, refusedAdd.body.params]).toEqual([403, 'COURSE_REQUESTS_CLOSED', { school_year: NEXT }]);
    const refusedRemove = await h.api.delete(`/api/remove-scheduled-course/${w.alg.id}/`).set(h.auth(w.anaToken));
    expect([refusedRemove.status, refusedRemove.body.reason]).toEqual([403, 'COURSE_REQUESTS_CLOSED']);
    const gql = await h.gql(SCHEDULE, { c: w.pe.id, t: '3' }, w.benToken);
    expect([gql.code, gql.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'COURSE_REQUESTS_CLOSED']);
    const [alg] = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [w.ana.id, w.alg.id]);
    const moveOut = await h.gql(`mutation($id: Int!) { moveScheduledCourse(scheduledCourseId: $id, term: "4") { __typename } }`, { id: alg.id }, w.anaToken);
    const moveOutRest = await h.api.put(`/api/courses/${alg.id}/`).set(h.auth(w.anaToken)).send({ term: '4' });
    expect([moveOutRest.status, moveOutRest.body.reason]).toEqual([403, 'COURSE_REQUESTS_CLOSED']);
    expect(moveOut.errors?.[0]?.extensions?.reason).toBe('COURSE_REQUESTS_CLOSED');
    // Another year stays the student's to plan.
    const art = await buildCourse(h.db, w.s, { courseId: `ART-${w.s.id}`, title: 'Art' });
    expect((await add(w.anaToken, art.id, '4')).status).toBe(201);
    // The export is the kept requests, not the plan.
    expect(await exportRows(w.staffToken)).toEqual(expected);
    const page = await h.gql(REQUESTS, { y: null }, w.staffToken);
    expect(page.data!.courseRequests.count).toBe(3);
    expect(page.data!.courseRequests.results.every((r: { kept: boolean }) => r.kept)).toBe(true);
  });

  it('are kept when the counselor approves the plan, where plan approval is on', async () => {
    const w = await school({ planApprovalEnabled: true });
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    expect((await add(w.benToken, w.eng.id, '3')).status).toBe(201);
    expect((await h.api.post(`/api/students/${w.ana.id}/plan-review/submit/`).set(h.auth(w.anaToken))).status).toBe(200);
    expect((await h.api.post(`/api/students/${w.ana.id}/plan-review/approve/`).set(h.auth(w.staffToken))).status).toBe(200);
    const refused = await add(w.anaToken, w.chem.id, '3');
    expect([refused.status, refused.body.reason]).toEqual([403, 'COURSE_REQUESTS_CLOSED']);
    // Ben's plan was not approved: his requests stay open.
    expect((await add(w.benToken, w.chem.id, '3')).status).toBe(201);
    const rows = await h.api.get('/api/course-requests/').set(h.auth(w.staffToken));
    expect(rows.body.results.map((r: { course_code: string; kept: boolean }) => [r.course_code, r.kept])).toEqual([
      [w.alg.courseId, true],
      [w.eng.courseId, false],
      [w.chem.courseId, false],
    ]);
  });

  it('are read and exported by staff of the school only: students, parents and another school are refused', async () => {
    const w = await school();
    const other = await school();
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    await add(w.anaToken, w.alg.id, '3');
    const parent = await h.buildParent({ school: w.s, students: [w.ana] });
    for (const token of [w.anaToken, await h.tokenFor(parent)]) {
      for (const path of ['/api/course-requests/', '/api/course-requests/export/', '/api/course-requests/window/']) {
        const res = await h.api.get(path).set(h.auth(token));
        expect([res.status, res.body.reason], path).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
      }
    }
    const gql = await h.gql(REQUESTS, { y: NEXT }, w.anaToken);
    expect(gql.errors?.[0]?.extensions?.reason).toBe('COURSE_REQUESTS_STAFF_ONLY');
    // Another school's staff: no window of their own, and with one for the same year, none of this school's requests.
    const none = await h.api.get('/api/course-requests/export/').set(h.auth(other.staffToken));
    expect([none.status, none.body.reason]).toEqual([404, 'COURSE_REQUEST_WINDOW_NONE']);
    await setWindow(other.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect(await exportRows(other.staffToken)).toEqual([]);
    expect((await exportRows(w.staffToken)).map((r) => r.course_code)).toEqual([w.alg.courseId]);
    const noAccount = await h.api.get('/api/course-requests/');
    expect(noAccount.status).toBe(401);
    for (const [q, reason] of [
      [{ school_year: '2027' }, 'COURSE_REQUEST_YEAR_INVALID'],
      [{ page_size: '0' }, 'COURSE_REQUEST_PAGE_SIZE'],
      [{ page_size: '1e9' }, 'COURSE_REQUEST_PAGE_SIZE'],
      [{ cursor: 'forged' }, 'PAGE_CURSOR_INVALID'],
    ] as const) {
      const res = await h.api.get('/api/course-requests/').query(q).set(h.auth(w.staffToken));
      expect([res.status, res.body.reason], JSON.stringify(q)).toEqual([400, reason]);
    }
  });
});

describe('kept course requests', () => {
  it('are changed by staff of the school only, on both APIs, and the export follows', async () => {
    const w = await school();
    const other = await school();
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    await setWindow(other.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    const url = `/api/course-requests/students/${w.ana.id}/`;
    const body = {
      requests: [
        { course_id: w.chem.id, term: 'Fall' },
        { course_id: w.pe.id, term: 'Year', alternate: true },
      ],
    };

    for (const [token, status, reason] of [
      [w.anaToken, 403, 'COURSE_REQUESTS_STAFF_ONLY'],
      [other.staffToken, 404, 'TRANSCRIPT_STUDENT_NOT_FOUND'],
    ] as const) {
      const res = await h.api.put(url).set(h.auth(token)).send(body);
      expect([res.status, res.body.reason]).toEqual([status, reason]);
    }
    const foreignCourse = await h.api
      .put(url)
      .set(h.auth(w.staffToken))
      .send({ requests: [{ course_id: other.alg.id, term: 'Year' }] });
    expect([foreignCourse.status, foreignCourse.body.reason]).toEqual([404, 'COURSE_NOT_FOUND']);
    for (const [bad, reason] of [
      [
        {
          requests: [
            { course_id: w.chem.id, term: 'Year' },
            { course_id: w.chem.id, term: 'Fall' },
          ],
        },
        'COURSE_REQUEST_REPEATED',
      ],
      [{ requests: [{ course_id: 'x', term: 'Year' }] }, 'COURSE_REQUEST_LIST_INVALID'],
      [{ requests: Array.from({ length: 41 }, (_, i) => ({ course_id: i + 1, term: 'Year' })) }, 'COURSE_REQUEST_LIST_INVALID'],
      [{ requests: [{ course_id: w.chem.id, term: 'x'.repeat(41) }] }, 'COURSE_REQUEST_LIST_INVALID'],
    ] as const) {
      const res = await h.api.put(url).set(h.auth(w.staffToken)).send(bad);
      expect([res.status, res.body.reason]).toEqual([400, reason]);
    }
    expect(await h.db.query(`SELECT 1 FROM course_request_submissions WHERE student_id = $1`, [w.ana.id])).toEqual([]);

    const set = await h.api.put(url).set(h.auth(w.staffToken)).send(body);
    expect(set.status, JSON.stringify(set.body)).toBe(200);
    expect(set.body.results.map((r: { course_code: string; term: string; alternate: boolean; kept: boolean }) => [r.course_code, r.term, r.alternate, r.kept])).toEqual([
      [w.chem.courseId, 'Fall', false, true],
      [w.pe.courseId, 'Year', true, true],
    ]);
    // Kept: the student's plan change to that year is refused, and the export says what staff set.
    expect((await add(w.anaToken, w.eng.id, '3')).body.reason).toBe('COURSE_REQUESTS_CLOSED');
    expect(await exportRows(w.staffToken)).toEqual([
      { student_id: `S-${w.ana.id}`, course_code: w.chem.courseId, school_year: NEXT, term: 'Fall', alternate: 'N' },
      { student_id: `S-${w.ana.id}`, course_code: w.pe.courseId, school_year: NEXT, term: 'Year', alternate: 'Y' },
    ]);
    const gql = await h.gql(
      `mutation($s: Int!, $r: [CourseRequestInput!]!) { setStudentCourseRequests(studentId: $s, requests: $r) { courseCode term alternate } }`,
      { s: w.ana.id, r: [{ courseId: w.alg.id, term: 'Spring' }] },
      w.staffToken,
    );
    expect(gql.data!.setStudentCourseRequests).toEqual([{ courseCode: w.alg.courseId, term: 'Spring', alternate: false }]);
    const gqlStudent = await h.gql(`mutation($s: Int!) { setStudentCourseRequests(studentId: $s, requests: []) { term } }`, { s: w.ana.id }, w.anaToken);
    expect(gqlStudent.errors?.[0]?.extensions?.reason).toBe('COURSE_REQUESTS_STAFF_ONLY');
    expect((await exportRows(w.staffToken)).map((r) => [r.course_code, r.term])).toEqual([[w.alg.courseId, 'Spring']]);
  });
});

describe('a plan term holding kept requests', () => {
  it('is renamed or deleted by staff viewing as the student only, once the window has closed, on both APIs', async () => {
    const w = await school();
    const parent = await h.buildParent({ school: w.s, students: [w.ana] });
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    // Open: the student renames the term of next year as they like.
    const open = await h.api.put('/api/terms/3/').set(h.auth(w.anaToken)).send({ label: 'Junior year' });
    expect([open.status, open.body.academic_year_labels?.[2]]).toEqual([200, 'Junior year']);
    expect((await h.api.put('/api/terms/3/').set(h.auth(w.anaToken)).send({ label: '11th Grade' })).status).toBe(200);

    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    expect((await h.api.get('/api/course-requests/window/').set(h.auth(w.staffToken))).body.window.state).toBe('closed');
    const labels = async () => (await h.db.query(`SELECT academic_year_labels AS l FROM users WHERE id = $1`, [w.ana.id]))[0].l;
    const before = await labels();

    const rename = await h.api.put('/api/terms/3/').set(h.auth(w.anaToken)).send({ label: 'Junior year' });
    expect([rename.status, rename.body.reason, rename.body.params]).toEqual([403, 'COURSE_REQUESTS_CLOSED', { school_year: NEXT }]);
    const gqlRename = await h.gql(`mutation { updateTerm(position: 3, label: "Junior year") { __typename } }`, {}, w.anaToken);
    expect([gqlRename.code, gqlRename.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'COURSE_REQUESTS_CLOSED']);
    const remove = await h.api.delete('/api/terms/3/').set(h.auth(w.anaToken));
    expect([remove.status, remove.body.reason]).toEqual([403, 'COURSE_REQUESTS_CLOSED']);
    // A parent's view changes nothing at all.
    const parentView = await h.services.accounts.issueToken(w.ana.id, { actingUserId: parent.id, readOnly: true });
    const parentRename = await h.api.put('/api/terms/3/').set(h.auth(parentView)).send({ label: 'Junior year' });
    expect([parentRename.status, parentRename.body.reason]).toEqual([403, 'READ_ONLY']);
    const parentDelete = await h.gql(`mutation { deleteTerm(position: 3) { __typename } }`, {}, parentView);
    expect(parentDelete.errors?.[0]?.extensions?.reason).toBe('READ_ONLY');
    expect(await labels()).toEqual(before);

    // Another year's term, and a move that keeps the term's name, stay the student's.
    expect((await h.api.put('/api/terms/2/').set(h.auth(w.anaToken)).send({ label: 'Sophomore year' })).status).toBe(200);
    // Ben has no kept request in that term: his rename is his own.
    expect((await h.api.put('/api/terms/3/').set(h.auth(w.benToken)).send({ label: 'Junior year' })).status).toBe(200);

    // Staff viewing as Ana move her course out: the empty term still holds her kept requests.
    const asAna = await h.services.accounts.issueToken(w.ana.id, { actingUserId: w.staff.id, readOnly: false });
    const [alg] = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [w.ana.id, w.alg.id]);
    expect((await h.api.put(`/api/courses/${alg.id}/`).set(h.auth(asAna)).send({ term: '4' })).status).toBe(200);
    const gqlDelete = await h.gql(`mutation { deleteTerm(position: 3) { __typename } }`, {}, w.anaToken);
    expect([gqlDelete.code, gqlDelete.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'COURSE_REQUESTS_CLOSED']);
    expect((await labels())[2]).toBe('11th Grade');

    // Staff may.
    const staffRename = await h.gql(`mutation { updateTerm(position: 3, label: "Junior year") { __typename } }`, {}, asAna);
    expect(staffRename.errors).toBeUndefined();
    expect((await labels())[2]).toBe('Junior year');
    const staffDelete = await h.api.delete('/api/terms/3/').set(h.auth(asAna));
    expect(staffDelete.status, JSON.stringify(staffDelete.body)).toBe(200);
    expect(await labels()).toEqual(['9th Grade', 'Sophomore year', '12th Grade']);
  });
});

describe('a plan term renamed into the kept year', () => {
  it('is refused to the student while it holds courses, on both APIs; an empty one, and staff viewing as the student, may', async () => {
    const w = await school();
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    expect((await add(w.anaToken, w.pe.id, '4')).status).toBe(201); // the year after: not a request
    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    expect((await h.api.get('/api/course-requests/window/').set(h.auth(w.staffToken))).body.window.state).toBe('closed');
    const labels = async (id: number) => (await h.db.query(`SELECT academic_year_labels AS l FROM users WHERE id = $1`, [id]))[0].l;
    const before = await labels(w.ana.id);

    // "Grade 11" is the kept year's grade: PE would join the requests as submitted.
    const rest = await h.api.put('/api/terms/4/').set(h.auth(w.anaToken)).send({ label: 'Grade 11' });
    expect([rest.status, rest.body.reason, rest.body.params]).toEqual([403, 'COURSE_REQUESTS_CLOSED', { school_year: NEXT }]);
    const gql = await h.gql(`mutation { updateTerm(position: 4, label: "Grade 11") { __typename } }`, {}, w.anaToken);
    expect([gql.code, gql.errors?.[0]?.extensions?.reason]).toEqual(['FORBIDDEN', 'COURSE_REQUESTS_CLOSED']);
    expect(await labels(w.ana.id)).toEqual(before);
    const kept = await h.db.query(`SELECT course_id FROM course_requests WHERE student_id = $1`, [w.ana.id]);
    expect(kept).toEqual([{ course_id: w.alg.id }]);
    // A name that keeps the term out of the kept year is the student's.
    expect((await h.api.put('/api/terms/4/').set(h.auth(w.anaToken)).send({ label: 'Senior year' })).status).toBe(200);

    // Ben's last term is empty: it brings nothing in.
    const ben = await h.api.put('/api/terms/4/').set(h.auth(w.benToken)).send({ label: 'Grade 11' });
    expect(ben.status, JSON.stringify(ben.body)).toBe(200);

    const asAna = await h.services.accounts.issueToken(w.ana.id, { actingUserId: w.staff.id, readOnly: false });
    const staff = await h.gql(`mutation { updateTerm(position: 4, label: "Grade 11") { __typename } }`, {}, asAna);
    expect(staff.errors).toBeUndefined();
    expect((await labels(w.ana.id))[3]).toBe('Grade 11');
  });
});

describe("a student's own course-request window", () => {
  const OWN = `{ myCourseRequestWindow { schoolYear opensOn closesOn state kept } }`;
  const own = async (token: string) => {
    const res = await h.gql(OWN, {}, token);
    expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
    return res.data!.myCourseRequestWindow;
  };

  it('tells the student, and whoever views as them, until when requests for next year are open, then that they closed and are kept', async () => {
    const w = await school();
    const parent = await h.buildParent({ school: w.s, students: [w.ana] });
    const parentView = await h.services.accounts.issueToken(w.ana.id, { actingUserId: parent.id, readOnly: true });
    const staffView = await h.services.accounts.issueToken(w.ana.id, { actingUserId: w.staff.id, readOnly: false });
    expect(await own(w.anaToken)).toBeNull();

    // A window of this school year is no news.
    await setWindow(w.staffToken, { school_year: `${thisEnd - 1}-${thisEnd}`, opens_on: day(-3), closes_on: day(3) });
    expect(await own(w.anaToken)).toBeNull();

    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    const open = { schoolYear: NEXT, opensOn: day(-3), closesOn: day(3), state: 'open', kept: false };
    for (const token of [w.anaToken, parentView, staffView, w.benToken]) expect(await own(token)).toEqual(open);
    // Nothing to show to anyone but a student.
    for (const token of [w.staffToken, await h.tokenFor(parent)]) expect(await own(token)).toBeNull();
    const anonymous = await h.gql(OWN, {});
    expect(anonymous.code).toBe('UNAUTHENTICATED');

    // Staff set Ana's requests: hers are kept while the window is open; Ben's are still his to plan.
    const set = await h.api
      .put(`/api/course-requests/students/${w.ana.id}/`)
      .set(h.auth(w.staffToken))
      .send({ requests: [{ course_id: w.alg.id, term: 'Year' }] });
    expect(set.status).toBe(200);
    expect(await own(w.anaToken)).toEqual({ ...open, kept: true });
    expect(await own(w.benToken)).toEqual(open);

    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    const closed = { schoolYear: NEXT, opensOn: day(-10), closesOn: day(-1), state: 'closed', kept: true };
    for (const token of [w.benToken, w.anaToken, parentView]) expect(await own(token)).toEqual(closed);
  });
});

describe('the SIS export layouts', () => {
  /** Ana (sourcedId S-…) plans Algebra 2 and "CHEM,…"; staff set Ben's (sourcedId @B-…) =ENG… and PE as an alternate. */
  async function requests() {
    const w = await school();
    await h.db.query(`UPDATE users SET sourced_id = $2 WHERE id = $1`, [w.ben.id, `@B-${w.ben.id}`]);
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    expect((await add(w.anaToken, w.alg.id, '3')).status).toBe(201);
    expect((await add(w.anaToken, w.chem.id, '3')).status).toBe(201);
    const set = await h.api
      .put(`/api/course-requests/students/${w.ben.id}/`)
      .set(h.auth(w.staffToken))
      .send({
        requests: [
          { course_id: w.eng.id, term: 'Year' },
          { course_id: w.pe.id, term: 'Year', alternate: true },
        ],
      });
    expect(set.status).toBe(200);
    return w;
  }
  const get = (token: string, query: Record<string, string>) => h.api.get('/api/course-requests/export/').query(query).set(h.auth(token));

  it('writes each layout exactly: header, values, quoting and formulas made inert, on both APIs', async () => {
    const w = await requests();
    const [start, end] = NEXT.split('-');
    const ana = `S-${w.ana.id}`;
    const ben = `'@B-${w.ben.id}`;
    const t = w.s.id;
    const expected: Record<string, string[]> = {
      generic: [
        'student_id,course_code,school_year,term,alternate',
        `${ana},ALG2-${t},${NEXT},Year,N`,
        `${ana},"CHEM,${t}",${NEXT},Year,N`,
        `${ben},'=ENG-${t},${NEXT},Year,N`,
        `${ben},PE-${t},${NEXT},Year,Y`,
      ],
      powerschool: [
        'Student_Number,Course_Number,YearID,Term,Alternate',
        `${ana},ALG2-${t},${Number(start) - 1990},Year,0`,
        `${ana},"CHEM,${t}",${Number(start) - 1990},Year,0`,
        `${ben},'=ENG-${t},${Number(start) - 1990},Year,0`,
        `${ben},PE-${t},${Number(start) - 1990},Year,1`,
      ],
      aeries: [
        'Student ID,Course ID,School Year,Term,Alternate',
        `${ana},ALG2-${t},${NEXT},Year,N`,
        `${ana},"CHEM,${t}",${NEXT},Year,N`,
        `${ben},'=ENG-${t},${NEXT},Year,N`,
        `${ben},PE-${t},${NEXT},Year,Y`,
      ],
      'infinite-campus': [
        'Student Number,Course Number,End Year,Term,Alternate',
        `${ana},ALG2-${t},${end},Year,N`,
        `${ana},"CHEM,${t}",${end},Year,N`,
        `${ben},'=ENG-${t},${end},Year,N`,
        `${ben},PE-${t},${end},Year,Y`,
      ],
    };
    for (const [layout, lines] of Object.entries(expected)) {
      const res = await get(w.staffToken, { layout });
      expect(res.status, res.text).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/csv/);
      expect(res.headers['content-disposition']).toBe(
        layout === 'generic' ? `attachment; filename="course-requests-${NEXT}.csv"` : `attachment; filename="course-requests-${NEXT}-${layout}.csv"`,
      );
      expect(res.text, layout).toBe(lines.join('\r\n') + '\r\n');
      const gql = await h.gql(`query($l: String) { courseRequestsCsv(layout: $l) }`, { l: layout }, w.staffToken);
      expect(gql.data?.courseRequestsCsv, layout).toBe(res.text);
    }
    // No layout: the generic one.
    expect((await get(w.staffToken, {})).text).toBe(expected.generic.join('\r\n') + '\r\n');
  });

  it("writes the school's own columns in its order, and refuses a hostile or malformed mapping or layout on both APIs", async () => {
    const w = await requests();
    const [, end] = NEXT.split('-');
    const mapped = await get(w.staffToken, { layout: 'infinite-campus', columns: 'course_code:Course #,student_id:Student (local) ID,school_year:Year' });
    expect(mapped.status, mapped.text).toBe(200);
    expect(mapped.text.split('\r\n').slice(0, 3)).toEqual([
      'Course #,Student (local) ID,Year',
      `ALG2-${w.s.id},S-${w.ana.id},${end}`,
      `"CHEM,${w.s.id}",S-${w.ana.id},${end}`,
    ]);
    const gql = await h.gql(
      `query($c: [CourseRequestColumnInput!]) { courseRequestsCsv(layout: "infinite-campus", columns: $c) }`,
      {
        c: [
          { field: 'course_code', header: 'Course #' },
          { field: 'student_id', header: 'Student (local) ID' },
          { field: 'school_year', header: 'Year' },
        ],
      },
      w.staffToken,
    );
    expect(gql.data?.courseRequestsCsv).toBe(mapped.text);

    for (const [query, reason] of [
      [{ layout: 'sap' }, 'COURSE_REQUEST_LAYOUT_UNKNOWN'],
      [{ layout: 'PowerSchool' }, 'COURSE_REQUEST_LAYOUT_UNKNOWN'],
      [{ columns: 'student_id:=HYPERLINK("http://x")' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:@SUM(1)' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:+1' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:-1' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:"ID"' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:A,student_id:B' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:ID,course_code:id' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'password_hash:Secret' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id' }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: `student_id:${'x'.repeat(41)}` }, 'COURSE_REQUEST_COLUMNS_INVALID'],
      [{ columns: 'student_id:ID\r\nSet-Cookie: a=b' }, 'CONTROL_CHARACTER'],
    ] as const) {
      const res = await get(w.staffToken, query);
      expect([res.status, res.body.reason], JSON.stringify(query)).toEqual([400, reason]);
    }
    const repeated = await h.api.get('/api/course-requests/export/?layout=aeries&layout=generic').set(h.auth(w.staffToken));
    expect([repeated.status, repeated.body.reason]).toEqual([400, 'COURSE_REQUEST_LAYOUT_UNKNOWN']);
    const gqlBad = await h.gql(`{ courseRequestsCsv(columns: [{ field: "student_id", header: "=1+1" }]) }`, {}, w.staffToken);
    expect([gqlBad.code, gqlBad.errors?.[0]?.extensions?.reason]).toEqual(['BAD_USER_INPUT', 'COURSE_REQUEST_COLUMNS_INVALID']);
    const gqlNone = await h.gql(`mutation { setCourseRequestColumns { field } }`, {}, w.staffToken);
    expect([gqlNone.code, gqlNone.errors?.[0]?.extensions?.reason]).toEqual(['BAD_USER_INPUT', 'COURSE_REQUEST_COLUMNS_INVALID']);
    const gqlLayout = await h.gql(`{ courseRequestsCsv(layout: "sap") }`, {}, w.staffToken);
    expect(gqlLayout.errors?.[0]?.extensions?.reason).toBe('COURSE_REQUEST_LAYOUT_UNKNOWN');
    // A student is refused before any of it.
    const student = await get(w.anaToken, { layout: 'aeries' });
    expect([student.status, student.body.reason]).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
  });

  it("saves the school's own columns as a setting, checked by the same rules, and the school layout writes them, on both APIs", async () => {
    const w = await requests();
    const other = await requests();
    const columns = (token: string) => h.api.get('/api/course-requests/columns/').set(h.auth(token));
    const save = (token: string, body: unknown) =>
      h.api
        .put('/api/course-requests/columns/')
        .set(h.auth(token))
        .send(body as object);
    // None saved: the school layout says so.
    expect((await columns(w.staffToken)).body).toEqual({ columns: null });
    const none = await get(w.staffToken, { layout: 'school' });
    expect([none.status, none.body.reason]).toEqual([400, 'COURSE_REQUEST_COLUMNS_NONE']);

    const saved = await save(w.staffToken, { columns: 'course_code:CourseNumber, student_id:StudentNumber,alternate:Alt' });
    expect([saved.status, saved.body]).toEqual([
      200,
      {
        columns: [
          { field: 'course_code', header: 'CourseNumber' },
          { field: 'student_id', header: 'StudentNumber' },
          { field: 'alternate', header: 'Alt' },
        ],
      },
    ]);
    expect((await columns(w.staffToken)).body).toEqual(saved.body);
    const file = await get(w.staffToken, { layout: 'school' });
    expect(file.status, file.text).toBe(200);
    expect(file.headers['content-disposition']).toBe(`attachment; filename="course-requests-${NEXT}-school.csv"`);
    expect(file.text).toBe(
      [
        'CourseNumber,StudentNumber,Alt',
        `ALG2-${w.s.id},S-${w.ana.id},N`,
        `"CHEM,${w.s.id}",S-${w.ana.id},N`,
        `'=ENG-${w.s.id},'@B-${w.ben.id},N`,
        `PE-${w.s.id},'@B-${w.ben.id},Y`,
      ].join('\r\n') + '\r\n',
    );
    // A columns parameter beside it wins for that one export.
    expect((await get(w.staffToken, { layout: 'school', columns: 'term:T' })).text.split('\r\n')[0]).toBe('T');
    // GraphQL reads the same setting and writes the same file; its mutation saves a list.
    const gqlRead = await h.gql(`{ courseRequestColumns { field header } }`, {}, w.staffToken);
    expect(gqlRead.data?.courseRequestColumns).toEqual(saved.body.columns);
    expect((await h.gql(`{ courseRequestsCsv(layout: "school") }`, {}, w.staffToken)).data?.courseRequestsCsv).toBe(file.text);
    const SET = `mutation($c: [CourseRequestColumnInput!]) { setCourseRequestColumns(columns: $c) { field header } }`;
    const gqlSaved = await h.gql(SET, { c: [{ field: 'school_year', header: 'Year' }] }, w.staffToken);
    expect(gqlSaved.data?.setCourseRequestColumns).toEqual([{ field: 'school_year', header: 'Year' }]);
    expect((await get(w.staffToken, { layout: 'school' })).text.split('\r\n').slice(0, 2)).toEqual(['Year', NEXT]);

    // Refused as the parameter is, the saved setting unchanged: formula-like, quoted, repeated or unknown.
    for (const body of [
      { columns: 'student_id:=HYPERLINK("http://x")' },
      { columns: 'student_id:@SUM(1)' },
      { columns: 'student_id:-1' },
      { columns: 'student_id:"ID"' },
      { columns: 'student_id:A,student_id:B' },
      { columns: 'student_id:ID,course_code:id' },
      { columns: 'password_hash:Secret' },
      { columns: 'student_id' },
      { columns: [{ field: 'student_id', header: `${'x'.repeat(41)}` }] },
      { columns: 42 },
      // No columns named at all: refused, never taken as "clear".
      {},
    ]) {
      const res = await save(w.staffToken, body);
      expect([res.status, res.body.reason], JSON.stringify(body)).toEqual([400, 'COURSE_REQUEST_COLUMNS_INVALID']);
    }
    const gqlBad = await h.gql(SET, { c: [{ field: 'student_id', header: '+1' }] }, w.staffToken);
    expect([gqlBad.code, gqlBad.errors?.[0]?.extensions?.reason]).toEqual(['BAD_USER_INPUT', 'COURSE_REQUEST_COLUMNS_INVALID']);
    expect((await columns(w.staffToken)).body).toEqual({ columns: [{ field: 'school_year', header: 'Year' }] });

    // Another school's setting is its own; students and parents neither read nor save it.
    expect((await columns(other.staffToken)).body).toEqual({ columns: null });
    const parent = await h.tokenFor(await h.buildParent({ school: w.s, students: [w.ana] }));
    for (const token of [w.anaToken, parent]) {
      expect((await columns(token)).body.reason).toBe('COURSE_REQUESTS_STAFF_ONLY');
      const res = await save(token, { columns: 'student_id:ID' });
      expect([res.status, res.body.reason]).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
      expect((await h.gql(SET, { c: [{ field: 'term', header: 'T' }] }, token)).errors?.[0]?.extensions?.reason).toBe('COURSE_REQUESTS_STAFF_ONLY');
    }
    // Cleared with null: none saved again.
    expect((await save(w.staffToken, { columns: null })).body).toEqual({ columns: null });
    expect((await get(w.staffToken, { layout: 'school' })).body.reason).toBe('COURSE_REQUEST_COLUMNS_NONE');
  });
});

describe('course demand', () => {
  const DEMAND = `query($y: String) { courseDemand(schoolYear: $y) { schoolYear classSize grades courses { courseId courseCode requested alternates byGrade { grade count } sections } } }`;

  /** Nine students in grades 9 to 11 now plan some of four courses for next year; two also ask PE as an alternate. */
  async function planned() {
    const w = await school();
    await setWindow(w.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    const courses = [w.alg, w.chem, w.eng, w.pe];
    const grades = ['9', '10', '10', '11', '11', '10', '9', '11', '10'];
    const students = [w.ana, w.ben];
    for (const g of grades.slice(2)) students.push(await h.buildStudent({ school: w.s, grade: g }));
    await h.db.query(`UPDATE users SET grade = $2 WHERE id = $1`, [w.ana.id, grades[0]]);
    for (const [i, s] of students.entries()) {
      // Next year's term: grade now + 1, the n-th of 9th..12th Grade.
      const term = String(Number(grades[i]) + 1 - 8);
      const token = await h.tokenFor(s);
      for (const [j, c] of courses.entries()) if ((i + j) % 3 !== 0) expect((await add(token, c.id, term)).status).toBe(201);
    }
    for (const s of students.slice(0, 2)) {
      const keep = await h.api
        .put(`/api/course-requests/students/${s.id}/`)
        .set(h.auth(w.staffToken))
        .send({
          requests: [
            { course_id: w.alg.id, term: 'Year' },
            { course_id: w.pe.id, term: 'Year', alternate: true },
          ],
        });
      expect(keep.status).toBe(200);
    }
    return { ...w, students };
  }

  it('counts each course by grade as a direct count of the kept requests does, with the sections at the class size, on both APIs and as a CSV', async () => {
    const w = await planned();
    const open = await h.api.get('/api/course-requests/demand/').set(h.auth(w.staffToken));
    expect(open.status, open.text).toBe(200);
    // The close keeps the requests: the report is the same before and after.
    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    const res = await h.api.get('/api/course-requests/demand/').query({ school_year: NEXT }).set(h.auth(w.staffToken));
    expect(res.body).toEqual(open.body);
    expect(res.body.class_size).toBe(30);

    const direct: { course_id: number; code: string; grade: string; n: number; alt: number }[] = await h.db.query(
      `SELECT r.course_id, c.course_id AS code, (u.grade::int + 1)::text AS grade,
              count(DISTINCT r.student_id) FILTER (WHERE NOT r.alternate)::int AS n, count(DISTINCT r.student_id) FILTER (WHERE r.alternate)::int AS alt
         FROM course_requests r JOIN users u ON u.id = r.student_id JOIN courses c ON c.id = r.course_id
        WHERE r.school_id = $1 AND r.school_year = $2 GROUP BY r.course_id, c.course_id, u.grade ORDER BY c.course_id, grade`,
      [w.s.id, NEXT],
    );
    expect(direct.length).toBeGreaterThan(4);
    const fromDb = new Map<number, { course_code: string; requested: number; alternates: number; by_grade: { grade: string; count: number }[] }>();
    for (const d of direct) {
      const row = fromDb.get(d.course_id) ?? { course_code: d.code, requested: 0, alternates: 0, by_grade: [] };
      row.requested += d.n;
      row.alternates += d.alt;
      if (d.n) row.by_grade.push({ grade: d.grade, count: d.n });
      fromDb.set(d.course_id, row);
    }
    expect(
      res.body.results.map((r: { course_id: number; course_code: string; requested: number; alternates: number; by_grade: unknown }) => [
        r.course_id,
        { course_code: r.course_code, requested: r.requested, alternates: r.alternates, by_grade: r.by_grade },
      ]),
    ).toEqual([...fromDb].sort((a, b) => (a[1].course_code < b[1].course_code ? -1 : 1)));
    expect(res.body.grades).toEqual(['10', '11', '12']);
    expect(res.body.results.every((r: { requested: number; sections: number }) => r.sections === Math.ceil(r.requested / 30))).toBe(true);

    // The class size is the school's: 2 a section.
    const size = await h.api.put('/api/course-requests/class-size/').set(h.auth(w.staffToken)).send({ class_size: 2 });
    expect([size.status, size.body]).toEqual([200, { class_size: 2 }]);
    const gql = await h.gql(DEMAND, { y: NEXT }, w.staffToken);
    expect(gql.errors).toBeUndefined();
    const demand = gql.data!.courseDemand;
    expect(demand.classSize).toBe(2);
    expect(demand.courses.map((c: { courseId: number; requested: number; sections: number }) => [c.courseId, c.requested, c.sections])).toEqual(
      res.body.results.map((r: { course_id: number; requested: number }) => [r.course_id, r.requested, Math.ceil(r.requested / 2)]),
    );

    // The CSV: one column per grade.
    const csv = await h.api.get('/api/course-requests/demand/export/').set(h.auth(w.staffToken));
    expect(csv.status).toBe(200);
    expect(csv.headers['content-disposition']).toBe(`attachment; filename="course-demand-${NEXT}.csv"`);
    const lines = csv.text.split('\r\n');
    expect(lines[0]).toBe('course_code,course_title,requested,grade_10,grade_11,grade_12,alternates,sections');
    const alg = demand.courses.find((c: { courseId: number }) => c.courseId === w.alg.id);
    const cnt = (g: string) => alg.byGrade.find((x: { grade: string }) => x.grade === g)?.count ?? 0;
    expect(lines).toContain(`ALG2-${w.s.id},Algebra 2,${alg.requested},${cnt('10')},${cnt('11')},${cnt('12')},${alg.alternates},${alg.sections}`);
    // A code starting with = is made inert.
    const eng = demand.courses.find((c: { courseId: number }) => c.courseId === w.eng.id);
    expect(lines.find((l) => l.includes('ENG-'))).toMatch(new RegExp(`^'=ENG-${w.s.id},English 11,${eng.requested},`));
    expect((await h.gql(`{ courseDemandCsv }`, {}, w.staffToken)).data!.courseDemandCsv).toBe(csv.text);

    // The students behind a number: Algebra 2 of grade 11.
    const behind = await h.api.get('/api/course-requests/demand/students/').query({ course_id: w.alg.id, grade: '11' }).set(h.auth(w.staffToken));
    expect(behind.status).toBe(200);
    const expectedIds: number[] = (
      await h.db.query(
        `SELECT r.student_id FROM course_requests r JOIN users u ON u.id = r.student_id
          WHERE r.course_id = $1 AND NOT r.alternate AND u.grade = '10' ORDER BY r.student_id`,
        [w.alg.id],
      )
    ).map((r: { student_id: number }) => r.student_id);
    expect(behind.body.results.map((s: { student_id: number }) => s.student_id).sort((a: number, b: number) => a - b)).toEqual(expectedIds);
    expect(behind.body.results.length).toBe(cnt('11'));
    expect(behind.body.results.every((s: { grade: string; name: string }) => s.grade === '11' && s.name.length > 0)).toBe(true);
    const alternates = await h.gql(`query($c: Int!) { courseDemandStudents(courseId: $c, alternates: true) { studentId grade } }`, { c: w.pe.id }, w.staffToken);
    expect(alternates.data!.courseDemandStudents.map((s: { studentId: number }) => s.studentId).sort()).toEqual([w.ana.id, w.ben.id].sort());
  });

  it('answers on one database connection, as on the embedded database, the first read after the close included', async () => {
    const w = await planned();
    const api = await h.appWithOneConnection();
    const read = async () => {
      for (const path of [
        '/api/course-requests/demand/',
        '/api/course-requests/demand/export/',
        `/api/course-requests/demand/students/?course_id=${w.alg.id}&grade=11`,
        '/api/course-requests/export/?layout=aeries',
      ]) {
        const res = await api.get(path).set(h.auth(w.staffToken)).timeout(30_000);
        expect(res.status, path).toBe(200);
      }
    };
    await read();
    await h.db.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [w.s.id, day(-10), day(-1)]);
    await read();
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM course_request_submissions WHERE school_id = $1`, [w.s.id]);
    expect(n).toBe(w.students.length);
  });

  it('is read by staff of the school only: students and parents refused, another school sees only its own, bad input refused', async () => {
    const w = await planned();
    const other = await school();
    const parent = await h.buildParent({ school: w.s, students: [w.ana] });
    const paths = ['/api/course-requests/demand/', '/api/course-requests/demand/export/', `/api/course-requests/demand/students/?course_id=${w.alg.id}`];
    for (const token of [w.anaToken, await h.tokenFor(parent)]) {
      for (const path of paths) {
        const res = await h.api.get(path).set(h.auth(token));
        expect([res.status, res.body.reason], path).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
      }
      const size = await h.api.put('/api/course-requests/class-size/').set(h.auth(token)).send({ class_size: 5 });
      expect([size.status, size.body.reason]).toEqual([403, 'COURSE_REQUESTS_STAFF_ONLY']);
    }
    for (const q of [
      DEMAND,
      `{ courseDemandCsv }`,
      `{ courseDemandStudents(courseId: ${w.alg.id}) { studentId } }`,
      `mutation { setCourseDemandClassSize(classSize: 5) }`,
    ]) {
      const gql = await h.gql(q, { y: NEXT }, w.anaToken);
      expect(gql.errors?.[0]?.extensions?.reason, q).toBe('COURSE_REQUESTS_STAFF_ONLY');
    }
    expect((await h.api.get('/api/course-requests/demand/')).status).toBe(401);
    // Another school's staff: no window of theirs; with one, their own demand, none of this school's students.
    const none = await h.api.get('/api/course-requests/demand/').set(h.auth(other.staffToken));
    expect([none.status, none.body.reason]).toEqual([404, 'COURSE_REQUEST_WINDOW_NONE']);
    await setWindow(other.staffToken, { school_year: NEXT, opens_on: day(-3), closes_on: day(3) });
    const theirs = await h.api.get('/api/course-requests/demand/').set(h.auth(other.staffToken));
    expect(theirs.body.results).toEqual([]);
    const probe = await h.api.get('/api/course-requests/demand/students/').query({ course_id: w.alg.id }).set(h.auth(other.staffToken));
    expect([probe.status, probe.body.results]).toEqual([200, []]);
    const missing = await h.api.get('/api/course-requests/demand/students/').query({ course_id: 2147483647 }).set(h.auth(w.staffToken));
    expect([missing.status, missing.body.reason]).toEqual([404, 'COURSE_NOT_FOUND']);
    await h.api.put('/api/course-requests/class-size/').set(h.auth(other.staffToken)).send({ class_size: 7 });
    expect((await h.api.get('/api/course-requests/demand/').set(h.auth(w.staffToken))).body.class_size).toBe(30);

    for (const body of [{ class_size: 0 }, { class_size: 201 }, { class_size: '30' }, { class_size: 2.5 }, {}]) {
      const res = await h.api.put('/api/course-requests/class-size/').set(h.auth(w.staffToken)).send(body);
      expect([res.status, res.body.reason], JSON.stringify(body)).toEqual([400, 'COURSE_DEMAND_CLASS_SIZE']);
    }
    const gqlSize = await h.gql(`mutation { setCourseDemandClassSize(classSize: -3) }`, {}, w.staffToken);
    expect(gqlSize.errors?.[0]?.extensions?.reason).toBe('COURSE_DEMAND_CLASS_SIZE');
    for (const [q, reason] of [
      [{ course_id: 'x' }, 'ID_INVALID'],
      [{ course_id: w.alg.id, grade: "11' OR 1=1" }, 'COURSE_DEMAND_GRADE_INVALID'],
      [{ course_id: w.alg.id, alternates: 'maybe' }, 'INVALID_INPUT'],
      [{ course_id: w.alg.id, school_year: '2027' }, 'COURSE_REQUEST_YEAR_INVALID'],
    ] as const) {
      const res = await h.api.get('/api/course-requests/demand/students/').query(q).set(h.auth(w.staffToken));
      expect([res.status, res.body.reason], JSON.stringify(q)).toEqual([400, reason]);
    }
    const [{ size }] = await h.db.query(`SELECT course_request_class_size AS size FROM schools WHERE id = $1`, [w.s.id]);
    expect(size).toBe(30);
  });
});
