/** Listing, creating, joining schools and the school of record, through REST and GraphQL. */
import { describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import { User } from '../accounts/user.entity.js';
import { SchoolType } from './school.entity.js';

const h = useHarness();

const TYPE_INVALID = 'School type must be HS (High School) or CLG (College).';
const UNKNOWN_UUID = '00000000-0000-4000-8000-000000000000';
const SCHOOL_FIELDS = 'id uuid name schoolType location primaryColor dualSchoolEnabled fourYearPlanEnabled';

describe('list schools', () => {
  it('lists every school by name for a signed-in user (REST)', async () => {
    const extra = await h.buildSchool({ name: 'Aardvark Academy Test', schoolType: SchoolType.CLG, location: 'NV' });
    const token = await h.tokenFor(await h.buildStudent());
    const res = await h.api.get('/api/schools/').set(h.auth(token));
    expect(res.status).toBe(200);
    const names: string[] = res.body.map((s: { name: string }) => s.name);
    expect(names).toEqual(expect.arrayContaining(['Lincoln High School', 'Valley Community College', 'Dual School', extra.name]));
    // By name: A before D before L before V.
    const at = (n: string) => names.indexOf(n);
    expect(at(extra.name)).toBeLessThan(at('Dual School'));
    expect(at('Dual School')).toBeLessThan(at('Lincoln High School'));
    expect(at('Lincoln High School')).toBeLessThan(at('Valley Community College'));
    const row = res.body.find((s: { uuid: string }) => s.uuid === extra.uuid);
    expect(row).toMatchObject({ name: 'Aardvark Academy Test', school_type: 'CLG', location: 'NV', four_year_plan_enabled: true });
  });

  it('lists them through GraphQL', async () => {
    const g = await h.gql(`{ schools { ${SCHOOL_FIELDS} } }`, {}, await h.tokenFor(await h.buildStudent()));
    expect(g.errors).toBeUndefined();
    expect(g.data!.schools.find((s: { name: string }) => s.name === 'Valley Community College')).toMatchObject({ schoolType: 'CLG', location: 'CA' });
  });

  it('needs a token: 401 on REST, UNAUTHENTICATED on GraphQL', async () => {
    const res = await h.api.get('/api/schools/');
    expect(res.status).toBe(401);
    expect(res.body.error).toBe('Authentication credentials were not provided or are invalid.');
    const g = await h.gql(`{ schools { id } }`);
    expect(g.code).toBe('UNAUTHENTICATED');
    expect(g.data).toBeNull();
  });
});

describe('create school', () => {
  it('creates the school as staff (201, uuid, membership), then it can become the school of record', async () => {
    const staff = await h.buildStaff({ school: null });
    const token = await h.tokenFor(staff);
    const res = await h.api.post('/api/schools/').set(h.auth(token)).send({ name: '  Ridge High Test ', school_type: 'HS', location: 'OR' });
    expect(res.status).toBe(201);
    expect(res.body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(res.body).toMatchObject({ name: 'Ridge High Test', school_type: 'HS', location: 'OR' });

    const [school] = await h.db.query(`SELECT id, name FROM schools WHERE uuid = $1`, [res.body.uuid]);
    expect(school.name).toBe('Ridge High Test');
    expect(await h.db.query(`SELECT 1 AS one FROM school_memberships WHERE user_id = $1 AND school_id = $2`, [staff.id, school.id])).toEqual([{ one: 1 }]);

    const set = await h.api.post(`/api/set-school-of-record/${res.body.uuid}/`).set(h.auth(token));
    expect(set.status).toBe(200);
    expect(set.body.school.uuid).toBe(res.body.uuid);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: staff.id })).schoolId).toBe(school.id);
    const me = await h.api.get('/api/current-user/').set(h.auth(token));
    expect(me.body.school).toMatchObject({ uuid: res.body.uuid, name: 'Ridge High Test' });
  });

  it('creates through GraphQL, and setSchoolOfRecord works there too', async () => {
    const staff = await h.buildStaff();
    const token = await h.tokenFor(staff);
    const g = await h.gql(
      `mutation ($i: CreateSchoolInput!) { createSchool(input: $i) { ${SCHOOL_FIELDS} } }`,
      { i: { name: 'Bay College Test', schoolType: 'clg', location: 'CA' } },
      token,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.createSchool).toMatchObject({ name: 'Bay College Test', schoolType: 'CLG', location: 'CA' });
    const uuid: string = g.data!.createSchool.uuid;
    const set = await h.gql(`mutation ($u: String!) { setSchoolOfRecord(uuid: $u) { uuid } }`, { u: uuid }, token);
    expect(set.data).toEqual({ setSchoolOfRecord: { uuid } });
    const me = await h.gql(`{ currentUser { school { uuid name } } }`, {}, token);
    expect(me.data!.currentUser.school).toEqual({ uuid, name: 'Bay College Test' });
  });

  it('is refused for a student (403) and creates nothing', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const res = await h.api.post('/api/schools/').set(h.auth(token)).send({ name: 'Student School Test', school_type: 'HS', location: 'CA' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You do not have permission to perform this action.' });
    const g = await h.gql(`mutation { createSchool(input: { name: "Student School Test", schoolType: "HS", location: "CA" }) { id } }`, {}, token);
    expect(g.code).toBe('FORBIDDEN');
    expect(await h.db.query(`SELECT 1 FROM schools WHERE name = 'Student School Test'`)).toEqual([]);
  });

  it('refuses a school type other than HS or CLG with the message', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const res = await h.api.post('/api/schools/').set(h.auth(token)).send({ name: 'Odd School Test', school_type: 'MS', location: 'CA' });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: TYPE_INVALID });
    const g = await h.gql(`mutation { createSchool(input: { name: "Odd School Test", schoolType: "", location: "CA" }) { id } }`, {}, token);
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe(TYPE_INVALID);
    expect(await h.db.query(`SELECT 1 FROM schools WHERE name = 'Odd School Test'`)).toEqual([]);
  });

  it('asks for the name and the state', async () => {
    const token = await h.tokenFor(await h.buildStaff());
    const noName = await h.api.post('/api/schools/').set(h.auth(token)).send({ name: ' ', school_type: 'HS', location: 'CA' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ error: 'Please enter the school name.' });
    const noState = await h.api.post('/api/schools/').set(h.auth(token)).send({ name: 'Stateless Test', school_type: 'HS' });
    expect(noState.status).toBe(400);
    expect(noState.body).toMatchObject({ error: 'Please enter the state.' });
  });

  it('needs a token', async () => {
    expect((await h.api.post('/api/schools/').send({ name: 'X', school_type: 'HS', location: 'CA' })).status).toBe(401);
  });
});

