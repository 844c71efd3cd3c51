/** Pathways, requirements, course fulfilment and requirement progress through REST and GraphQL. */
import { graphql } from 'graphql';
import { describe, expect, it } from 'vitest';
import { countQueries } from '../../db/query-counter.js';
import { buildAppSchema } from '../../graphql/schema.js';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { DEMO, useHarness } from '../../test/harness.js';
import { SchoolType, type School } from '../schools/school.entity.js';
import { attach, buildCourse, buildPathway, buildRequirement, contextFor, partner, schedule, transfer } from './pathways.factories.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

const UNKNOWN = '00000000-0000-4000-8000-000000000000';
const FORBIDDEN = 'You do not have permission to perform this action.';

/** A high school with staff and a student, and its partner college. */
async function world(o: { fullAccess?: boolean } = {}) {
  const hs = await h.buildSchool({ hsFullAccessEnabled: o.fullAccess ?? false, primaryColor: '#123456' });
  const college = await h.buildSchool({ schoolType: SchoolType.CLG, primaryColor: '#0b6e4f' });
  await partner(h, hs, college);
  const staff = await h.buildStaff({ school: hs });
  const student = await h.buildStudent({ school: hs });
  return { hs, college, staff, student, staffToken: await h.tokenFor(staff), studentToken: await h.tokenFor(student) };
}

describe('list and read pathways (REST)', () => {
  it('lists the pathways of the own school and its partners by name, with requirement uuids and names', async () => {
    const w = await world();
    const zoo = await buildPathway(h, w.hs, { name: 'zoology', color: 'green' });
    const arts = await buildPathway(h, w.college, { name: 'Arts Transfer', color: 'red' });
    const mid = await buildPathway(h, w.hs, { name: 'Medicine', color: 'green' });
    await buildPathway(h, await h.buildSchool(), { name: 'Unrelated Pathway' });
    const r1 = await buildRequirement(h, mid, { name: 'Biology' });
    const r0 = await buildRequirement(h, mid, { name: 'Anatomy' });

    const res = await h.api.get('/api/pathways/').set(h.auth(w.studentToken));
    expect(res.status).toBe(200);
    expect(res.body.map((p: { name: string }) => p.name)).toEqual(['Arts Transfer', 'Medicine', 'zoology']);
    const medicine = res.body[1];
    expect(medicine).toMatchObject({
      uuid: mid.uuid,
      color: 'green',
      school: { name: w.hs.name, uuid: w.hs.uuid },
      school_info: { name: w.hs.name, uuid: w.hs.uuid, primary_color: '#123456' },
      requirements: [
        { uuid: r0.uuid, name: 'Anatomy' },
        { uuid: r1.uuid, name: 'Biology' },
      ],
      can_edit: false,
    });
    expect(res.body[0].school_info).toEqual({ name: w.college.name, uuid: w.college.uuid, primary_color: '#0b6e4f' });

    // The colour selector of My Pathways.
    const green = await h.api.get('/api/pathways/?color=green').set(h.auth(w.staffToken));
    expect(green.body.map((p: { uuid: string }) => p.uuid)).toEqual([mid.uuid, zoo.uuid]);
    expect(green.body.every((p: { can_edit: boolean }) => p.can_edit)).toBe(true);
    expect(arts.uuid).toBeTruthy();
    const bad = await h.api.get('/api/pathways/?color=teal').set(h.auth(w.staffToken));
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe('Pathway color must be one of red, blue, green, yellow, purple, orange, pink, or empty.');
  });

  it('pages the list for scripts with page_size and X-Next-Cursor', async () => {
    const w = await world();
    for (const n of ['A', 'B', 'C']) await buildPathway(h, w.hs, { name: `Paged ${n}` });
    const one = await h.api.get('/api/pathways/?page_size=2').set(h.auth(w.staffToken));
    expect(one.body.map((p: { name: string }) => p.name)).toEqual(['Paged A', 'Paged B']);
    const cursor = one.headers['x-next-cursor'];
    expect(cursor).toBeTruthy();
    const two = await h.api.get(`/api/pathways/?page_size=2&cursor=${cursor}`).set(h.auth(w.staffToken));
    expect(two.body.map((p: { name: string }) => p.name)).toEqual(['Paged C']);
    expect(two.headers['x-next-cursor']).toBeUndefined();
  });

  it('answers the detail with the spec fields and full requirements', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'STEM', description: 'Science track', color: 'blue' });
    const r = await buildRequirement(h, p, { name: 'Math', description: 'Four years', numberOfUnits: 7.5, numberOfCourses: 2 });
    const res = await h.api.get(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: p.uuid,
      uuid: p.uuid,
      name: 'STEM',
      description: 'Science track',
      color: 'blue',
      school: { name: w.hs.name, uuid: w.hs.uuid },
      school_info: { name: w.hs.name, uuid: w.hs.uuid, primary_color: '#123456' },
      requirements: [
        {
          uuid: r.uuid,
          name: 'Math',
          description: 'Four years',
          minimum_grade: null,
          number_of_units: 7.5,
          number_of_courses: 2,
          pathway_names: ['STEM'],
          pathway_colors: ['blue'],
        },
      ],
      can_edit: true,
    });
  });

  it("refuses another school's pathway (403), an unknown one (404), and needs a token (401)", async () => {
    const w = await world();
    const other = await buildPathway(h, await h.buildSchool(), { name: 'Elsewhere' });
    const res = await h.api.get(`/api/pathways/${other.uuid}/`).set(h.auth(w.studentToken));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: 'This pathway belongs to a school you do not have access to.' });
    const missing = await h.api.get(`/api/pathways/${UNKNOWN}/`).set(h.auth(w.studentToken));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'Pathway not found.' });
    // Not a uuid at all: bad input, not "not found" (core/ids.ts).
    const malformed = await h.api.get('/api/pathways/nope/').set(h.auth(w.studentToken));
    expect([malformed.status, malformed.body]).toEqual([400, { error: 'Not a valid pathway id: expected a uuid.', reason: 'UUID_INVALID', params: { what: 'pathway' } }]);
    expect((await h.api.get('/api/pathways/')).status).toBe(401);
  });
});

