/** The academic plan through REST and GraphQL on a real database: scheduling, order, terms, grades, warnings, PDF, permissions. */
import { graphql } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { createLoaders } from '../../loaders.js';
import { READ_ONLY_MESSAGE } from '../../core/policy.js';
import { countQueries } from '../../db/query-counter.js';
import { buildAppSchema } from '../../graphql/schema.js';
import { DEMO, useHarness } from '../../test/harness.js';
import type { Course } from '../courses/course.entity.js';
import { SchoolPartnership } from '../courses/course.entity.js';
import { User, UserType } from '../accounts/user.entity.js';
import { School, SchoolType } from '../schools/school.entity.js';
import { PDFDocument } from 'pdf-lib';
import { NAMES_IN_EVERY_SCRIPT, pdfText } from '../../../../shared/testing/pdf-text.js';
import { buildCourse, buildScheduled } from './plans.factories.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

let school: School;
let college: School;
let stranger: School;
let alg: Course, geo: Course, bio: Course, phys: Course, alg2: Course, chem: Course, ccEnglish: Course, foreign: Course;

beforeAll(async () => {
  school = await h.buildSchool({ name: 'Plan Test High', primaryColor: '#123456' });
  college = await h.buildSchool({ name: 'Plan Test College', schoolType: SchoolType.CLG });
  stranger = await h.buildSchool({ name: 'Unrelated High' });
  await h.db.getRepository(SchoolPartnership).insert({ schoolId: school.id, partnerSchoolId: college.id });
  alg = await buildCourse(h.db, school, { courseId: '4301', title: 'Algebra I' });
  geo = await buildCourse(h.db, school, { courseId: '4401', title: 'Geometry', prerequisites: [[alg]] });
  bio = await buildCourse(h.db, school, { courseId: '7201', title: 'Biology' });
  phys = await buildCourse(h.db, school, { courseId: '7101', title: 'Physical Science', prerequisites: [[bio]] });
  alg2 = await buildCourse(h.db, school, { courseId: '4506', title: 'Algebra II', prerequisites: [[geo]] });
  chem = await buildCourse(h.db, school, { courseId: '7301', title: 'Chemistry', units: 1.5, prerequisites: [[phys, alg2], [alg]] });
  ccEnglish = await buildCourse(h.db, college, { courseId: 'ENGL 1', title: 'College Composition', units: 4 });
  foreign = await buildCourse(h.db, stranger, { courseId: 'X1', title: 'Not Reachable' });
});

async function student(o: { labels?: string[] } = {}) {
  const user = await h.buildStudent({ school, firstName: 'Pat', lastName: 'Planner', ...(o.labels ? { academicYearLabels: o.labels } : {}) });
  return { user, token: await h.tokenFor(user) };
}

const PLAN = `{ plan { id userId fullName readOnly labels totalUnits completedUnits
  terms { term position label units courses { id term position grade completed course { id uuid courseId title units prerequisiteGroups school { name primaryColor } } } }
  warnings { scheduledCourseId courseId title term termLabel message } } }`;

const termOf = (plan: any, label: string) => plan.terms.find((t: any) => t.label === label);
const titles = (plan: any, label: string) => termOf(plan, label).courses.map((c: any) => c.course.title);

