/** The course catalogue through REST and GraphQL: lists, card data, writes, transferability, refusals. */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEMO, useHarness } from '../../test/harness.js';
import type { User } from '../accounts/user.entity.js';
import type { School } from '../schools/school.entity.js';
import type { Course } from './course.entity.js';
import { Course as CourseEntity, CoursePrerequisite, CourseTransfer } from './course.entity.js';
import { accept, addRequirementTo, buildCourse, buildRequirement, fulfils, partnerSchools, schedule } from './courses.factories.js';
import type { Pathway, Requirement } from '../pathways/pathway.entity.js';
import { tagColor } from './tags.js';

const h = useHarness();

let hs: School;
let college: School;
let stranger: School;
let staff: User;
let student: User;
let parent: User;
let staffToken: string;
let studentToken: string;
let parentToken: string;
let algebra: Course;
let geometry: Course;
let calculus: Course;
let english: Course;
let ccMath: Course;
let ccArt: Course;
let foreign: Course;
let pathway: Pathway;
let mathReq: Requirement;
let artReq: Requirement;

beforeAll(async () => {
  hs = await h.buildSchool({ name: 'Catalogue High', primaryColor: '#112233', hsFullAccessEnabled: false });
  college = await h.buildSchool({ name: 'Catalogue College', schoolType: 'CLG' as School['schoolType'], primaryColor: '#445566' });
  stranger = await h.buildSchool({ name: 'Elsewhere High' });
  await partnerSchools(h.db, hs, college);
  staff = await h.buildStaff({ school: hs });
  student = await h.buildStudent({ school: hs });
  parent = await h.buildParent({ school: hs, students: [student] });
  staffToken = await h.tokenFor(staff);
  studentToken = await h.tokenFor(student);
  parentToken = await h.tokenFor(parent);

  algebra = await buildCourse(h.db, hs, { courseId: 'MATH 1', title: 'Algebra I', units: 5, tags: { uc: 'UC' } });
  geometry = await buildCourse(h.db, hs, { courseId: 'MATH 2', title: 'Geometry', units: 5 });
  english = await buildCourse(h.db, hs, { courseId: 'ENG 9', title: 'English 9', description: 'Reading, writing', units: 5 });
  calculus = await buildCourse(h.db, hs, {
    courseId: 'MATH 10',
    title: 'Calculus',
    units: 5,
    tags: { ap: 'AP', uc: 'UC' },
    groups: [[geometry, algebra], [english]],
  });
  ccMath = await buildCourse(h.db, college, { courseId: 'MATH 7', title: 'College Calculus', units: 4, tags: { csu: 'CSU' } });
  ccArt = await buildCourse(h.db, college, { courseId: 'ART 10', title: 'Design', units: 3 });
  foreign = await buildCourse(h.db, stranger, { courseId: 'SECRET 1', title: 'Not yours', units: 1 });
  await accept(h.db, ccMath, hs, 1.5);
  ({ pathway, requirement: mathReq } = await buildRequirement(h.db, hs, 'STEM', 'Advanced Math', 'blue'));
  artReq = await addRequirementTo(h.db, pathway, 'Arts');
  await fulfils(h.db, calculus, mathReq);
  await fulfils(h.db, ccMath, mathReq);
  await schedule(h.db, student.id, calculus);
});

const get = (path: string, token = staffToken) => h.api.get(path).set(h.auth(token));
const post = (path: string, body: unknown, token = staffToken) =>
  h.api
    .post(path)
    .set(h.auth(token))
    .send(body as object);
const del = (path: string, body: unknown = undefined, token = staffToken) =>
  h.api
    .delete(path)
    .set(h.auth(token))
    .send(body as object);
const codes = (rows: { course_id: string }[]) => rows.map((r) => r.course_id);

