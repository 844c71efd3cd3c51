/**
 * One model of reach (reach.ts): reading a course and putting it in a plan ask the same rule,
 * through REST and GraphQL alike. The case where they used to disagree: a course of an unrelated
 * school, accepted as transferable by a school the student belongs to that is not their school
 * of record (reading accepted a transfer to the school of record only, scheduling any own school).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { useHarness } from '../../test/harness.js';
import { SchoolMembership, type School } from './school.entity.js';
import type { User } from '../accounts/user.entity.js';
import type { Course } from '../courses/course.entity.js';
import { accept, buildCourse, partnerSchools } from '../courses/courses.factories.js';
import { loadReaches, reachesCourse } from './reach.js';

const h = useHarness();

let record: School;
let second: School;
let partnerOfSecond: School;
let elsewhere: School;
/** Partner of the school of record, recorded the other way round (it names the record school as its partner). */
let recordPartner: School;
let student: User;
let token: string;
/** Of an unrelated school, accepted by the student's second school. */
let acceptedBySecond: Course;
/** Of an unrelated school, accepted by the partner of the second school (not one of the student's own). */
let acceptedByPartner: Course;
/** Of an unrelated school, accepted by nobody. */
let unrelated: Course;
/** Of the second school's partner college. */
let partnerCourse: Course;

beforeAll(async () => {
  record = await h.buildSchool({ name: 'Reach Record High' });
  second = await h.buildSchool({ name: 'Reach Second High' });
  partnerOfSecond = await h.buildSchool({ name: 'Reach Partner College' });
  elsewhere = await h.buildSchool({ name: 'Reach Elsewhere High' });
  await partnerSchools(h.db, second, partnerOfSecond);
  recordPartner = await h.buildSchool({ name: 'Reach Record Partner College' });
  await partnerSchools(h.db, recordPartner, record);
  student = await h.buildStudent({ school: record });
  await h.db.getRepository(SchoolMembership).insert({ userId: student.id, schoolId: second.id });
  token = await h.tokenFor(student);
  acceptedBySecond = await buildCourse(h.db, elsewhere, { courseId: 'REACH 1', title: 'Accepted by the second school' });
  await accept(h.db, acceptedBySecond, second, 4);
  acceptedByPartner = await buildCourse(h.db, elsewhere, { courseId: 'REACH 2', title: 'Accepted by a partner' });
  await accept(h.db, acceptedByPartner, partnerOfSecond, 4);
  unrelated = await buildCourse(h.db, elsewhere, { courseId: 'REACH 3', title: 'Unrelated' });
  partnerCourse = await buildCourse(h.db, partnerOfSecond, { courseId: 'REACH 4', title: 'Partner college course' });
});

const readRest = async (c: Course) => (await h.api.get(`/api/get-course/${c.id}/`).set(h.auth(token))).status;
const readGql = async (c: Course) => {
  const res = await h.gql(`query($uuid: ID) { course(uuid: $uuid) { uuid title } }`, { uuid: c.uuid }, token);
  return res.data?.course ? 200 : res.code;
};
const scheduleRest = async (c: Course) => (await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: c.id, term: 1 })).status;
const scheduleGql = async (c: Course) => {
  const res = await h.gql(`mutation($id: Int!) { scheduleCourse(courseId: $id, term: "2") { id } }`, { id: c.id }, token);
  return res.data?.scheduleCourse ? 200 : res.code;
};
const unschedule = (c: Course) => h.db.query(`DELETE FROM scheduled_courses WHERE user_id = $1 AND course_id = $2`, [student.id, c.id]);

describe('reading and scheduling agree on every course', () => {
  it('a course accepted by a school the student belongs to (not the school of record): readable and schedulable, both APIs', async () => {
    expect(await readRest(acceptedBySecond)).toBe(200);
    expect(await readGql(acceptedBySecond)).toBe(200);
    expect(await scheduleRest(acceptedBySecond)).toBe(201);
    await unschedule(acceptedBySecond);
    expect(await scheduleGql(acceptedBySecond)).toBe(200);
    await unschedule(acceptedBySecond);
  });

  it("a course of a partner of one of the student's schools: readable and schedulable", async () => {
    expect(await readRest(partnerCourse)).toBe(200);
    expect(await readGql(partnerCourse)).toBe(200);
    expect(await scheduleRest(partnerCourse)).toBe(201);
    await unschedule(partnerCourse);
    expect(await scheduleGql(partnerCourse)).toBe(200);
    await unschedule(partnerCourse);
  });

  it('a course accepted only by a partner school, or by nobody: refused as not found by both, both APIs', async () => {
    for (const c of [acceptedByPartner, unrelated]) {
      expect(await readRest(c)).toBe(404);
      expect(await readGql(c)).toBe('NOT_FOUND');
      expect(await scheduleRest(c)).toBe(404);
      expect(await scheduleGql(c)).toBe('NOT_FOUND');
    }
    const [{ n }] = await h.db.query(`SELECT count(*)::int AS n FROM scheduled_courses WHERE user_id = $1`, [student.id]);
    expect(n).toBe(0);
  });

  it('the student course page (plan) opens the accepted course and refuses the unrelated one', async () => {
    const q = `query($uuid: ID!) { planCourse(uuid: $uuid) { uuid } }`;
    const ok = await h.gql(q, { uuid: acceptedBySecond.uuid }, token);
    expect(ok.errors).toBeUndefined();
    expect(ok.data?.planCourse?.uuid).toBe(acceptedBySecond.uuid);
    expect((await h.gql(q, { uuid: unrelated.uuid }, token)).code).toBe('NOT_FOUND');
  });

  it('the loader computes one reach per user: own schools, their partners, the school of record', async () => {
    const [reach] = await loadReaches(h.db.manager, [student.id]);
    expect(reach.schoolId).toBe(record.id);
    expect(reach.ownIds).toEqual([record.id, second.id].sort((a, b) => a - b));
    expect(reach.schoolIds).toEqual([record.id, second.id, partnerOfSecond.id, recordPartner.id].sort((a, b) => a - b));
    // Partnerships read both ways; the Partner Courses list is the school of record's partners only.
    expect(reach.recordPartnerIds).toEqual([recordPartner.id]);
    expect(reach.fullAccess).toBe(false);
    const [none] = await loadReaches(h.db.manager, [2147483647]);
    expect(none).toMatchObject({ schoolId: null, ownIds: [], schoolIds: [] });
    expect(reachesCourse(reach, { schoolId: elsewhere.id, acceptedByOwn: true })).toBe(true);
    expect(reachesCourse(reach, { schoolId: elsewhere.id, acceptedByOwn: false })).toBe(false);
  });
});