describe('scheduling through REST', () => {
  it('adds a course to a term, answers the course page calls, and lists the entry with its course', async () => {
    const { user, token } = await student();
    const add = await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: geo.id, term: '2' });
    expect(add.status).toBe(201);
    expect(add.body.message).toBe('Course scheduled successfully.');

    expect((await h.api.get(`/api/check-course-scheduled/${geo.id}/`).set(h.auth(token))).body).toEqual({ isScheduled: true });
    expect((await h.api.get(`/api/check-course-scheduled/${alg.id}/`).set(h.auth(token))).body).toEqual({ isScheduled: false });
    const got = await h.api.get(`/api/get-scheduled-course/${geo.id}/`).set(h.auth(token));
    expect(got.body).toEqual({ id: add.body.id, grade: '', completed: false, term: '2' });
    const missing = await h.api.get(`/api/get-scheduled-course/${alg.id}/`).set(h.auth(token));
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ error: 'This course is not in your plan.' });

    const list = await h.api.get('/api/user-scheduled-courses/').set(h.auth(token));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([
      {
        id: add.body.id,
        term: '2',
        position: 0,
        grade: '',
        completed: false,
        source: 'planned',
        course: {
          uuid: geo.uuid,
          UUID: geo.uuid,
          id: geo.id,
          course_id: '4401',
          title: 'Geometry',
          description: '',
          units: 1,
          school: { name: 'Plan Test High', uuid: school.uuid, primary_color: '#123456', school_type: 'HS' },
          prerequisite_groups: ['4301'],
          prerequisite_groups_uuids: [[alg.uuid]],
        },
      },
    ]);
    const [row] = await h.db.query(`SELECT term, position FROM scheduled_courses WHERE user_id = $1`, [user.id]);
    expect(row).toEqual({ term: '2', position: 0 });
  });

  it('accepts a partner college course, and puts each new course at the end of its term', async () => {
    const { token } = await student();
    await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: alg.id, term: 1 }).expect(201);
    await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: ccEnglish.id, term: '1' }).expect(201);
    const list = (await h.api.get('/api/user-scheduled-courses/').set(h.auth(token))).body;
    expect(list.map((e: any) => [e.course.title, e.position, e.course.school.name])).toEqual([
      ['Algebra I', 0, 'Plan Test High'],
      ['College Composition', 1, 'Plan Test College'],
    ]);
  });

  it('refuses a duplicate, a term outside the plan, a missing or unreachable course, and bad input', async () => {
    const { token } = await student();
    const add = (body: object) => h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send(body);
    await add({ course_id: alg.id, term: '1' }).expect(201);
    expect((await add({ course_id: alg.id, term: '2' })).body).toMatchObject({ error: 'This course is already in your plan.' });
    expect((await add({ course_id: alg.id, term: '2' })).status).toBe(409);
    for (const term of ['0', '5', 'Fall 2025', '']) {
      const res = await add({ course_id: geo.id, term });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: 'Please choose a term of your plan.' });
    }
    expect((await add({ course_id: foreign.id, term: '1' })).status).toBe(404);
    expect((await add({ course_id: 99_999_999, term: '1' })).body).toMatchObject({ error: 'Course not found.' });
    const bad = await add({ course_id: 'abc', term: '1' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'Please choose a course and a term.' });
  });

  it('removes a course by course id and closes the gap in its term', async () => {
    const { user, token } = await student();
    const a = await buildScheduled(h.db, user.id, alg, 1);
    await buildScheduled(h.db, user.id, bio, 1);
    const c = await buildScheduled(h.db, user.id, geo, 1);
    const res = await h.api.delete(`/api/remove-scheduled-course/${bio.id}/`).set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Course removed from your plan.' });
    const rows = await h.db.query(`SELECT id, position FROM scheduled_courses WHERE user_id = $1 ORDER BY position`, [user.id]);
    expect(rows).toEqual([
      { id: a.id, position: 0 },
      { id: c.id, position: 1 },
    ]);
    expect((await h.api.delete(`/api/remove-scheduled-course/${bio.id}/`).set(h.auth(token))).status).toBe(404);
  });
});

describe('grades', () => {
  it('saves a grade and completion, through REST and GraphQL', async () => {
    const { user, token } = await student();
    const entry = await buildScheduled(h.db, user.id, alg, 1);
    const res = await h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(token)).send({ grade: ' B+ ', completed: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Grade updated successfully.' });
    expect((await h.api.get(`/api/get-scheduled-course/${alg.id}/`).set(h.auth(token))).body).toEqual({ id: entry.id, grade: 'B+', completed: true, term: '1' });

    const g = await h.gql(
      `mutation ($id: Int!) { updateGrade(scheduledCourseId: $id, grade: "A", completed: false) { id grade completed course { title } } }`,
      { id: entry.id },
      token,
    );
    expect(g.data!.updateGrade).toEqual({ id: entry.id, grade: 'A', completed: false, course: { title: 'Algebra I' } });
    const [row] = await h.db.query(`SELECT grade, completed FROM scheduled_courses WHERE id = $1`, [entry.id]);
    expect(row).toEqual({ grade: 'A', completed: false });
  });

  it("refuses a grade that is too long, and another student's course as not found", async () => {
    const { user, token } = await student();
    const other = await student();
    const entry = await buildScheduled(h.db, user.id, alg, 1);
    const long = await h.api
      .post(`/api/courses/update-grade/${entry.id}/`)
      .set(h.auth(token))
      .send({ grade: 'x'.repeat(21), completed: false });
    expect(long.status).toBe(400);
    expect(long.body).toMatchObject({ error: 'A grade may have at most 20 characters.' });
    const theirs = await h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(other.token)).send({ grade: 'F', completed: true });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: 'Scheduled course not found.' });
    const [row] = await h.db.query(`SELECT grade, completed FROM scheduled_courses WHERE id = $1`, [entry.id]);
    expect(row).toEqual({ grade: '', completed: false });
  });
});