describe('join school', () => {
  it("sets a student's school and the college year labels (REST)", async () => {
    const student = await h.buildStudent();
    const token = await h.tokenFor(student);
    const college = await h.schoolNamed('Valley Community College');
    const res = await h.api.post(`/api/schools/${college.uuid}/join/`).set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body.school.uuid).toBe(college.uuid);
    const saved = await h.db.getRepository(User).findOneByOrFail({ id: student.id });
    expect(saved.schoolId).toBe(college.id);
    expect(saved.academicYearLabels).toEqual(['1st Year', '2nd Year']);
    const me = await h.api.get('/api/current-user/').set(h.auth(token));
    expect(me.body.school.name).toBe('Valley Community College');
    expect(me.body.academic_year_labels).toEqual(['1st Year', '2nd Year']);
  });

  it('sets the four high-school labels when joining an HS (GraphQL)', async () => {
    const student = await h.buildStudent({ school: null, academicYearLabels: [] });
    const hs = await h.buildSchool({ schoolType: SchoolType.HS });
    const g = await h.gql(`mutation ($u: String!) { joinSchool(uuid: $u) { uuid name } }`, { u: hs.uuid }, await h.tokenFor(student));
    expect(g.data).toEqual({ joinSchool: { uuid: hs.uuid, name: hs.name } });
    const saved = await h.db.getRepository(User).findOneByOrFail({ id: student.id });
    expect(saved.schoolId).toBe(hs.id);
    expect(saved.academicYearLabels).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade']);
  });

  it('refuses staff who already have a school joining another one (their records stay closed)', async () => {
    const home = await h.buildSchool();
    const staff = await h.buildStaff({ school: home });
    const other = await h.buildSchool();
    const token = await h.tokenFor(staff);
    const res = await h.api.post(`/api/schools/${other.uuid}/join/`).set(h.auth(token));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'Staff get access to another school through a sign-up code from that school.' });
    // Joining their own school again is harmless.
    expect((await h.api.post(`/api/schools/${home.uuid}/join/`).set(h.auth(token))).status).toBe(200);
    expect((await h.db.getRepository(User).findOneByOrFail({ id: staff.id })).schoolId).toBe(home.id);
    const rows = await h.db.query(`SELECT school_id FROM school_memberships WHERE user_id = $1 ORDER BY school_id`, [staff.id]);
    expect(rows).toEqual([{ school_id: home.id }]);
  });

  it('answers 404 for an unknown school', async () => {
    const token = await h.tokenFor(await h.buildStudent());
    const res = await h.api.post(`/api/schools/${UNKNOWN_UUID}/join/`).set(h.auth(token));
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'School not found.' });
    // Not a uuid at all: bad input, not "not found" (core/ids.ts).
    const bad = await h.api.post('/api/schools/not-a-uuid/join/').set(h.auth(token));
    expect([bad.status, bad.body]).toEqual([400, { error: 'Not a valid school id: expected a uuid.', reason: 'UUID_INVALID', params: { what: 'school' } }]);
    const g = await h.gql(`mutation ($u: String!) { joinSchool(uuid: $u) { id } }`, { u: UNKNOWN_UUID }, token);
    expect(g.code).toBe('NOT_FOUND');
  });

  it('asks a student to select a school when none is given (GraphQL)', async () => {
    const g = await h.gql(`mutation { joinSchool(uuid: "") { id } }`, {}, await h.tokenFor(await h.buildStudent()));
    expect(g.code).toBe('BAD_USER_INPUT');
    expect(g.errors![0].message).toBe('Please select a school.');
  });

  it('is refused for a parent', async () => {
    const lincoln = await h.schoolNamed('Lincoln High School');
    const res = await h.api.post(`/api/schools/${lincoln.uuid}/join/`).set(h.auth(await h.tokenFor(await h.buildParent())));
    expect(res.status).toBe(403);
  });
});