describe('create, edit and delete pathways (REST)', () => {
  it('staff create a pathway for their school (201) with a trimmed name and a colour', async () => {
    const w = await world();
    const res = await h.api.post('/api/pathways/create/').set(h.auth(w.staffToken)).send({ name: '  Health Careers ', description: 'Nursing and more', color: 'Purple' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ name: 'Health Careers', description: 'Nursing and more', color: 'purple', school: { uuid: w.hs.uuid }, requirements: [] });
    const [row] = await h.db.query(`SELECT school_id, name, color FROM pathways WHERE uuid = $1`, [res.body.uuid]);
    expect(row).toEqual({ school_id: w.hs.id, name: 'Health Careers', color: 'purple' });
  });

  it('validates the name and the colour, and creates nothing', async () => {
    const w = await world();
    const noName = await h.api.post('/api/pathways/create/').set(h.auth(w.staffToken)).send({ name: '  ', description: 'x', color: '' });
    expect(noName.status).toBe(400);
    expect(noName.body).toMatchObject({ error: 'Pathway name is required.' });
    const badColor = await h.api.post('/api/pathways/create/').set(h.auth(w.staffToken)).send({ name: 'Colourful', color: 'teal' });
    expect(badColor.status).toBe(400);
    expect(badColor.body.error).toMatch(/^Pathway color must be one of red, blue/);
    expect(await h.db.query(`SELECT 1 FROM pathways WHERE school_id = $1`, [w.hs.id])).toEqual([]);
  });

  it('refuses students (403) and a parent viewing as the student (read-only 403)', async () => {
    const w = await world();
    const res = await h.api.post('/api/pathways/create/').set(h.auth(w.studentToken)).send({ name: 'Student Made' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ error: FORBIDDEN });
    const parent = await h.buildParent({ school: w.hs, students: [w.student] });
    const view = await h.services.accounts.issueToken(w.student.id, { actingUserId: parent.id, readOnly: true });
    const ro = await h.api.post('/api/pathways/create/').set(h.auth(view)).send({ name: 'Parent Made' });
    expect(ro.status).toBe(403);
    expect(ro.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    expect(await h.db.query(`SELECT 1 FROM pathways WHERE name IN ('Student Made', 'Parent Made')`)).toEqual([]);
  });

  it('updates name, description and colour (progress page), ignoring requirements in the payload', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'Old', description: 'old', color: 'red' });
    const r = await buildRequirement(h, p, { name: 'Keep me' });
    const res = await h.api.post(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken)).send({ name: 'New', description: 'new text', color: 'orange', requirements: [] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'New', description: 'new text', color: 'orange', requirements: [{ uuid: r.uuid }] });
    // Without color, the colour stays.
    const again = await h.api.post(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken)).send({ name: 'Newer', description: '' });
    expect(again.body).toMatchObject({ name: 'Newer', description: '', color: 'orange' });
    const empty = await h.api.post(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken)).send({ name: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ error: 'Pathway name is required.' });
  });

  it('refuses staff of another school (403) and partner pathways without hs_full_access_enabled', async () => {
    const w = await world();
    const outsider = await h.tokenFor(await h.buildStaff());
    const own = await buildPathway(h, w.hs, { name: 'Ours' });
    const res = await h.api.post(`/api/pathways/${own.uuid}/`).set(h.auth(outsider)).send({ name: 'Hijacked' });
    expect(res.status).toBe(403);
    const del = await h.api.delete(`/api/pathways/${own.uuid}/`).set(h.auth(outsider));
    expect(del.status).toBe(403);
    const partnerPathway = await buildPathway(h, w.college, { name: 'Theirs' });
    const p = await h.api.post(`/api/pathways/${partnerPathway.uuid}/`).set(h.auth(w.staffToken)).send({ name: 'Changed' });
    expect(p.status).toBe(403);
    expect(p.body).toMatchObject({ error: 'You can only change pathways of your own school.' });
    const [row] = await h.db.query(`SELECT name FROM pathways WHERE id = $1`, [own.id]);
    expect(row.name).toBe('Ours');
  });

  it("lets staff of a school with hs_full_access_enabled edit a partner school's pathway", async () => {
    const w = await world({ fullAccess: true });
    const theirs = await buildPathway(h, w.college, { name: 'Theirs' });
    const res = await h.api.post(`/api/pathways/${theirs.uuid}/`).set(h.auth(w.staffToken)).send({ name: 'Shared' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Shared', can_edit: true });
    const add = await h.api.post('/api/add-requirement-to-pathway/').set(h.auth(w.staffToken)).send({ pathway_uuid: theirs.uuid, name: 'Transfer English' });
    expect(add.status).toBe(201);
  });

  it('deletes a pathway with its requirements and fulfilments (204), dissolving groups left with one member', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs);
    const r = await buildRequirement(h, p);
    const course = await buildCourse(h, w.hs);
    const elsewhere = await buildRequirement(h, await buildPathway(h, w.hs, { name: 'Stays' }));
    const group = '00000000-0000-4000-8000-0000000000aa';
    await attach(h, course, r, group);
    await attach(h, course, elsewhere, group);
    const res = await h.api.delete(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken));
    expect(res.status).toBe(204);
    expect(await h.db.query(`SELECT 1 FROM pathways WHERE id = $1`, [p.id])).toEqual([]);
    expect(await h.db.query(`SELECT 1 FROM course_requirements WHERE requirement_id = $1`, [r.id])).toEqual([]);
    expect(await h.db.query(`SELECT non_duplicable_group FROM course_requirements WHERE requirement_id = $1`, [elsewhere.id])).toEqual([{ non_duplicable_group: null }]);
    expect((await h.api.get(`/api/pathways/${p.uuid}/`).set(h.auth(w.staffToken))).status).toBe(404);
  });
});