describe('GET /api/courses/ and /api/partner-courses/', () => {
  it("lists the school's courses plus partner courses accepted for it, with every card field", async () => {
    const res = await get('/api/courses/', studentToken);
    expect(res.status).toBe(200);
    expect(codes(res.body)).toEqual(['ENG 9', 'MATH 1', 'MATH 10', 'MATH 2', 'MATH 7']);
    const calc = res.body.find((c: { course_id: string }) => c.course_id === 'MATH 10');
    expect(calc).toEqual({
      uuid: calculus.uuid,
      UUID: calculus.uuid,
      id: calculus.id,
      course_id: 'MATH 10',
      title: 'Calculus',
      description: '',
      units: 5,
      subject: '',
      offered_terms: null,
      school: { name: 'Catalogue High', uuid: hs.uuid, primary_color: '#112233', school_type: 'HS' },
      is_scheduled: true,
      prerequisites: [
        { id: english.id, uuid: english.uuid, course_id: 'ENG 9', title: 'English 9' },
        { id: algebra.id, uuid: algebra.uuid, course_id: 'MATH 1', title: 'Algebra I' },
        { id: geometry.id, uuid: geometry.uuid, course_id: 'MATH 2', title: 'Geometry' },
      ],
      prerequisite_groups: ['MATH 1 or MATH 2', 'ENG 9'],
      prerequisite_groups_uuids: [[algebra.uuid, geometry.uuid], [english.uuid]],
      tags: { ap: 'AP', uc: 'UC' },
      formatted_tags: [
        { key: 'ap', name: 'AP', color: tagColor('ap') },
        { key: 'uc', name: 'UC', color: tagColor('uc') },
      ],
      units_info: [
        {
          school_name: 'Catalogue High',
          school_uuid: hs.uuid,
          units: 5,
          primary_color: '#112233',
          requirements: [expect.objectContaining({ uuid: mathReq.uuid, label: 'STEM: Advanced Math' })],
        },
      ],
      requirements: [
        {
          uuid: mathReq.uuid,
          name: 'Advanced Math',
          pathway_uuid: pathway.uuid,
          pathway_name: 'STEM',
          pathway_names: ['STEM'],
          pathway_colors: ['blue'],
          school_uuid: hs.uuid,
          school_name: 'Catalogue High',
          label: 'STEM: Advanced Math',
        },
      ],
      non_duplicables: [],
    });
    // The accepted partner course: a column for its own school and one for the accepting school with the adjusted units.
    const cc = res.body.find((c: { course_id: string }) => c.course_id === 'MATH 7');
    expect(cc.units_info.map((u: { school_name: string; units: number }) => [u.school_name, u.units])).toEqual([
      ['Catalogue College', 4],
      ['Catalogue High', 1.5],
    ]);
    expect(cc.units_info[1].requirements.map((r: { label: string }) => r.label)).toEqual(['STEM: Advanced Math']);
    expect(cc.is_scheduled).toBe(false);
  });

  it('searches course id, title and description, filters by requirement, and pages', async () => {
    expect(codes((await get('/api/courses/?search=geo')).body)).toEqual(['MATH 2']);
    expect(codes((await get('/api/courses/?search=writing')).body)).toEqual(['ENG 9']);
    expect(codes((await get('/api/courses/?search=%25')).body)).toEqual([]);
    expect(codes((await get(`/api/courses/?requirement=${mathReq.uuid}`)).body)).toEqual(['MATH 10', 'MATH 7']);
    expect(codes((await get(`/api/courses/?requirement=${artReq.uuid}`)).body)).toEqual([]);
    const bad = await get('/api/courses/?requirement=nope');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'The requirement filter must be a requirement uuid.' });

    const p1 = await get('/api/courses/?page_size=2');
    expect(codes(p1.body)).toEqual(['ENG 9', 'MATH 1']);
    expect(p1.headers['x-total-count']).toBe('5');
    const p2 = await get(`/api/courses/?page_size=2&cursor=${p1.headers['x-next-cursor']}`);
    expect(codes(p2.body)).toEqual(['MATH 10', 'MATH 2']);
    const p3 = await get(`/api/courses/?page_size=2&cursor=${p2.headers['x-next-cursor']}`);
    expect(codes(p3.body)).toEqual(['MATH 7']);
    expect(p3.headers['x-next-cursor']).toBeUndefined();
    expect((await get('/api/courses/?page_size=0')).status).toBe(400);
  });

  it("lists every course of the school's partner schools", async () => {
    const res = await get('/api/partner-courses/');
    expect(codes(res.body)).toEqual(['ART 10', 'MATH 7']);
    expect(codes((await get('/api/partner-courses/?search=design')).body)).toEqual(['ART 10']);
    expect(codes((await get(`/api/partner-courses/?requirement=${mathReq.uuid}`)).body)).toEqual(['MATH 7']);
  });

  it("gives the demo student Lincoln's catalogue and the accepted Valley courses with 1 unit", async () => {
    const res = await get('/api/courses/', await h.login(DEMO.student));
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(121 + 4);
    const engl = res.body.find((c: { course_id: string }) => c.course_id === 'ENGL C1000');
    expect(engl.school.name).toBe('Valley Community College');
    expect(engl.units_info.map((u: { school_name: string; units: number }) => [u.school_name, u.units])).toEqual([
      ['Valley Community College', engl.units],
      ['Lincoln High School', 1],
    ]);
    const culinary = res.body.find((c: { course_id: string }) => c.course_id === '16059');
    // 22202 and 22205 are not in the catalogue: dropped from the group, 16058 kept.
    expect(culinary.prerequisite_groups).toEqual(['16058']);
  });

  it('refuses callers without a token', async () => {
    expect((await h.api.get('/api/courses/')).status).toBe(401);
  });
});