describe('order and terms of courses', () => {
  it('reorders a term with update-course-positions, renumbering 0..n-1', async () => {
    const { user, token } = await student();
    const a = await buildScheduled(h.db, user.id, alg, 1);
    const b = await buildScheduled(h.db, user.id, bio, 1);
    const c = await buildScheduled(h.db, user.id, ccEnglish, 1);
    const res = await h.api
      .put('/api/update-course-positions/')
      .set(h.auth(token))
      .send({
        updates: [
          { id: c.id, position: 0 },
          { id: a.id, position: 1 },
          { id: b.id, position: 2 },
        ],
      });
    expect(res.status).toBe(200);
    const rows = await h.db.query(`SELECT id FROM scheduled_courses WHERE user_id = $1 ORDER BY position`, [user.id]);
    expect(rows.map((r: any) => r.id)).toEqual([c.id, a.id, b.id]);
    // A partial update puts the course there and keeps the others in order, with no two at one position.
    await h.api
      .put('/api/update-course-positions/')
      .set(h.auth(token))
      .send({ updates: [{ id: b.id, position: 0 }] })
      .expect(200);
    const again = await h.db.query(`SELECT id, position FROM scheduled_courses WHERE user_id = $1 ORDER BY position`, [user.id]);
    expect(again).toEqual([
      { id: b.id, position: 0 },
      { id: c.id, position: 1 },
      { id: a.id, position: 2 },
    ]);
  });

  it("refuses positions naming another student's course, and malformed updates, changing nothing", async () => {
    const { user, token } = await student();
    const other = await student();
    const mine = await buildScheduled(h.db, user.id, alg, 1);
    const theirs = await buildScheduled(h.db, other.user.id, alg, 1);
    const res = await h.api
      .put('/api/update-course-positions/')
      .set(h.auth(token))
      .send({
        updates: [
          { id: mine.id, position: 3 },
          { id: theirs.id, position: 0 },
        ],
      });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'Scheduled course not found.' });
    const bad = await h.api.put('/api/update-course-positions/').set(h.auth(token)).send({ updates: 'nope' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: 'updates must be a list of { id, position }.' });
    const [row] = await h.db.query(`SELECT position FROM scheduled_courses WHERE id = $1`, [mine.id]);
    expect(row.position).toBe(0);
  });

  it('moves a course to another term with PUT /api/courses/{id}/, and refuses a term that does not exist', async () => {
    const { user, token } = await student();
    const a = await buildScheduled(h.db, user.id, alg, 1);
    const b = await buildScheduled(h.db, user.id, bio, 1);
    const c = await buildScheduled(h.db, user.id, geo, 2);
    const res = await h.api.put(`/api/courses/${a.id}/`).set(h.auth(token)).send({ term: '2' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Course term updated.', id: a.id, term: '2', position: 1 });
    const rows = await h.db.query(`SELECT id, term, position FROM scheduled_courses WHERE user_id = $1 ORDER BY term, position`, [user.id]);
    expect(rows).toEqual([
      { id: b.id, term: '1', position: 0 },
      { id: c.id, term: '2', position: 0 },
      { id: a.id, term: '2', position: 1 },
    ]);

    const refused = await h.api.put(`/api/courses/${a.id}/`).set(h.auth(token)).send({ term: '9' });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'Please choose a term of your plan.' });
    const other = await student();
    expect((await h.api.put(`/api/courses/${a.id}/`).set(h.auth(other.token)).send({ term: '1' })).status).toBe(404);
  });

  it('moves and reorders through GraphQL, answering the plan with its warnings', async () => {
    const { user, token } = await student();
    const a = await buildScheduled(h.db, user.id, alg, 1);
    const g = await buildScheduled(h.db, user.id, geo, 2);
    const b = await buildScheduled(h.db, user.id, bio, 2);
    const before = (await h.gql(PLAN, {}, token)).data!.plan;
    expect(before.warnings).toEqual([]);

    const MOVE = `mutation ($id: Int!, $term: String!, $pos: Int) { moveScheduledCourse(scheduledCourseId: $id, term: $term, position: $pos) {
      terms { label courses { id course { title } } } warnings { message } } }`;
    const moved = await h.gql(MOVE, { id: g.id, term: '1', pos: 0 }, token);
    expect(moved.errors).toBeUndefined();
    expect(titles(moved.data!.moveScheduledCourse, '9th Grade')).toEqual(['Geometry', 'Algebra I']);
    // Same term counts as met, whatever the order inside it.
    expect(moved.data!.moveScheduledCourse.warnings).toEqual([]);

    const late = await h.gql(MOVE, { id: a.id, term: '3', pos: null }, token);
    expect(late.data!.moveScheduledCourse.warnings).toEqual([{ message: 'Prerequisite not met for "Geometry" in 9th Grade' }]);

    const REORDER = `mutation ($term: String!, $ids: [Int!]!) { reorderTerm(term: $term, scheduledCourseIds: $ids) { terms { label courses { id } } } }`;
    await buildScheduled(h.db, user.id, phys, 2);
    const plan = (await h.gql(PLAN, {}, token)).data!.plan;
    const ids = termOf(plan, '10th Grade')
      .courses.map((c: any) => c.id)
      .reverse();
    const re = await h.gql(REORDER, { term: '2', ids }, token);
    expect(termOf(re.data!.reorderTerm, '10th Grade').courses.map((c: any) => c.id)).toEqual(ids);
    const wrong = await h.gql(REORDER, { term: '1', ids: [b.id] }, token);
    expect(wrong.code).toBe('BAD_USER_INPUT');
    expect(wrong.errors![0].message).toBe('Every course must belong to the term being reordered.');
  });

  it('keeps every course and distinct positions under concurrent reorders and moves', async () => {
    const { user, token } = await student();
    const entries = [];
    for (const c of [alg, geo, bio, phys, alg2]) entries.push(await buildScheduled(h.db, user.id, c, 1));
    const ids = entries.map((e) => e.id);
    const shuffles = [ids, [...ids].reverse(), [ids[2], ids[0], ids[4], ids[1], ids[3]], [ids[4], ids[3], ids[0], ids[1], ids[2]]];
    const calls = [
      ...shuffles.map((order) =>
        h.api
          .put('/api/update-course-positions/')
          .set(h.auth(token))
          .send({ updates: order.map((id, position) => ({ id, position })) }),
      ),
      h.api.put(`/api/courses/${ids[1]}/`).set(h.auth(token)).send({ term: '2' }),
      h.api.put(`/api/courses/${ids[1]}/`).set(h.auth(token)).send({ term: '1', position: 0 }),
    ];
    const results = await Promise.all(calls);
    for (const r of results) expect([200, 404]).toContain(r.status);
    const rows: { id: number; term: string; position: number }[] = await h.db.query(`SELECT id, term, position FROM scheduled_courses WHERE user_id = $1`, [user.id]);
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
    for (const term of new Set(rows.map((r) => r.term))) {
      const positions = rows
        .filter((r) => r.term === term)
        .map((r) => r.position)
        .sort((a, b) => a - b);
      expect(positions).toEqual(positions.map((_, i) => i));
    }
  });
});