describe('requirements (REST)', () => {
  it('adds a requirement with numbers defaulting to 0, edits part of it and deletes it', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'Engineering', color: 'yellow' });
    const add = await h.api
      .post('/api/add-requirement-to-pathway/')
      .set(h.auth(w.staffToken))
      .send({ pathway_uuid: p.uuid, name: 'Physics', description: 'Lab science', number_of_units: '', number_of_courses: '' });
    expect(add.status).toBe(201);
    expect(add.body).toMatchObject({
      name: 'Physics',
      description: 'Lab science',
      number_of_units: 0,
      number_of_courses: 0,
      pathway_names: ['Engineering'],
      pathway_colors: ['yellow'],
    });
    const uuid = add.body.uuid;
    const put = await h.api.put(`/api/requirements/${uuid}/`).set(h.auth(w.staffToken)).send({ number_of_units: '7.25', number_of_courses: 2 });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ name: 'Physics', description: 'Lab science', number_of_units: 7.25, number_of_courses: 2 });
    const [row] = await h.db.query(`SELECT name, number_of_units::text AS units, number_of_courses FROM requirements WHERE uuid = $1`, [uuid]);
    expect(row).toEqual({ name: 'Physics', units: '7.25', number_of_courses: 2 });
    const del = await h.api.delete(`/api/requirements/${uuid}/`).set(h.auth(w.staffToken));
    expect(del.status).toBe(204);
    expect(await h.db.query(`SELECT 1 FROM requirements WHERE uuid = $1`, [uuid])).toEqual([]);
    expect((await h.api.delete(`/api/requirements/${uuid}/`).set(h.auth(w.staffToken))).status).toBe(404);
  });

  it('validates the name and the numbers', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs);
    const post = (body: object) =>
      h.api
        .post('/api/add-requirement-to-pathway/')
        .set(h.auth(w.staffToken))
        .send({ pathway_uuid: p.uuid, ...body });
    expect((await post({ name: '' })).body).toMatchObject({ error: 'Requirement name is required.' });
    expect((await post({ name: 'X', number_of_units: -1 })).body).toMatchObject({ error: 'Number of units must be a number from 0 to 9999.99.' });
    expect((await post({ name: 'X', number_of_units: 'lots' })).status).toBe(400);
    expect((await post({ name: 'X', number_of_courses: 1.5 })).body).toMatchObject({ error: 'Number of courses must be a whole number from 0 to 10000.' });
    expect((await post({ name: 'X', number_of_courses: -2 })).status).toBe(400);
    const noPathway = await h.api.post('/api/add-requirement-to-pathway/').set(h.auth(w.staffToken)).send({ name: 'X' });
    expect(noPathway.body).toMatchObject({ error: 'Please select a pathway.' });
    const unknown = await h.api.post('/api/add-requirement-to-pathway/').set(h.auth(w.staffToken)).send({ pathway_uuid: UNKNOWN, name: 'X' });
    expect(unknown.status).toBe(404);
    expect(await h.db.query(`SELECT 1 FROM requirements WHERE pathway_id = $1`, [p.id])).toEqual([]);
    const r = await buildRequirement(h, p, { name: 'Named' });
    const put = await h.api.put(`/api/requirements/${r.uuid}/`).set(h.auth(w.staffToken)).send({ name: ' ' });
    expect(put.body).toMatchObject({ error: 'Requirement name is required.' });
  });

  it('refuses students and staff of another school', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs);
    const r = await buildRequirement(h, p, { name: 'Stable' });
    const student = await h.api.post('/api/add-requirement-to-pathway/').set(h.auth(w.studentToken)).send({ pathway_uuid: p.uuid, name: 'Mine' });
    expect(student.status).toBe(403);
    const outsider = await h.tokenFor(await h.buildStaff());
    expect((await h.api.put(`/api/requirements/${r.uuid}/`).set(h.auth(outsider)).send({ name: 'Theirs' })).status).toBe(403);
    expect((await h.api.delete(`/api/requirements/${r.uuid}/`).set(h.auth(w.studentToken))).status).toBe(403);
    const [row] = await h.db.query(`SELECT name FROM requirements WHERE id = $1`, [r.id]);
    expect(row.name).toBe('Stable');
  });
});