describe('GET /api/get-course/{id}/ and by-requirement', () => {
  it('answers by numeric id or uuid, and 404 for a course of a school the caller does not reach', async () => {
    const byId = await get(`/api/get-course/${calculus.id}/`, studentToken);
    expect(byId.status).toBe(200);
    expect(byId.body.title).toBe('Calculus');
    expect((await get(`/api/get-course/${calculus.uuid}/`)).body.id).toBe(calculus.id);
    const hidden = await get(`/api/get-course/${foreign.id}/`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ error: 'Course not found.' });
    // Not a course id at all: bad input, not "not found" (core/ids.ts).
    expect((await get('/api/get-course/abc/')).status).toBe(400);
    // A partner course that was not accepted is still readable (partner catalogue).
    expect((await get(`/api/get-course/${ccArt.id}/`, studentToken)).status).toBe(200);
  });

  it("lists the courses of a requirement, 404 for another school's requirement", async () => {
    const res = await get(`/api/courses/by-requirement/${mathReq.uuid}`, studentToken);
    expect(codes(res.body)).toEqual(['MATH 10', 'MATH 7']);
    const { requirement: hidden } = await buildRequirement(h.db, stranger, 'Hidden', 'Secret');
    expect((await get(`/api/courses/by-requirement/${hidden.uuid}`)).status).toBe(404);
  });
});