describe('term edits', () => {
  const ADD = `mutation ($label: String!) { addTerm(label: $label) { labels terms { term label } } }`;
  const UPDATE = `mutation ($p: Int!, $label: String!, $to: Int) { updateTerm(position: $p, label: $label, newPosition: $to) {
    labels terms { term position label courses { course { title } } } } }`;
  const DELETE = `mutation ($p: Int!) { deleteTerm(position: $p) { labels terms { term label courses { course { title } } } } }`;

  it('adds a term, requiring a label', async () => {
    const { user, token } = await student();
    const res = await h.gql(ADD, { label: 'Summer Bridge' }, token);
    expect(res.data!.addTerm.labels).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade', 'Summer Bridge']);
    const empty = await h.gql(ADD, { label: '   ' }, token);
    expect(empty.code).toBe('BAD_USER_INPUT');
    expect(empty.errors![0].message).toBe('Please enter a label.');
    const dup = await h.api.post('/api/terms/').set(h.auth(token)).send({ label: '9th grade' });
    expect(dup.status).toBe(400);
    expect(dup.body).toMatchObject({ error: 'Term labels must be different from each other.' });
    const fresh = await h.db.getRepository(User).findOneByOrFail({ id: user.id });
    expect(fresh.academicYearLabels).toHaveLength(5);
  });

  it('renames and moves a term, and its courses move with it in the same transaction', async () => {
    const { user, token } = await student();
    await buildScheduled(h.db, user.id, alg, 1);
    await buildScheduled(h.db, user.id, bio, 2);
    await buildScheduled(h.db, user.id, geo, 4);
    const res = await h.gql(UPDATE, { p: 4, label: 'Senior Year', to: 2 }, token);
    expect(res.errors).toBeUndefined();
    const plan = res.data!.updateTerm;
    expect(plan.labels).toEqual(['9th Grade', 'Senior Year', '10th Grade', '11th Grade']);
    expect(plan.terms.map((t: any) => [t.term, t.label, t.courses.map((c: any) => c.course.title)])).toEqual([
      ['1', '9th Grade', ['Algebra I']],
      ['2', 'Senior Year', ['Geometry']],
      ['3', '10th Grade', ['Biology']],
      ['4', '11th Grade', []],
    ]);
    const rows = await h.db.query(`SELECT course_id, term FROM scheduled_courses WHERE user_id = $1 ORDER BY course_id`, [user.id]);
    expect(rows).toEqual([
      { course_id: alg.id, term: '1' },
      { course_id: geo.id, term: '2' },
      { course_id: bio.id, term: '3' },
    ]);

    // REST: rename only.
    const renamed = await h.api.put('/api/terms/1/').set(h.auth(token)).send({ label: 'Freshman Year' });
    expect(renamed.body.academic_year_labels[0]).toBe('Freshman Year');
    const bad = await h.gql(UPDATE, { p: 1, label: 'X', to: 7 }, token);
    expect(bad.errors![0].message).toBe('Please choose a term position between 1 and the number of terms.');
    expect((await h.gql(UPDATE, { p: 9, label: 'X', to: null }, token)).code).toBe('NOT_FOUND');
  });

  it('refuses to delete a term that has courses, and deletes an empty one moving later courses up', async () => {
    const { user, token } = await student();
    await buildScheduled(h.db, user.id, alg, 1);
    await buildScheduled(h.db, user.id, geo, 3);
    const refused = await h.api.delete('/api/terms/1/').set(h.auth(token));
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ error: 'Cannot delete a term that has courses.' });
    const g = await h.gql(DELETE, { p: 1 }, token);
    expect(g.code).toBe('CONFLICT');
    expect(g.errors![0].message).toBe('Cannot delete a term that has courses.');

    const ok = await h.gql(DELETE, { p: 2 }, token);
    expect(ok.data!.deleteTerm.labels).toEqual(['9th Grade', '11th Grade', '12th Grade']);
    expect(ok.data!.deleteTerm.terms.map((t: any) => [t.term, t.label, t.courses.length])).toEqual([
      ['1', '9th Grade', 1],
      ['2', '11th Grade', 1],
      ['3', '12th Grade', 0],
    ]);
    const [row] = await h.db.query(`SELECT term FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [user.id, geo.id]);
    expect(row.term).toBe('2');
  });

  it('shows Season Year terms chronologically and judges prerequisites in that order', async () => {
    const { user, token } = await student({ labels: ['Fall 2026', 'Spring 2026', 'Summer 2026'] });
    await buildScheduled(h.db, user.id, alg, 1); // Fall 2026
    await buildScheduled(h.db, user.id, geo, 3); // Summer 2026: before Fall 2026
    const plan = (await h.gql(PLAN, {}, token)).data!.plan;
    expect(plan.terms.map((t: any) => t.label)).toEqual(['Spring 2026', 'Summer 2026', 'Fall 2026']);
    expect(plan.warnings.map((w: any) => w.message)).toEqual(['Prerequisite not met for "Geometry" in Summer 2026']);
  });

  it('still shows a course whose term is no longer one of the labels', async () => {
    const { user, token } = await student();
    await buildScheduled(h.db, user.id, alg, 6);
    const plan = (await h.gql(PLAN, {}, token)).data!.plan;
    expect(plan.terms.map((t: any) => t.label)).toEqual(['9th Grade', '10th Grade', '11th Grade', '12th Grade', 'Term 6']);
    expect(titles(plan, 'Term 6')).toEqual(['Algebra I']);
  });
});

describe('the plan query', () => {
  it('returns terms, courses with school, units and prerequisite groups, warnings and totals', async () => {
    const { user, token } = await student();
    await buildScheduled(h.db, user.id, chem, 1, { grade: 'A', completed: true });
    await buildScheduled(h.db, user.id, alg, 2);
    await buildScheduled(h.db, user.id, ccEnglish, 2);
    const res = await h.gql(PLAN, {}, token);
    expect(res.errors).toBeUndefined();
    const plan = res.data!.plan;
    expect(plan).toMatchObject({ userId: user.id, fullName: 'Pat Planner', readOnly: false, totalUnits: 6.5, completedUnits: 1.5 });
    expect(plan.terms.map((t: any) => [t.label, t.units])).toEqual([
      ['9th Grade', 1.5],
      ['10th Grade', 5],
      ['11th Grade', 0],
      ['12th Grade', 0],
    ]);
    expect(termOf(plan, '9th Grade').courses[0]).toMatchObject({
      grade: 'A',
      completed: true,
      course: {
        courseId: '7301',
        title: 'Chemistry',
        units: 1.5,
        prerequisiteGroups: ['4506 or 7101', '4301'],
        school: { name: 'Plan Test High', primaryColor: '#123456' },
      },
    });
    expect(termOf(plan, '10th Grade').courses[1].course.school.name).toBe('Plan Test College');
    expect(plan.warnings.map((w: any) => w.message)).toEqual(['Prerequisite not met for "Chemistry" in 9th Grade', 'Prerequisite not met for "Chemistry" in 9th Grade']);
    // The REST view carries the same warnings.
    const rest = await h.api.get('/api/plan/').set(h.auth(token));
    expect(rest.body.warnings.map((w: any) => w.message)).toEqual(plan.warnings.map((w: any) => w.message));
  });

  it('runs the same number of SQL statements for 5 and 40 courses', async () => {
    const schema = await buildAppSchema();
    async function statementsFor(n: number): Promise<number> {
      const { user } = await student();
      const prev: Course[] = [];
      for (let i = 0; i < n; i++) {
        const c = await buildCourse(h.db, i % 2 ? school : college, { prerequisites: prev.length ? [[prev[prev.length - 1]], [prev[0]]] : [] });
        prev.push(c);
        await buildScheduled(h.db, user.id, c, (i % 4) + 1);
      }
      const token = await h.tokenFor(user);
      const caller = await h.services.accounts.authenticate(token);
      const { result, statements } = await countQueries(() =>
        graphql({
          schema,
          source: PLAN,
          contextValue: { caller, ip: 'test', db: h.db, config: h.config, services: h.services, loaders: createLoaders(h.db) },
        }),
      );
      expect(result.errors).toBeUndefined();
      expect((result.data as any).plan.terms.flatMap((t: any) => t.courses)).toHaveLength(n);
      return statements.length;
    }
    const five = await statementsFor(5);
    const forty = await statementsFor(40);
    expect(five).toBeGreaterThan(0);
    expect(forty).toBe(five);
  });

  it('finds a course for the student course page with the entry scheduled in the plan', async () => {
    const { user, token } = await student();
    const entry = await buildScheduled(h.db, user.id, geo, 2, { grade: 'B', completed: true });
    // The course page's own selection, source included (the student's own completion: self-reported).
    const Q = `query ($uuid: ID!) { planCourse(uuid: $uuid) { id courseId title school { name } prerequisiteGroups scheduled { id term grade completed source } } }`;
    const res = await h.gql(Q, { uuid: geo.uuid }, token);
    expect(res.errors).toBeUndefined();
    expect(res.data!.planCourse).toEqual({
      id: geo.id,
      courseId: '4401',
      title: 'Geometry',
      school: { name: 'Plan Test High' },
      prerequisiteGroups: ['4301'],
      scheduled: { id: entry.id, term: '2', grade: 'B', completed: true, source: 'self_reported' },
    });
    expect((await h.gql(Q, { uuid: alg.uuid }, token)).data!.planCourse.scheduled).toBeNull();
    expect((await h.gql(Q, { uuid: foreign.uuid }, token)).code).toBe('NOT_FOUND');
  });
});

describe('who may see and change a plan', () => {
  async function viewToken(viewerToken: string, studentId: number): Promise<string> {
    const res = await h.api.post('/api/view-as-student/').set(h.auth(viewerToken)).send({ studentId });
    expect(res.status).toBe(200);
    return res.body.token;
  }

  it("lets a parent's view read the plan and refuses every change (403)", async () => {
    const { user } = await student();
    const entry = await buildScheduled(h.db, user.id, alg, 1);
    const parent = await h.buildParent({ school, students: [user] });
    const token = await viewToken(await h.tokenFor(parent), user.id);

    const plan = await h.gql(PLAN, {}, token);
    expect(plan.data!.plan).toMatchObject({ userId: user.id, readOnly: true });
    expect((await h.api.get('/api/user-scheduled-courses/').set(h.auth(token))).body).toHaveLength(1);

    const refusals = [
      h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: geo.id, term: '2' }),
      h.api.delete(`/api/remove-scheduled-course/${alg.id}/`).set(h.auth(token)),
      h.api.post(`/api/courses/update-grade/${entry.id}/`).set(h.auth(token)).send({ grade: 'A', completed: true }),
      h.api
        .put('/api/update-course-positions/')
        .set(h.auth(token))
        .send({ updates: [{ id: entry.id, position: 0 }] }),
      h.api.put(`/api/courses/${entry.id}/`).set(h.auth(token)).send({ term: '2' }),
      h.api.post('/api/terms/').set(h.auth(token)).send({ label: 'Extra' }),
      h.api.delete('/api/terms/4/').set(h.auth(token)),
    ];
    for (const res of await Promise.all(refusals)) {
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ error: textOf(READ_ONLY_MESSAGE), reason: READ_ONLY_MESSAGE });
    }
    for (const m of [
      `mutation { scheduleCourse(courseId: ${geo.id}, term: "2") { id } }`,
      `mutation { updateGrade(scheduledCourseId: ${entry.id}, grade: "A", completed: true) { id } }`,
      `mutation { moveScheduledCourse(scheduledCourseId: ${entry.id}, term: "3") { id } }`,
      `mutation { updateTerm(position: 1, label: "Hacked") { id } }`,
      `mutation { deleteTerm(position: 4) { id } }`,
    ]) {
      const g = await h.gql(m, {}, token);
      expect(g.code).toBe('FORBIDDEN');
    }
    const rows = await h.db.query(`SELECT course_id, term, grade FROM scheduled_courses WHERE user_id = $1`, [user.id]);
    expect(rows).toEqual([{ course_id: alg.id, term: '1', grade: '' }]);
    const fresh = await h.db.getRepository(User).findOneByOrFail({ id: user.id });
    expect(fresh.academicYearLabels).toHaveLength(4);
  });

  it("lets staff change a student's plan through view-as, and refuses staff their own plan", async () => {
    const { user } = await student();
    const staff = await h.buildStaff({ school });
    const staffToken = await h.tokenFor(staff);
    const token = await viewToken(staffToken, user.id);
    const add = await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: alg.id, term: '1' });
    expect(add.status).toBe(201);
    const [row] = await h.db.query(`SELECT user_id FROM scheduled_courses WHERE id = $1`, [add.body.id]);
    expect(row.user_id).toBe(user.id);

    const own = await h.api.get('/api/user-scheduled-courses/').set(h.auth(staffToken));
    expect(own.status).toBe(403);
    expect(own.body).toMatchObject({ error: 'Only students and baseline plans have an academic plan.' });
    expect((await h.gql(PLAN, {}, staffToken)).code).toBe('FORBIDDEN');
    expect((await h.api.get('/api/user-scheduled-courses/')).status).toBe(401);
  });

  it('lets Lincoln staff edit the demo baseline plan through view-as', async () => {
    const baseline = await h.userByEmail(DEMO.baseline);
    expect(baseline.userType).toBe(UserType.BaselinePlan);
    const token = await viewToken(await h.login(DEMO.admin), baseline.id);
    const plan = (await h.gql(PLAN, {}, token)).data!.plan;
    expect(plan.fullName).toContain('STEM Pathway');
    const added = await h.gql(`mutation { addTerm(label: "Summer Bridge") { labels } }`, {}, token);
    expect(added.data!.addTerm.labels).toContain('Summer Bridge');
    const removed = await h.gql(`mutation { deleteTerm(position: 5) { labels } }`, {}, token);
    expect(removed.data!.deleteTerm.labels).not.toContain('Summer Bridge');
  });
});

describe('PDF export', () => {
  it('answers an A4 PDF with every term, course, grade, the totals and the warnings as text', async () => {
    const { user, token } = await student();
    await buildScheduled(h.db, user.id, geo, 1, { grade: 'B+', completed: true });
    await buildScheduled(h.db, user.id, ccEnglish, 2);
    const res = await h.api
      .get('/api/plan-pdf/')
      .set(h.auth(token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const pdf: Buffer = res.body;
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.toString('latin1')).toMatch(/\/MediaBox \[ 0 0 595\.28 841\.89 \]/);
    const text = await pdfText(pdf);
    for (const s of [
      'Pat Planner - Academic Plan',
      '9th Grade',
      '10th Grade',
      '12th Grade',
      '4401',
      'Geometry (Plan Test High)',
      'B+',
      'ENGL 1',
      'College Composition (Plan Test College)',
      'No courses scheduled for this year.',
      '2 courses in 4 terms; 5 units planned, 1 unit completed.',
      'Prerequisite not met for "Geometry" in 9th Grade',
    ])
      expect(text).toContain(s);
  });

  const planPdf = async (firstName: string, lastName: string): Promise<Buffer> => {
    const user = await h.buildStudent({ school, firstName, lastName });
    await buildScheduled(h.db, user.id, geo, 1);
    const res = await h.api
      .get('/api/plan-pdf/')
      .set(h.auth(await h.tokenFor(user)))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body;
  };

  it('prints names in every script exactly, in the heading, the footer and the title', async () => {
    for (const n of NAMES_IN_EVERY_SCRIPT) {
      const name = `${n.first} ${n.last}`;
      const pdf = await planPdf(n.first, n.last);
      const lines = (await pdfText(pdf)).split('\n');
      expect(lines, name).toContain(`${name} - Academic Plan`);
      expect(lines, name).toContain(`${name} - Academic Plan - page 1 of 1`);
      expect((await PDFDocument.load(pdf)).getTitle(), name).toBe(`${name} - Academic Plan`);
    }
  });

  it('prints a name typed with combining accents in its composed letters, and a Latin and Chinese name on one line', async () => {
    const decomposed = await pdfText(await planPdf('Thi\u0323 Minh', 'Nguye\u0302\u0303n'));
    expect(decomposed).toContain('Thị Minh Nguyễn - Academic Plan');
    expect(await pdfText(await planPdf('Wang', 'Xiaoming 王小明'))).toContain('Wang Xiaoming 王小明 - Academic Plan');
  });

  it('prints a letter no font has (Arabic, Hebrew: right to left is not supported) as the visible replacement character', async () => {
    const text = await pdfText(await planPdf('محمد', 'Levi לוי'));
    expect(text).toContain('\uFFFD\uFFFD\uFFFD\uFFFD Levi \uFFFD\uFFFD\uFFFD - Academic Plan');
    expect(text).not.toContain('?');
  });

  const pdfOf = async (token: string): Promise<Buffer> => {
    const res = await h.api
      .get('/api/plan-pdf/')
      .set(h.auth(token))
      .buffer(true)
      .parse((r, cb) => {
        const chunks: Buffer[] = [];
        r.on('data', (c: Buffer) => chunks.push(c));
        r.on('end', () => cb(null, Buffer.concat(chunks)));
      });
    expect(res.status).toBe(200);
    return res.body;
  };

  const reads = async (user: User, locale: string): Promise<User> => {
    await h.db.getRepository(User).update({ id: user.id }, { locale: locale as User['locale'] });
    return user;
  };

  /** A student whose account reads `locale`: Geometry (completed, its prerequisite missing) in 9th Grade, two courses in 10th. */
  async function studentReading(locale: string, firstName: string, lastName: string) {
    const user = await reads(await h.buildStudent({ school, firstName, lastName }), locale);
    await buildScheduled(h.db, user.id, geo, 1, { grade: 'A-', completed: true });
    await buildScheduled(h.db, user.id, alg2, 2);
    await buildScheduled(h.db, user.id, ccEnglish, 2);
    return user;
  }

  it('prints every heading, column, total and warning in Vietnamese for a Vietnamese reader, names and titles exactly', async () => {
    const user = await studentReading('vi', 'Thị Minh', 'Nguyễn');
    const pdf = await pdfOf(await h.tokenFor(user));
    const lines = (await pdfText(pdf)).split('\n');
    for (const s of [
      'Thị Minh Nguyễn - Kế hoạch học tập',
      'Lớp 9 1 môn học, 1 đơn vị',
      'Lớp 10 2 môn học, 5 đơn vị',
      'Lớp 12 0 môn học, 0 đơn vị',
      'Năm này chưa có môn học nào.',
      'Tổng cộng',
      '3 môn học trong 4 học kỳ; đã dự định 6 đơn vị, đã hoàn tất 1 đơn vị.',
      'Cảnh báo về môn tiên quyết',
      'Thị Minh Nguyễn - Kế hoạch học tập - trang 1/1',
    ])
      expect(lines, s).toContain(s);
    const text = lines.join('\n');
    for (const s of [
      'Mã môn học',
      'Tên môn học',
      'Đơn vị',
      'Điểm',
      'Đã hoàn tất',
      'Có',
      'Không',
      'A-',
      'Geometry (Plan Test High)',
      'College Composition (Plan Test College)',
      'ENGL 1',
      '- Chưa đáp ứng môn tiên quyết của "Geometry" trong Lớp 9',
    ])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(/Academic Plan|Course ID|Totals|Prerequisite|courses|Grade\b/);
    const doc = await PDFDocument.load(pdf);
    expect(doc.getTitle()).toBe('Thị Minh Nguyễn - Kế hoạch học tập');
  });

  it('prints every heading, column, total and warning in Simplified Chinese for a Chinese reader, names and titles exactly', async () => {
    const user = await studentReading('zh', '小明', '王');
    const text = await pdfText(await pdfOf(await h.tokenFor(user)));
    const lines = text.split('\n');
    for (const s of [
      '小明 王 - 学业计划',
      '九年级 1 门课程，1 学分',
      '十年级 2 门课程，5 学分',
      '十二年级 0 门课程，0 学分',
      '这一年还没有安排课程。',
      '合计',
      '先修课程警告',
      '4 个学期共 3 门课程；已规划 6 学分，已完成 1 学分。',
      '小明 王 - 学业计划 - 第 1 页，共 1 页',
    ])
      expect(lines, s).toContain(s);
    for (const s of ['课程编号', '课程名称', '学分', '成绩', '已完成', '是', '否', 'Geometry (Plan Test High)', '- “Geometry”在九年级未满足先修要求'])
      expect(text, s).toContain(s);
    expect(text).not.toMatch(/Academic Plan|Course ID|Totals|Prerequisite|Grade\b/);
  });

  it('prints term labels a person typed as typed, in any language', async () => {
    const user = await reads(await h.buildStudent({ school, firstName: 'Lan', lastName: 'Trần', academicYearLabels: ['Summer Bridge', '9th Grade'] }), 'vi');
    await buildScheduled(h.db, user.id, geo, 1);
    const lines = (await pdfText(await pdfOf(await h.tokenFor(user)))).split('\n');
    expect(lines).toContain('Summer Bridge 1 môn học, 1 đơn vị');
    expect(lines).toContain('Lớp 9 0 môn học, 0 đơn vị');
  });

  it("is in the reader's language, not the student's, when a parent views as the student", async () => {
    const user = await studentReading('en', 'Bao', 'Lee');
    const parent = await reads(await h.buildParent({ school, students: [user] }), 'zh');
    const view = await h.api
      .post('/api/view-as-student/')
      .set(h.auth(await h.tokenFor(parent)))
      .send({ studentId: user.id });
    expect(view.status).toBe(200);
    const text = await pdfText(await pdfOf(view.body.token));
    expect(text).toContain('Bao Lee - 学业计划');
    expect(text).not.toContain('Academic Plan');
  });

  it('is refused to a caller without a plan', async () => {
    const res = await h.api.get('/api/plan-pdf/').set(h.auth(await h.login(DEMO.admin)));
    expect(res.status).toBe(403);
  });
});

describe('the demo plans', () => {
  it("gives Sam Lee a four-year plan of Lincoln's courses with their prerequisite groups and no warnings", async () => {
    const plan = (await h.gql(PLAN, {}, await h.login(DEMO.student))).data!.plan;
    expect(plan.fullName).toBe('Sam Lee');
    expect(titles(plan, '9th Grade')).toEqual(['English 9', 'Algebra I', 'Biology', 'Spanish I']);
    expect(titles(plan, '10th Grade')).toEqual(['English 10', 'Geometry', 'Physical Science', 'Spanish II']);
    expect(titles(plan, '11th Grade')).toEqual(['English 11', 'Algebra II with Financial Applications', 'Chemistry']);
    const chemistry = termOf(plan, '11th Grade').courses[2].course;
    expect(chemistry).toMatchObject({ courseId: '7301', prerequisiteGroups: ['4504 or 4506 or 7101'], school: { name: 'Lincoln High School' } });
    expect(plan.warnings).toEqual([]);
  });

  it('seeds again without duplicating plan entries', async () => {
    const { seedDemoPlans } = await import('../../db/seed-plans.js');
    const sam = await h.userByEmail(DEMO.student);
    const stem = await h.userByEmail(DEMO.baseline);
    const count = async (id: number) => (await h.db.query(`SELECT count(*)::int AS n FROM scheduled_courses WHERE user_id = $1`, [id]))[0].n;
    const before = [await count(sam.id), await count(stem.id)];
    await h.db.transaction(async (m) => {
      const lincoln = await m.getRepository(School).findOneByOrFail({ id: sam.schoolId! });
      await m.query(`DELETE FROM users WHERE email = 'baseline_plan_health_sciences'`);
      await seedDemoPlans(m, lincoln, sam, stem);
    });
    expect([await count(sam.id), await count(stem.id)]).toEqual(before);
  });
});