describe('course fulfilment (REST)', () => {
  it('attaches a course to a requirement with non-duplicable requirements, then removes one', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'UC Prep', color: 'blue' });
    const a = await buildRequirement(h, p, { name: 'English' });
    const b = await buildRequirement(h, p, { name: 'Elective' });
    const c = await buildRequirement(h, p, { name: 'Arts' });
    const course = await buildCourse(h, w.college, { courseId: 'ENGL 1A' });

    const res = await h.api
      .post(`/api/courses/${course.id}/requirement/`)
      .set(h.auth(w.staffToken))
      .send({ requirement_uuid: a.uuid, non_duplicables: [b.uuid] });
    expect(res.status).toBe(200);
    expect(res.body.requirements.map((r: { name: string }) => r.name)).toEqual(['Elective', 'English']);
    expect(res.body.requirements[0]).toEqual({ uuid: b.uuid, name: 'Elective', pathway_names: ['UC Prep'], pathway_colors: ['blue'] });
    expect(res.body.non_duplicables).toHaveLength(1);
    expect(res.body.non_duplicables[0].map((r: { uuid: string }) => r.uuid).sort()).toEqual([a.uuid, b.uuid].sort());
    const rows = await h.db.query(`SELECT requirement_id, non_duplicable_group FROM course_requirements WHERE course_id = $1 ORDER BY requirement_id`, [course.id]);
    expect(rows).toHaveLength(2);
    expect(rows[0].non_duplicable_group).toBeTruthy();
    expect(rows[0].non_duplicable_group).toBe(rows[1].non_duplicable_group);

    // A plain fulfilment of another requirement; adding it again changes nothing.
    await h.api.post(`/api/courses/${course.id}/requirement/`).set(h.auth(w.staffToken)).send({ requirement_uuid: c.uuid });
    const again = await h.api.post(`/api/courses/${course.id}/requirement/`).set(h.auth(w.staffToken)).send({ requirement_uuid: c.uuid });
    expect(again.body.requirements).toHaveLength(3);

    const del = await h.api.delete(`/api/courses/${course.uuid}/requirement/`).set(h.auth(w.staffToken)).send({ requirement_uuid: b.uuid });
    expect(del.status).toBe(200);
    expect(del.body.requirements.map((r: { name: string }) => r.name)).toEqual(['Arts', 'English']);
    // The group of one left is dissolved.
    expect(del.body.non_duplicables).toEqual([]);
    expect(await h.db.query(`SELECT non_duplicable_group FROM course_requirements WHERE course_id = $1 AND requirement_id = $2`, [course.id, a.id])).toEqual([
      { non_duplicable_group: null },
    ]);
    const list = await h.api.get(`/api/courses/${course.uuid}/requirement/`).set(h.auth(w.studentToken));
    expect(list.body.requirements.map((r: { name: string }) => r.name)).toEqual(['Arts', 'English']);

    const gone = await h.api.delete(`/api/courses/${course.uuid}/requirement/`).set(h.auth(w.staffToken)).send({ requirement_uuid: b.uuid });
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ error: 'This course does not fulfill that requirement.' });
  });

  it('answers 400 without a requirement, 404 for unknown courses or requirements, 403 for students and other schools', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs);
    const r = await buildRequirement(h, p);
    const course = await buildCourse(h, w.hs);
    const post = (id: number | string, body: object, token = w.staffToken) => h.api.post(`/api/courses/${id}/requirement/`).set(h.auth(token)).send(body);
    expect((await post(course.id, {})).body).toMatchObject({ error: 'Please select a requirement.' });
    expect((await post(course.id, { requirement_uuid: r.uuid, non_duplicables: 'x' })).status).toBe(400);
    expect((await post(999_999_999, { requirement_uuid: r.uuid })).status).toBe(404);
    expect((await post('abc', { requirement_uuid: r.uuid })).status).toBe(400);
    expect((await post(course.id, { requirement_uuid: UNKNOWN })).status).toBe(404);
    expect((await post(course.id, { requirement_uuid: r.uuid }, w.studentToken)).status).toBe(403);
    const foreignCourse = await buildCourse(h, await h.buildSchool());
    expect((await post(foreignCourse.id, { requirement_uuid: r.uuid })).status).toBe(403);
    const foreignReq = await buildRequirement(h, await buildPathway(h, await h.buildSchool()));
    expect((await post(course.id, { requirement_uuid: r.uuid, non_duplicables: [foreignReq.uuid] })).status).toBe(403);
    const remove = await h.api.delete(`/api/courses/${course.uuid}/requirement/`).set(h.auth(w.studentToken)).send({ requirement_uuid: r.uuid });
    expect(remove.status).toBe(403);
    expect(await h.db.query(`SELECT 1 FROM course_requirements WHERE course_id = $1`, [course.id])).toEqual([]);
  });
});