describe('POST /api/courses/create/', () => {
  it("creates a course of the staff member's school with prerequisite groups and tags", async () => {
    const res = await post('/api/courses/create/', {
      course_id: 'SCI 1',
      title: 'Physics',
      description: 'Motion, energy',
      units: 4.25,
      prerequisite_groups: [[algebra.uuid, geometry.uuid], [english.uuid]],
      tags: { uc: 'UC', honors: 'Honors' },
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      course_id: 'SCI 1',
      title: 'Physics',
      units: 4.25,
      school: { name: 'Catalogue High' },
      prerequisite_groups: ['MATH 1 or MATH 2', 'ENG 9'],
      tags: { uc: 'UC', honors: 'Honors' },
    });
    const rows = await h.db.getRepository(CoursePrerequisite).findBy({ courseId: res.body.id });
    expect(rows.map((r) => [r.groupIndex, r.prerequisiteId]).sort()).toEqual(
      [
        [0, algebra.id],
        [0, geometry.id],
        [1, english.id],
      ].sort(),
    );
  });

  it('accepts the same fields as a form post, with groups and tags as JSON text', async () => {
    const res = await h.api
      .post('/api/courses/create/')
      .set(h.auth(staffToken))
      .field('course_id', 'FORM 1')
      .field('title', 'Form course')
      .field('units', '1.5')
      .field('prerequisite_groups', JSON.stringify([[algebra.uuid]]))
      .field('tags', JSON.stringify({ cte: 'CTE' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ course_id: 'FORM 1', units: 1.5, prerequisite_groups: ['MATH 1'], tags: { cte: 'CTE' } });
    const urlencoded = await h.api.post('/api/courses/create/').set(h.auth(staffToken)).type('form').send({ course_id: 'FORM 2', title: 'Urlencoded' });
    expect(urlencoded.status).toBe(201);
  });

  it('refuses a duplicate course id, missing fields, bad units and unknown prerequisites', async () => {
    const dup = await post('/api/courses/create/', { course_id: 'MATH 1', title: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ error: 'A course with this Course ID already exists.' });
    expect((await post('/api/courses/create/', { title: 'No id' })).body).toMatchObject({ error: 'Course ID is required.' });
    expect((await post('/api/courses/create/', { course_id: 'X 1' })).body).toMatchObject({ error: 'Title is required.' });
    expect((await post('/api/courses/create/', { course_id: 'X 1', title: 'T', units: 'lots' })).body).toMatchObject({
      error: 'Units must be a number from 0 to 9999.99.',
    });
    expect((await post('/api/courses/create/', { course_id: 'X 1', title: 'T', units: -1 })).status).toBe(400);
    const unknown = await post('/api/courses/create/', { course_id: 'X 1', title: 'T', prerequisite_groups: [[foreign.uuid]] });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe(`Prerequisite course not found: ${foreign.uuid}.`);
    expect((await post('/api/courses/create/', { course_id: 'X 1', title: 'T', prerequisite_groups: 'nope' })).status).toBe(400);
    expect((await post('/api/courses/create/', { course_id: 'X 1', title: 'T', tags: { 'Bad Key': 'x' } })).status).toBe(400);
    expect(await h.db.getRepository(CourseEntity).existsBy({ schoolId: hs.id, courseId: 'X 1' })).toBe(false);
  });

  it('refuses students (403), parents (403) and a parent viewing as the student (read-only)', async () => {
    const body = { course_id: 'NOPE 1', title: 'Nope' };
    const s = await post('/api/courses/create/', body, studentToken);
    expect(s.status).toBe(403);
    expect(s.body).toMatchObject({ error: 'You do not have permission to perform this action.' });
    expect((await post('/api/courses/create/', body, parentToken)).status).toBe(403);
    const viewAs = await post('/api/view-as-student/', { studentId: student.id }, parentToken);
    expect(viewAs.status).toBe(200);
    const ro = await post('/api/courses/create/', body, viewAs.body.token);
    expect(ro.status).toBe(403);
    expect(ro.body.error).toMatch(/read-only/);
  });
});

describe('POST /api/courses/createcc/', () => {
  it('lets staff of a full-access school add a course to a partner school, and nobody else', async () => {
    const body = { course_id: 'CC 1', title: 'Partner course', units: 3, school_uuid: college.uuid };
    const refused = await post('/api/courses/createcc/', body);
    expect(refused.status).toBe(403);
    await h.db.query(`UPDATE schools SET hs_full_access_enabled = true WHERE id = $1`, [hs.id]);
    try {
      const ok = await post('/api/courses/createcc/', body);
      expect(ok.status).toBe(201);
      expect(ok.body.school.name).toBe('Catalogue College');
      const notPartner = await post('/api/courses/createcc/', { ...body, course_id: 'CC 2', school_uuid: stranger.uuid });
      expect(notPartner.status).toBe(400);
      expect(notPartner.body).toMatchObject({ error: 'Choose one of your partner schools.' });
      // The only partner is the default.
      expect((await post('/api/courses/createcc/', { course_id: 'CC 3', title: 'Default partner' })).body.school.uuid).toBe(college.uuid);
      // Full access also lets staff edit a partner course.
      expect((await post(`/api/courses/${ok.body.id}/`, { title: 'Renamed' })).body.title).toBe('Renamed');
    } finally {
      await h.db.query(`UPDATE schools SET hs_full_access_enabled = false WHERE id = $1`, [hs.id]);
    }
  });
});

describe('POST /api/courses/{id}/ (update) and DELETE /api/courses/{id}/', () => {
  it('updates fields and prerequisite groups, leaving out fields unchanged', async () => {
    const c = await buildCourse(h.db, hs, { courseId: 'UPD 1', title: 'Before', units: 2 });
    const res = await post(`/api/courses/${c.id}/`, { title: 'After', units: '3.5', update_prerequisite_groups: [[algebra.uuid]], tags: { cte: 'CTE' } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ course_id: 'UPD 1', title: 'After', units: 3.5, prerequisite_groups: ['MATH 1'], tags: { cte: 'CTE' } });
    const cleared = await post(`/api/courses/${c.uuid}/`, { update_prerequisite_groups: [] });
    expect(cleared.body.prerequisite_groups).toEqual([]);
    expect(cleared.body.title).toBe('After');
    const dup = await post(`/api/courses/${c.id}/`, { course_id: 'MATH 1' });
    expect(dup.status).toBe(409);
  });

  it('refuses a course as its own prerequisite and a prerequisite that would create a cycle', async () => {
    const self = await post(`/api/courses/${algebra.id}/`, { update_prerequisite_groups: [[algebra.uuid]] });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: 'A course cannot be its own prerequisite.' });
    // Calculus requires Algebra; Algebra requiring Calculus would be a cycle.
    const cycle = await post(`/api/courses/${algebra.id}/`, { update_prerequisite_groups: [[calculus.uuid]] });
    expect(cycle.status).toBe(400);
    expect(cycle.body.error).toBe('MATH 10 already requires MATH 1 (directly or through other courses): making it a prerequisite would create a cycle.');
  });

  it("refuses another school's course: 403 for a partner course without full access, 404 beyond", async () => {
    expect((await post(`/api/courses/${ccArt.id}/`, { title: 'Mine now' })).status).toBe(403);
    expect((await post(`/api/courses/${foreign.id}/`, { title: 'Mine now' })).status).toBe(404);
    expect((await post(`/api/courses/${algebra.id}/`, { title: 'Student edit' }, studentToken)).status).toBe(403);
    expect((await del(`/api/courses/${algebra.id}/`, undefined, studentToken)).status).toBe(403);
    expect((await del(`/api/courses/${ccArt.id}/`)).status).toBe(403);
  });

  it('deletes a course, but not one that is in student plans', async () => {
    const inPlans = await del(`/api/courses/${calculus.id}/`);
    expect(inPlans.status).toBe(409);
    expect(inPlans.body).toMatchObject({ error: 'This course is in 1 student plan. Remove it from that plan first.' });
    const c = await buildCourse(h.db, hs, { courseId: 'DEL 1', title: 'Going' });
    const res = await del(`/api/courses/${c.id}/`);
    expect(res.status).toBe(200);
    expect(await h.db.getRepository(CourseEntity).existsBy({ id: c.id })).toBe(false);
    expect((await del(`/api/courses/${c.id}/`)).status).toBe(404);
  });
});

