/** The staff's students list: scope, search, sort and paging, through REST and GraphQL. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';

const h = useHarness();

let school: School;
let otherSchool: School;
let staffToken: string;
let alice: User;
let bob: User;
let carol: User;
let outsider: User;

beforeAll(async () => {
  school = await h.buildSchool({ name: 'Students List High Test' });
  otherSchool = await h.buildSchool();
  alice = await h.buildStudent({ school, firstName: 'alice', lastName: 'Young', grade: '11' });
  bob = await h.buildStudent({ school, firstName: 'Bob', lastName: 'Xavier', grade: '9' });
  carol = await h.buildStudent({ school, firstName: 'Carol', lastName: 'Zed', grade: '12' });
  outsider = await h.buildStudent({ school: otherSchool, firstName: 'Olive', lastName: 'Outside' });
  // Staff, parents and other non-students of the school are not listed.
  await h.buildParent({ school, students: [alice] });
  await h.buildStaff({ school, firstName: 'Another' });
  await h.db.query(`INSERT INTO consent_forms (student_id, school_id) VALUES ($1, $2)`, [bob.id, school.id]);
  await h.db.query(`UPDATE users SET ccc_apply_status = 'Submitted' WHERE id = $1`, [carol.id]);
  staffToken = await h.tokenFor(await h.buildStaff({ school }));
});

const list = (query = '', token = staffToken) => h.api.get(`/api/students-in-school/${query}`).set(h.auth(token));
const ids = (rows: { id: number }[]) => rows.map((r) => r.id);

const STUDENTS = `query ($first: Int, $after: String, $search: String, $sort: StudentSort, $descending: Boolean, $schoolId: Int) {
  students(first: $first, after: $after, search: $search, sort: $sort, descending: $descending, schoolId: $schoolId) {
    totalCount hasNextPage endCursor
    nodes { id firstName lastName email grade parentCode parentConsentFormState cccApplyStatus school { name } }
  } }`;

describe('students-in-school', () => {
  it("lists the staff member's school's students only, by first name, with the spec fields", async () => {
    const res = await list();
    expect(res.status).toBe(200);
    expect(ids(res.body)).toEqual([alice.id, bob.id, carol.id]);
    expect(res.body[1]).toEqual({
      id: bob.id,
      first_name: 'Bob',
      last_name: 'Xavier',
      email: bob.email,
      grade: '9',
      ccc_apply_status: null,
      parent_consent_form_state: 'admin_signed',
      parent_code: bob.parentCode,
      school: { id: school.id, name: 'Students List High Test', four_year_plan_enabled: true },
    });
    expect(res.body[0].parent_consent_form_state).toBeNull();
    expect(ids(res.body)).not.toContain(outsider.id);
  });

  it('gives the demo admin the demo student and no student of another school', async () => {
    const res = await list('', await h.login(DEMO.admin));
    const student = await h.userByEmail(DEMO.student);
    expect(ids(res.body)).toContain(student.id);
    expect(ids(res.body)).not.toContain(alice.id);
    expect(ids(res.body)).not.toContain(outsider.id);
    for (const row of res.body) expect(row.school.name).toBe('Lincoln High School');
  });

  it('searches first name, last name and email, case-insensitively', async () => {
    expect(ids((await list('?search=XAV')).body)).toEqual([bob.id]);
    expect(ids((await list('?search=car')).body)).toEqual([carol.id]);
    expect(ids((await list(`?search=${encodeURIComponent(alice.email.split('@')[0].slice(-12))}`)).body)).toEqual([alice.id]);
    expect((await list('?search=Outside')).body).toEqual([]);
    // LIKE wildcards are taken literally.
    expect((await list('?search=%25')).body).toEqual([]);
    expect((await list('?search=_')).body).toEqual([]);
  });

  it('sorts by a column in either direction', async () => {
    expect(ids((await list('?sort=last_name')).body)).toEqual([bob.id, alice.id, carol.id]);
    expect(ids((await list('?sort=last_name&order=desc')).body)).toEqual([carol.id, alice.id, bob.id]);
    expect(ids((await list('?sort=first_name&order=desc')).body)).toEqual([carol.id, bob.id, alice.id]);
    // Grades sort as numbers: 9, 11, 12.
    expect(ids((await list('?sort=grade')).body)).toEqual([bob.id, alice.id, carol.id]);
    expect(ids((await list('?sort=grade&order=desc')).body)).toEqual([carol.id, alice.id, bob.id]);
    // An unknown column falls back to first name, never into the SQL.
    expect(ids((await list('?sort=id;drop')).body)).toEqual([alice.id, bob.id, carol.id]);
  });

  it('shows, searches and sorts the CCCApply status, finding missing ones as Not Set', async () => {
    const rows = (await list()).body;
    expect(rows.find((r: any) => r.id === carol.id).ccc_apply_status).toBe('Submitted');
    expect(rows.find((r: any) => r.id === bob.id).ccc_apply_status).toBeNull();
    expect(ids((await list('?search=SUBMIT')).body)).toEqual([carol.id]);
    expect(ids((await list('?search=not%20set')).body)).toEqual([alice.id, bob.id]);
    expect(ids((await list('?sort=ccc_apply_status')).body)).toEqual([carol.id, alice.id, bob.id]);
  });

  it('pages with page_size and the X-Next-Cursor header', async () => {
    const first = await list('?page_size=2');
    expect(ids(first.body)).toEqual([alice.id, bob.id]);
    const cursor = first.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const second = await list(`?page_size=2&cursor=${cursor}`);
    expect(ids(second.body)).toEqual([carol.id]);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('refuses students (403), parents (403) and callers without a token (401)', async () => {
    const res = await list('', await h.tokenFor(alice));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You do not have permission to perform this action.' });
    expect((await list('', await h.tokenFor(await h.buildParent({ school })))).status).toBe(403);
    expect((await h.api.get('/api/students-in-school/')).status).toBe(401);
  });
});

describe('students (GraphQL)', () => {
  it('pages with first and after', async () => {
    const p1 = await h.gql(STUDENTS, { first: 2 }, staffToken);
    expect(p1.errors).toBeUndefined();
    const c1 = p1.data!.students;
    expect(c1.totalCount).toBe(3);
    expect(c1.hasNextPage).toBe(true);
    expect(ids(c1.nodes)).toEqual([alice.id, bob.id]);
    expect(c1.nodes[1]).toMatchObject({ firstName: 'Bob', grade: '9', parentConsentFormState: 'admin_signed', school: { name: 'Students List High Test' } });

    const p2 = await h.gql(STUDENTS, { first: 2, after: c1.endCursor }, staffToken);
    const c2 = p2.data!.students;
    expect(ids(c2.nodes)).toEqual([carol.id]);
    expect(c2.hasNextPage).toBe(false);
    expect(c2.totalCount).toBe(3);
  });

  it('searches and sorts', async () => {
    const found = await h.gql(STUDENTS, { search: 'young' }, staffToken);
    expect(ids(found.data!.students.nodes)).toEqual([alice.id]);
    expect(found.data!.students.totalCount).toBe(1);
    const sorted = await h.gql(STUDENTS, { sort: 'last_name', descending: true }, staffToken);
    expect(ids(sorted.data!.students.nodes)).toEqual([carol.id, alice.id, bob.id]);
  });

  it('narrows to one of the schools the staff member reaches, and never beyond them', async () => {
    const staff = await h.buildStaff({ school });
    const token = await h.tokenFor(staff);
    // A second school comes from a sign-up code of that school (staff cannot join one themselves).
    await h.db.query('INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2)', [staff.id, otherSchool.id]);
    const both = await h.gql(STUDENTS, {}, token);
    expect(ids(both.data!.students.nodes).sort()).toEqual([alice.id, bob.id, carol.id, outsider.id].sort());
    const one = await h.gql(STUDENTS, { schoolId: otherSchool.id }, token);
    expect(ids(one.data!.students.nodes)).toEqual([outsider.id]);
    const lincoln = await h.schoolNamed('Lincoln High School');
    const foreign = await h.gql(STUDENTS, { schoolId: lincoln.id }, token);
    expect(foreign.data!.students).toMatchObject({ nodes: [], totalCount: 0 });
  });

  it('refuses a bad page size or cursor with a message', async () => {
    const size = await h.gql(STUDENTS, { first: 0 }, staffToken);
    expect(size.code).toBe('BAD_USER_INPUT');
    expect(size.errors![0].message).toBe('Page size must be between 1 and 500.');
    const cursor = await h.gql(STUDENTS, { after: 'garbage' }, staffToken);
    expect(cursor.code).toBe('BAD_USER_INPUT');
    expect(cursor.errors![0].message).toBe('Invalid page cursor.');
  });

  it('lists the distinct grades of the students, sorted numerically, to staff only', async () => {
    const g = await h.gql('{ studentGrades }', {}, staffToken);
    expect(g.data!.studentGrades).toEqual(['9', '11', '12']);
    expect((await h.gql('{ studentGrades }', {}, await h.tokenFor(alice))).code).toBe('FORBIDDEN');
  });

  it('refuses a student caller', async () => {
    const g = await h.gql(STUDENTS, {}, await h.tokenFor(alice));
    expect(g.code).toBe('FORBIDDEN');
    expect(g.data).toBeNull();
  });
});