/** Lincoln-like set-up: a plan of own and partner courses against one pathway. */
async function planned() {
  const w = await world();
  const p = await buildPathway(h, w.hs, { name: 'Transfer Ready' });
  const english = await buildRequirement(h, p, { name: 'English', numberOfCourses: 2, numberOfUnits: 0 });
  const math = await buildRequirement(h, p, { name: 'Math', numberOfCourses: 0, numberOfUnits: 6 });
  const open = await buildRequirement(h, p, { name: 'Orientation', numberOfCourses: 0, numberOfUnits: 0 });
  const eng1 = await buildCourse(h, w.hs, { courseId: 'ENG 9', title: 'English 9', units: 5 });
  const eng2 = await buildCourse(h, w.college, { courseId: 'ENGL 1A', title: 'College Composition', units: 4 });
  const eng3 = await buildCourse(h, w.hs, { courseId: 'ENG 10', title: 'English 10', units: 5 });
  const calc = await buildCourse(h, w.college, { courseId: 'MATH 1A', title: 'Calculus', units: 5 });
  await transfer(h, calc, w.hs, 3.5);
  await Promise.all([attach(h, eng1, english), attach(h, eng2, english), attach(h, eng3, english), attach(h, calc, math)]);
  await schedule(h, w.student, eng2, '1');
  await schedule(h, w.student, eng1, '2');
  await schedule(h, w.student, calc, '3');
  return { ...w, p, english, math, open, eng1, eng2, eng3, calc };
}