describe('transferability', () => {
  it('checks, accepts with adjusted units, shows the course to students, and removes', async () => {
    const check = () => get(`/api/check-transferability/${ccArt.id}/${hs.uuid}`, studentToken);
    expect((await check()).body).toEqual({ isTransferable: false });
    expect(codes((await get('/api/courses/', studentToken)).body)).not.toContain('ART 10');

    const res = await post('/api/transfer-course/', { original_course_id: ccArt.id, accepting_school_id: hs.id, adjusted_units: 2.5 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ original_course_id: ccArt.id, accepting_school_id: hs.id, adjusted_units: 2.5 });
    expect((await check()).body).toEqual({ isTransferable: true });
    const art = (await get('/api/courses/', studentToken)).body.find((c: { course_id: string }) => c.course_id === 'ART 10');
    expect(art.units_info.map((u: { school_name: string; units: number }) => [u.school_name, u.units])).toEqual([
      ['Catalogue College', 3],
      ['Catalogue High', 2.5],
    ]);

    // Accepting again changes the units; the uuid and the school uuid work too.
    await post('/api/transfer-course/', { original_course_id: ccArt.uuid, accepting_school_id: hs.uuid, adjusted_units: 2 });
    const t = await h.db.getRepository(CourseTransfer).findOneByOrFail({ courseId: ccArt.id, schoolId: hs.id });
    expect(t.adjustedUnits).toBe(2);
    expect(t.acceptedBy).toBe(staff.id);

    const removed = await del('/api/remove-transferability/', { original_course_id: ccArt.id, accepting_school_id: hs.id });
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ message: 'Transferability removed successfully.' });
    expect((await check()).body).toEqual({ isTransferable: false });
    expect((await del('/api/remove-transferability/', { original_course_id: ccArt.id, accepting_school_id: hs.id })).status).toBe(404);
  });

  it('refuses students, own-school courses, other schools as acceptor and bad units', async () => {
    const body = { original_course_id: ccArt.id, accepting_school_id: hs.id, adjusted_units: 1 };
    expect((await post('/api/transfer-course/', body, studentToken)).status).toBe(403);
    expect((await post('/api/transfer-course/', { ...body, accepting_school_id: college.id })).status).toBe(403);
    const own = await post('/api/transfer-course/', { ...body, original_course_id: algebra.id });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: 'A course cannot be made transferable to its own school.' });
    expect((await post('/api/transfer-course/', { ...body, adjusted_units: 'x' })).body).toMatchObject({ error: 'Adjusted units must be a number from 0 to 9999.99.' });
    expect((await post('/api/transfer-course/', { ...body, original_course_id: foreign.id })).status).toBe(404);
    expect((await del('/api/remove-transferability/', body, studentToken)).status).toBe(403);
  });
});