describe('set school of record', () => {
  it('refuses a school the user is not a member of (403) and keeps the old one', async () => {
    const home = await h.buildSchool();
    const staff = await h.buildStaff({ school: home });
    const token = await h.tokenFor(staff);
    const lincoln = await h.schoolNamed('Lincoln High School');
    const res = await h.api.post(`/api/set-school-of-record/${lincoln.uuid}/`).set(h.auth(token));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'You are not a member of this school.' });
    const g = await h.gql(`mutation ($u: String!) { setSchoolOfRecord(uuid: $u) { id } }`, { u: lincoln.uuid }, token);
    expect(g.code).toBe('FORBIDDEN');
    expect((await h.db.getRepository(User).findOneByOrFail({ id: staff.id })).schoolId).toBe(home.id);
  });

  it('answers 404 for an unknown school', async () => {
    const res = await h.api.post(`/api/set-school-of-record/${UNKNOWN_UUID}/`).set(h.auth(await h.tokenFor(await h.buildStaff())));
    expect(res.status).toBe(404);
  });
});

describe('accessible schools', () => {
  it('lists the school of record and every membership, nothing else', async () => {
    const home = await h.buildSchool({ name: 'Zeta High Test' });
    const joined = await h.buildSchool({ name: 'Alpha College Test', schoolType: SchoolType.CLG });
    const staff = await h.buildStaff({ school: home });
    const token = await h.tokenFor(staff);
    // A second school comes from a sign-up code of that school (staff cannot join one themselves).
    await h.db.query('INSERT INTO school_memberships (user_id, school_id) VALUES ($1, $2)', [staff.id, joined.id]);

    const res = await h.api.get('/api/accessible-schools/').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body.map((s: { uuid: string }) => s.uuid)).toEqual([joined.uuid, home.uuid]);
    const g = await h.gql(`{ accessibleSchools { uuid } }`, {}, token);
    expect(g.data!.accessibleSchools).toEqual([{ uuid: joined.uuid }, { uuid: home.uuid }]);
  });

  it('is empty for a user without a school, and needs a token', async () => {
    const token = await h.tokenFor(await h.buildStaff({ school: null }));
    expect((await h.api.get('/api/accessible-schools/').set(h.auth(token))).body).toEqual([]);
    expect((await h.api.get('/api/accessible-schools/')).status).toBe(401);
  });
});

it('the demo admin reaches Lincoln', async () => {
  const res = await h.api.get('/api/accessible-schools/').set(h.auth(await h.login(DEMO.admin)));
  expect(res.body.map((s: { name: string }) => s.name)).toEqual(['Lincoln High School']);
});