describe('requirement progress', () => {
  it('computes each requirement from the plan, with adjusted units for partner courses (REST)', async () => {
    const x = await planned();
    const res = await h.api.get('/api/requirement-progress/').set(h.auth(x.studentToken));
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      expect.objectContaining({
        uuid: x.english.uuid,
        requirement_uuid: x.english.uuid,
        name: 'English',
        pathway: x.p.uuid,
        pathway_name: 'Transfer Ready',
        required_courses: 2,
        required_units: 0,
        completed_courses: 2,
        completed_units: 9,
        is_fulfilled: true,
      }),
      expect.objectContaining({ name: 'Math', required_courses: 0, required_units: 6, completed_courses: 1, completed_units: 3.5, is_fulfilled: false }),
      expect.objectContaining({ name: 'Orientation', completed_courses: 0, completed_units: 0, is_fulfilled: true }),
    ]);
    const one = await h.api.get(`/api/requirement-progress/?pathway=${x.p.uuid}`).set(h.auth(x.studentToken));
    expect(one.body).toHaveLength(3);
  });

  it('gives the same numbers through GraphQL, for one pathway', async () => {
    const x = await planned();
    const g = await h.gql(
      `query ($p: ID) { requirementProgress(pathwayUuid: $p) { uuid name pathwayUuid requiredCourses requiredUnits completedCourses completedUnits isFulfilled } }`,
      { p: x.p.uuid },
      x.studentToken,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.requirementProgress).toEqual([
      { uuid: x.english.uuid, name: 'English', pathwayUuid: x.p.uuid, requiredCourses: 2, requiredUnits: 0, completedCourses: 2, completedUnits: 9, isFulfilled: true },
      { uuid: x.math.uuid, name: 'Math', pathwayUuid: x.p.uuid, requiredCourses: 0, requiredUnits: 6, completedCourses: 1, completedUnits: 3.5, isFulfilled: false },
      { uuid: x.open.uuid, name: 'Orientation', pathwayUuid: x.p.uuid, requiredCourses: 0, requiredUnits: 0, completedCourses: 0, completedUnits: 0, isFulfilled: true },
    ]);
  });

  it("shows staff viewing as the student that student's progress; a parent's view reads but cannot write", async () => {
    const x = await planned();
    const adminView = await h.services.accounts.issueToken(x.student.id, { actingUserId: x.staff.id });
    const res = await h.api.get('/api/requirement-progress/').set(h.auth(adminView));
    expect(res.body.find((r: { name: string }) => r.name === 'English')).toMatchObject({ completed_courses: 2, is_fulfilled: true });
    // The staff member's own token: no plan, nothing completed.
    const own = await h.api.get('/api/requirement-progress/').set(h.auth(x.staffToken));
    expect(own.body.find((r: { name: string }) => r.name === 'English')).toMatchObject({ completed_courses: 0, is_fulfilled: false });

    const parent = await h.buildParent({ school: x.hs, students: [x.student] });
    const parentView = await h.services.accounts.issueToken(x.student.id, { actingUserId: parent.id, readOnly: true });
    const read = await h.gql(`{ requirementProgress { name completedCourses } }`, {}, parentView);
    expect(read.data!.requirementProgress).toContainEqual({ name: 'English', completedCourses: 2 });
    const write = await h.gql(`mutation ($u: ID!) { deleteRequirement(uuid: $u) }`, { u: x.english.uuid }, parentView);
    expect(write.code).toBe('FORBIDDEN');
    expect(write.errors![0].message).toBe(textOf(READ_ONLY_MESSAGE));
  });

  it('counts a non-duplicable course where it fulfils the most requirements', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'Grouped' });
    const alpha = await buildRequirement(h, p, { name: 'Alpha', numberOfCourses: 1 });
    const beta = await buildRequirement(h, p, { name: 'Beta', numberOfCourses: 1 });
    const x = await buildCourse(h, w.hs, { courseId: 'X 1' });
    const y = await buildCourse(h, w.hs, { courseId: 'Y 1' });
    const add = await h.api
      .post(`/api/courses/${x.id}/requirement/`)
      .set(h.auth(w.staffToken))
      .send({ requirement_uuid: alpha.uuid, non_duplicables: [beta.uuid] });
    expect(add.status).toBe(200);
    await attach(h, y, alpha);
    await schedule(h, w.student, x);
    await schedule(h, w.student, y);
    const res = await h.api.get(`/api/requirement-progress/?pathway=${p.uuid}`).set(h.auth(w.studentToken));
    expect(res.body.map((r: { name: string; completed_courses: number; is_fulfilled: boolean }) => [r.name, r.completed_courses, r.is_fulfilled])).toEqual([
      ['Alpha', 1, true],
      ['Beta', 1, true],
    ]);
  });

  it('runs in a fixed number of SQL statements for 40 courses against 10 pathways of 10 requirements', async () => {
    const w = await world();
    const reqs = [];
    for (let i = 0; i < 10; i++) {
      const p = await buildPathway(h, i % 2 ? w.hs : w.college, { name: `Bulk ${i}` });
      for (let j = 0; j < 10; j++) reqs.push(await buildRequirement(h, p, { name: `R${j}`, numberOfCourses: 1, numberOfUnits: 2 }));
    }
    const small = await h.buildStudent({ school: w.hs });
    const big = await h.buildStudent({ school: w.hs });
    for (let i = 0; i < 40; i++) {
      const course = await buildCourse(h, i % 2 ? w.hs : w.college, { units: 3 });
      if (i % 2 === 0) await transfer(h, course, w.hs, 2.5);
      await attach(h, course, reqs[(i * 7) % reqs.length]);
      await attach(h, course, reqs[(i * 13 + 1) % reqs.length], `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      await attach(h, course, reqs[(i * 17 + 2) % reqs.length], `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
      await schedule(h, big, course);
      if (i < 2) await schedule(h, small, course);
    }
    const run = async (student: typeof big) => {
      const ctx = await contextFor(h, await h.tokenFor(student));
      return countQueries(() => h.services.pathways.progress(ctx));
    };
    const a = await run(small);
    const b = await run(big);
    expect(b.result).toHaveLength(100);
    expect(b.result.filter((r) => r.completedCourses > 0).length).toBeGreaterThan(30);
    expect(b.statements.length).toBe(a.statements.length);
    // Reach (school, partners), requirements, plan courses, fulfilment rows.
    expect(b.statements.length).toBeGreaterThanOrEqual(4);
    expect(b.statements.length).toBeLessThanOrEqual(5);
  });
});

describe('eligible courses', () => {
  it("lists the courses of a requirement, the caller's scheduled ones first, then by course_id (REST and GraphQL)", async () => {
    const x = await planned();
    const res = await h.api.get(`/api/courses/by-requirement-and-user/${x.english.uuid}`).set(h.auth(x.studentToken));
    expect(res.status).toBe(200);
    expect(res.body.map((c: { course_id: string; is_scheduled: boolean }) => [c.course_id, c.is_scheduled])).toEqual([
      ['ENG 9', true],
      ['ENGL 1A', true],
      ['ENG 10', false],
    ]);
    expect(res.body[1]).toMatchObject({ uuid: x.eng2.uuid, title: 'College Composition', units: 4, school: { name: x.college.name, school_type: 'CLG' } });

    const g = await h.gql(
      `query ($r: ID!) { eligibleCourses(requirementUuid: $r) { totalCount nodes { isScheduled course { courseId title } school { name } } } }`,
      { r: x.english.uuid },
      x.studentToken,
    );
    expect(g.errors).toBeUndefined();
    expect(g.data!.eligibleCourses.totalCount).toBe(3);
    expect(g.data!.eligibleCourses.nodes.map((n: { isScheduled: boolean; course: { courseId: string } }) => [n.course.courseId, n.isScheduled])).toEqual([
      ['ENG 9', true],
      ['ENGL 1A', true],
      ['ENG 10', false],
    ]);
    // Staff have no plan: nothing is scheduled for them.
    const staff = await h.api.get(`/api/courses/by-requirement-and-user/${x.english.uuid}/`).set(h.auth(x.staffToken));
    expect(staff.body.map((c: { course_id: string }) => c.course_id)).toEqual(['ENG 10', 'ENG 9', 'ENGL 1A']);
  });

  it('refuses a requirement of another school (403) and an unknown one (404)', async () => {
    const w = await world();
    const foreign = await buildRequirement(h, await buildPathway(h, await h.buildSchool()));
    expect((await h.api.get(`/api/courses/by-requirement-and-user/${foreign.uuid}`).set(h.auth(w.studentToken))).status).toBe(403);
    expect((await h.api.get(`/api/courses/by-requirement-and-user/${UNKNOWN}`).set(h.auth(w.studentToken))).status).toBe(404);
  });
});