describe('partner schools and tags', () => {
  it('lists partner schools with name, uuid and id', async () => {
    const res = await get('/api/partner-schools/', studentToken);
    expect(res.body).toEqual([{ id: college.id, uuid: college.uuid, name: 'Catalogue College', school_type: 'CLG', primary_color: '#445566' }]);
    expect((await get('/api/partner-schools/', await h.tokenFor(await h.buildStaff({ school: stranger })))).body).toEqual([]);
  });

  it('offers the base tags and the tags of the catalogues the caller reads', async () => {
    const res = await get('/api/tags/');
    expect(res.body).toEqual(
      expect.arrayContaining([
        { key: 'uc', value: 'UC' },
        { key: 'csu', value: 'CSU' },
        { key: 'ap', value: 'AP' },
      ]),
    );
    expect(res.body.map((t: { key: string }) => t.key)).not.toContain('secret');
  });
});

const COURSES = `query ($search: String, $requirement: ID, $first: Int, $after: String) {
  courses(search: $search, requirement: $requirement, first: $first, after: $after) {
    totalCount hasNextPage endCursor
    nodes { uuid courseId title units isScheduled canEdit school { name primaryColor } prerequisiteGroups prerequisiteGroupsUuids
      formattedTags { name color } tags { key value } unitsInfo { schoolName units requirements { label } }
      requirements { name pathwayNames pathwayColors } nonDuplicables { uuid } }
  } }`;

describe('GraphQL', () => {
  it('pages courses with the card fields', async () => {
    const p1 = await h.gql(COURSES, { first: 3, search: 'math' }, studentToken);
    expect(p1.errors).toBeUndefined();
    expect(p1.data!.courses.totalCount).toBe(4);
    expect(p1.data!.courses.nodes.map((c: { courseId: string }) => c.courseId)).toEqual(['MATH 1', 'MATH 10', 'MATH 2']);
    const calc = p1.data!.courses.nodes[1];
    expect(calc).toMatchObject({
      isScheduled: true,
      canEdit: false,
      school: { name: 'Catalogue High', primaryColor: '#112233' },
      prerequisiteGroups: ['MATH 1 or MATH 2', 'ENG 9'],
      prerequisiteGroupsUuids: [[algebra.uuid, geometry.uuid], [english.uuid]],
      formattedTags: [
        { name: 'AP', color: tagColor('ap') },
        { name: 'UC', color: tagColor('uc') },
      ],
      unitsInfo: [{ schoolName: 'Catalogue High', units: 5, requirements: [{ label: 'STEM: Advanced Math' }] }],
      requirements: [{ name: 'Advanced Math', pathwayNames: ['STEM'], pathwayColors: ['blue'] }],
    });
    const p2 = await h.gql(COURSES, { first: 3, search: 'math', after: p1.data!.courses.endCursor }, studentToken);
    expect(p2.data!.courses.nodes.map((c: { courseId: string }) => c.courseId)).toEqual(['MATH 7']);
    expect(p2.data!.courses.hasNextPage).toBe(false);
    const staffView = await h.gql(COURSES, { search: 'algebra' }, staffToken);
    expect(staffView.data!.courses.nodes).toMatchObject([{ courseId: 'MATH 1', canEdit: true }]);
    const filtered = await h.gql(COURSES, { requirement: mathReq.uuid }, staffToken);
    expect(filtered.data!.courses.nodes.map((c: { courseId: string }) => c.courseId)).toEqual(['MATH 10', 'MATH 7']);
  });

  it('answers partnerCourses, course, requirementFilterOptions, partnerSchools, courseChoices and isTransferable', async () => {
    const q = await h.gql(
      `query ($uuid: ID, $req: ID) {
        partnerCourses(requirement: $req) { totalCount nodes { courseId } }
        course(uuid: $uuid) { title }
        byId: course(id: ${calculus.id}) { uuid }
        requirementFilterOptions { uuid label }
        partnerSchools { name uuid }
        courseChoices(search: "math") { courseId }
        isTransferable(courseUuid: "${ccMath.uuid}")
      }`,
      { uuid: calculus.uuid, req: mathReq.uuid },
      studentToken,
    );
    expect(q.errors).toBeUndefined();
    expect(q.data).toEqual({
      partnerCourses: { totalCount: 1, nodes: [{ courseId: 'MATH 7' }] },
      course: { title: 'Calculus' },
      byId: { uuid: calculus.uuid },
      requirementFilterOptions: [
        { uuid: artReq.uuid, label: 'STEM: Arts' },
        { uuid: mathReq.uuid, label: 'STEM: Advanced Math' },
      ].sort((a, b) => a.label.localeCompare(b.label)),
      partnerSchools: [{ name: 'Catalogue College', uuid: college.uuid }],
      courseChoices: [{ courseId: 'MATH 1' }, { courseId: 'MATH 10' }, { courseId: 'MATH 2' }, { courseId: 'MATH 7' }],
      isTransferable: true,
    });
    const hidden = await h.gql(`query { course(uuid: "${foreign.uuid}") { title } }`, {}, staffToken);
    expect(hidden.code).toBe('NOT_FOUND');
  });

  it('creates, updates, accepts and removes transferability, deletes, and refuses students', async () => {
    const created = await h.gql(
      `mutation ($input: CourseInputGql!) { createCourse(input: $input) { uuid courseId units prerequisiteGroups tags { key value } } }`,
      { input: { courseId: 'GQL 1', title: 'GraphQL Course', units: 2.5, prerequisiteGroups: [[algebra.uuid]], tags: [{ key: 'cte', value: 'CTE' }] } },
      staffToken,
    );
    expect(created.errors).toBeUndefined();
    expect(created.data!.createCourse).toMatchObject({ courseId: 'GQL 1', units: 2.5, prerequisiteGroups: ['MATH 1'], tags: [{ key: 'cte', value: 'CTE' }] });
    const uuid = created.data!.createCourse.uuid;
    const dup = await h.gql(`mutation { createCourse(input: { courseId: "GQL 1", title: "Again" }) { uuid } }`, {}, staffToken);
    expect(dup.code).toBe('CONFLICT');
    expect(dup.errors![0].message).toBe('A course with this Course ID already exists.');
    const updated = await h.gql(
      `mutation ($uuid: ID!) { updateCourse(uuid: $uuid, input: { title: "Renamed", prerequisiteGroups: [] }) { title prerequisiteGroups } }`,
      { uuid },
      staffToken,
    );
    expect(updated.data!.updateCourse).toEqual({ title: 'Renamed', prerequisiteGroups: [] });

    const accepted = await h.gql(
      `mutation { acceptTransferability(courseUuid: "${ccArt.uuid}", adjustedUnits: 1) { unitsInfo { schoolName units transferable } } }`,
      {},
      staffToken,
    );
    expect(accepted.data!.acceptTransferability.unitsInfo).toEqual([
      { schoolName: 'Catalogue College', units: 3, transferable: false },
      { schoolName: 'Catalogue High', units: 1, transferable: true },
    ]);
    const removed = await h.gql(`mutation { removeTransferability(courseUuid: "${ccArt.uuid}") { courseId } }`, {}, staffToken);
    expect(removed.errors).toBeUndefined();
    expect(await h.db.getRepository(CourseTransfer).existsBy({ courseId: ccArt.id, schoolId: hs.id })).toBe(false);

    const studentTry = await h.gql(`mutation ($uuid: ID!) { deleteCourse(uuid: $uuid) }`, { uuid }, studentToken);
    expect(studentTry.code).toBe('FORBIDDEN');
    const deleted = await h.gql(`mutation ($uuid: ID!) { deleteCourse(uuid: $uuid) }`, { uuid }, staffToken);
    expect(deleted.data).toEqual({ deleteCourse: true });
  });

  it('imports CSV text', async () => {
    const csv =
      'Course ID,Title,Description,Units,Prerequisites,Tags\nGQ 2,Second,,1,"[[""GQ 1"", ""GQ 9""]]",[]\nGQ 1,First,,1,[],"[""UC""]"\nGQ 3,,,1,[],[]\nGQ 4,Four,,x,[],[]\n';
    const res = await h.gql(
      `mutation ($csv: String!) { uploadCoursesCsv(csv: $csv) { created updated errors { line courseId reason params message } warnings { line reason params message } } }`,
      { csv },
      staffToken,
    );
    expect(res.errors).toBeUndefined();
    // Each row says why by reason code, with the values of a parameterised text, beside the English.
    expect(res.data!.uploadCoursesCsv).toEqual({
      created: 2,
      updated: 0,
      errors: [
        { line: 4, courseId: 'GQ 3', reason: 'CATALOGUE_ROW_TITLE_MISSING', params: null, message: 'Title is missing.' },
        { line: 5, courseId: 'GQ 4', reason: 'CATALOGUE_ROW_UNITS_NOT_NUMBER', params: { value: 'x' }, message: 'Units "x" is not a number.' },
      ],
      warnings: [
        {
          line: 2,
          reason: 'CATALOGUE_ROW_PREREQUISITE_DROPPED',
          params: { course: 'GQ 9' },
          message: 'Unknown prerequisite GQ 9 dropped from its group; the other courses of the group were kept.',
        },
      ],
    });
    const refused = await h.gql(`mutation ($csv: String!) { uploadCoursesCsv(csv: $csv) { created } }`, { csv }, parentToken);
    expect(refused.code).toBe('FORBIDDEN');
  });
});