describe('GraphQL', () => {
  const PATHWAY =
    'uuid name description color canEdit school { uuid name primaryColor } requirements { uuid name numberOfUnits numberOfCourses pathwayNames pathwayColors canEdit }';

  it('creates, reads, updates and deletes a pathway and its requirements', async () => {
    const w = await world();
    const created = await h.gql(
      `mutation ($i: CreatePathwayInput!) { createPathway(input: $i) { ${PATHWAY} } }`,
      { i: { name: 'Business', description: 'Commerce', color: 'pink' } },
      w.staffToken,
    );
    expect(created.errors).toBeUndefined();
    const uuid: string = created.data!.createPathway.uuid;
    expect(created.data!.createPathway).toMatchObject({
      name: 'Business',
      color: 'pink',
      canEdit: true,
      school: { uuid: w.hs.uuid, primaryColor: '#123456' },
      requirements: [],
    });

    const added = await h.gql(
      `mutation ($i: AddRequirementInput!) { addRequirement(input: $i) { uuid name numberOfUnits numberOfCourses pathwayNames } }`,
      { i: { pathwayUuid: uuid, name: 'Accounting', numberOfUnits: 3 } },
      w.staffToken,
    );
    expect(added.data!.addRequirement).toMatchObject({ name: 'Accounting', numberOfUnits: 3, numberOfCourses: 0, pathwayNames: ['Business'] });
    const reqUuid: string = added.data!.addRequirement.uuid;

    const upd = await h.gql(
      `mutation ($u: ID!, $i: UpdateRequirementInput!) { updateRequirement(uuid: $u, input: $i) { name numberOfUnits numberOfCourses } }`,
      { u: reqUuid, i: { numberOfCourses: 2 } },
      w.staffToken,
    );
    expect(upd.data!.updateRequirement).toEqual({ name: 'Accounting', numberOfUnits: 3, numberOfCourses: 2 });

    const pu = await h.gql(
      `mutation ($u: ID!, $i: UpdatePathwayInput!) { updatePathway(uuid: $u, input: $i) { name color } }`,
      { u: uuid, i: { name: 'Business Admin', color: '' } },
      w.staffToken,
    );
    expect(pu.data!.updatePathway).toEqual({ name: 'Business Admin', color: '' });

    const read = await h.gql(`query ($u: ID!) { pathway(uuid: $u) { ${PATHWAY} } }`, { u: uuid }, w.studentToken);
    expect(read.data!.pathway).toMatchObject({
      name: 'Business Admin',
      canEdit: false,
      requirements: [{ uuid: reqUuid, numberOfCourses: 2, pathwayColors: [''], canEdit: false }],
    });

    const list = await h.gql(`query { pathways { totalCount nodes { uuid requirements { name } } } }`, {}, w.studentToken);
    expect(list.data!.pathways.nodes).toContainEqual({ uuid, requirements: [{ name: 'Accounting' }] });

    expect((await h.gql(`mutation ($u: ID!) { deleteRequirement(uuid: $u) }`, { u: reqUuid }, w.staffToken)).data).toEqual({ deleteRequirement: true });
    expect((await h.gql(`mutation ($u: ID!) { deletePathway(uuid: $u) }`, { u: uuid }, w.staffToken)).data).toEqual({ deletePathway: true });
    const after = await h.gql(`query ($u: ID!) { pathway(uuid: $u) { uuid } }`, { u: uuid }, w.staffToken);
    expect(after.code).toBe('NOT_FOUND');
  });

  it('maps refusals and bad input to codes', async () => {
    const w = await world();
    const p = await buildPathway(h, await h.buildSchool(), { name: 'Foreign' });
    const read = await h.gql(`query ($u: ID!) { pathway(uuid: $u) { uuid } }`, { u: p.uuid }, w.studentToken);
    expect(read.code).toBe('FORBIDDEN');
    const student = await h.gql(`mutation { createPathway(input: { name: "Nope" }) { uuid } }`, {}, w.studentToken);
    expect(student.code).toBe('FORBIDDEN');
    const noName = await h.gql(`mutation { createPathway(input: { name: "" }) { uuid } }`, {}, w.staffToken);
    expect(noName.code).toBe('BAD_USER_INPUT');
    expect(noName.errors![0].message).toBe('Pathway name is required.');
    const own = await buildPathway(h, w.hs);
    const negative = await h.gql(
      `mutation ($u: ID!) { addRequirement(input: { pathwayUuid: $u, name: "Neg", numberOfCourses: -1 }) { uuid } }`,
      { u: own.uuid },
      w.staffToken,
    );
    expect(negative.code).toBe('BAD_USER_INPUT');
    const anon = await h.gql(`{ pathways { totalCount } }`);
    expect(anon.code).toBe('UNAUTHENTICATED');
  });

  it('adds and removes course fulfilments and lists them', async () => {
    const w = await world();
    const p = await buildPathway(h, w.hs, { name: 'Art' });
    const a = await buildRequirement(h, p, { name: 'Drawing' });
    const b = await buildRequirement(h, p, { name: 'Painting' });
    const course = await buildCourse(h, w.hs);
    const add = await h.gql(
      `mutation ($c: Int!, $r: ID!, $n: [ID!]) { addCourseFulfillment(courseId: $c, requirementUuid: $r, nonDuplicables: $n) { nonDuplicableGroup requirement { name } pathway { name } } }`,
      { c: course.id, r: a.uuid, n: [b.uuid] },
      w.staffToken,
    );
    expect(add.errors).toBeUndefined();
    expect(add.data!.addCourseFulfillment.map((f: { requirement: { name: string } }) => f.requirement.name)).toEqual(['Drawing', 'Painting']);
    expect(add.data!.addCourseFulfillment[0].nonDuplicableGroup).toBe(add.data!.addCourseFulfillment[1].nonDuplicableGroup);
    const list = await h.gql(`query ($c: ID!) { courseFulfillments(courseUuid: $c) { requirement { uuid } } }`, { c: course.uuid }, w.studentToken);
    expect(list.data!.courseFulfillments).toHaveLength(2);
    const rm = await h.gql(
      `mutation ($c: ID!, $r: ID!) { removeCourseFulfillment(courseUuid: $c, requirementUuid: $r) { nonDuplicableGroup requirement { name } } }`,
      { c: course.uuid, r: a.uuid },
      w.staffToken,
    );
    expect(rm.data!.removeCourseFulfillment).toEqual([{ nonDuplicableGroup: null, requirement: { name: 'Painting' } }]);
    const denied = await h.gql(
      `mutation ($c: ID!, $r: ID!) { removeCourseFulfillment(courseUuid: $c, requirementUuid: $r) { nonDuplicableGroup } }`,
      { c: course.uuid, r: b.uuid },
      w.studentToken,
    );
    expect(denied.code).toBe('FORBIDDEN');
  });

  it('batches the relation hops: the same number of statements for 3 and for 30 pathways', async () => {
    const schema = await buildAppSchema();
    const query = `{ pathways(first: 100) { nodes { uuid canEdit school { name primaryColor } requirements { name pathwayNames canEdit } } } }`;
    const count = async (n: number) => {
      const w = await world();
      for (let i = 0; i < n; i++) {
        const p = await buildPathway(h, i % 2 ? w.hs : w.college, { name: `P${i}` });
        await buildRequirement(h, p, { name: 'One' });
        await buildRequirement(h, p, { name: 'Two' });
      }
      const ctx = await contextFor(h, w.staffToken);
      const { result, statements } = await countQueries(() => graphql({ schema, source: query, contextValue: ctx }));
      expect(result.errors).toBeUndefined();
      expect((result.data as { pathways: { nodes: unknown[] } }).pathways.nodes).toHaveLength(n);
      return statements.length;
    };
    const few = await count(3);
    const many = await count(30);
    expect(few).toBeGreaterThanOrEqual(4);
    expect(many).toBe(few);
  });
});

describe('demo school', () => {
  it('lets the Lincoln admin (hs_full_access_enabled) edit a Valley College pathway, not a Dual School one', async () => {
    const admin = await h.login(DEMO.admin);
    const valley: School = await h.schoolNamed('Valley Community College');
    const dual: School = await h.schoolNamed('Dual School');
    const vp = await buildPathway(h, valley, { name: 'Valley Transfer Test' });
    const dp = await buildPathway(h, dual, { name: 'Dual Track Test' });
    expect((await h.api.post(`/api/pathways/${vp.uuid}/`).set(h.auth(admin)).send({ name: 'Valley Transfer Edited' })).status).toBe(200);
    expect((await h.api.post(`/api/pathways/${dp.uuid}/`).set(h.auth(admin)).send({ name: 'Nope' })).status).toBe(403);
    const list = await h.api.get('/api/pathways/').set(h.auth(admin));
    const names = list.body.map((p: { name: string }) => p.name);
    expect(names).toContain('Valley Transfer Edited');
    expect(names).not.toContain('Dual Track Test');
  });
});
