import { describe, expect, it } from 'vitest';
import { pdfText } from '../../../../shared/testing/pdf-text.js';
import { useHarness } from '../../test/harness.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { buildCourse } from '../courses/courses.factories.js';
import { CASELOAD_QUEUE } from '../caseload/freshness.js';
import { schoolYearEndOf } from './term-placement.js';
import { TRANSCRIPT_IMPORT_QUEUE } from './transcript-queue.js';

const h = useHarness();
const end = schoolYearEndOf(new Date());
const lastYear = `${end - 2}-${end - 1}`;
const thisYear = `${end - 1}-${end}`;

async function runJobs(queue: string): Promise<void> {
  const worker = new JobWorker(h.db, { [queue]: backgroundHandlers(h.db, h.services, {}, 0)[queue] });
  while ((await worker.runOnce()) > 0) {
    /* next pass */
  }
}

/**
 * English asks for 6 courses with C or better: A, B and C from the record count completed, D does
 * not count at all, two planned (one in progress on the record, one the student added): 3
 * completed, 2 planned, 1 missing. Electives asks for 2 with no minimum: an F from the record
 * never counts; a completion the student ticked while the school keeps their record counts as
 * planned: 0 completed, 1 planned, 1 missing.
 */
async function world() {
  const school = await h.buildSchool();
  const staff = await h.buildStaff({ school });
  const staffToken = await h.tokenFor(staff);
  const student = await h.buildStudent({ school, grade: '10', firstName: 'Mina', lastName: 'Grade' });
  await h.db.query(`UPDATE users SET sourced_id = 'MG-1' WHERE id = $1`, [student.id]);
  const [pathway] = await h.db.query(`INSERT INTO pathways (school_id, name) VALUES ($1, 'Graduation') RETURNING id, uuid`, [school.id]);
  await h.db.query(`INSERT INTO student_pathways (student_id, pathway_id) VALUES ($1, $2)`, [student.id, pathway.id]);
  const add = (name: string, courses: number, minimum: string | null) =>
    h.api.post('/api/add-requirement-to-pathway/').set(h.auth(staffToken)).send({ pathway_uuid: pathway.uuid, name, number_of_courses: courses, minimum_grade: minimum });
  const english = await add('English', 6, 'C');
  expect(english.status, JSON.stringify(english.body)).toBe(201);
  expect(english.body.minimum_grade).toBe('C');
  const electives = await add('Electives', 2, null);
  const eng = [];
  for (let i = 1; i <= 6; i++) eng.push(await buildCourse(h.db, school, { courseId: `ENG${i}`, title: `English ${i}`, units: 5 }));
  const el = [
    await buildCourse(h.db, school, { courseId: 'ART', title: 'Art', units: 5 }),
    await buildCourse(h.db, school, { courseId: 'BAND', title: 'Band', units: 5 }),
  ];
  const [engId, elId] = [english.body.uuid, electives.body.uuid];
  for (const c of eng) await h.db.query(`INSERT INTO course_requirements (course_id, requirement_id) SELECT $1, id FROM requirements WHERE uuid = $2`, [c.id, engId]);
  for (const c of el) await h.db.query(`INSERT INTO course_requirements (course_id, requirement_id) SELECT $1, id FROM requirements WHERE uuid = $2`, [c.id, elId]);

  const csv = [
    'student_id,course_code,school_year,term,grade,status',
    `MG-1,ENG1,${lastYear},Fall,A,completed`,
    `MG-1,ENG2,${lastYear},Spring,B,completed`,
    `MG-1,ENG3,${lastYear},Summer,C,completed`,
    `MG-1,ENG4,${lastYear},Fall 2,D,completed`,
    `MG-1,ENG5,${thisYear},Year,,in progress`,
    `MG-1,ART,${lastYear},Fall,F,completed`,
  ].join('\n');
  const up = await h.api.post('/api/transcript-import/').set(h.auth(staffToken)).attach('file', Buffer.from(csv), { filename: 'h.csv', contentType: 'text/csv' });
  expect(up.status, JSON.stringify(up.body)).toBe(202);
  await runJobs(TRANSCRIPT_IMPORT_QUEUE);
  const token = await h.tokenFor(student);
  for (const [course, term] of [
    [eng[5], '3'],
    [el[1], '1'],
  ] as const) {
    const r = await h.api.post('/api/add-scheduled-course/').set(h.auth(token)).send({ course_id: course.id, term });
    expect(r.status).toBe(201);
    if (course === el[1]) await h.api.post(`/api/courses/update-grade/${r.body.id}/`).set(h.auth(token)).send({ grade: 'A', completed: true }).expect(200);
  }
  return { school, staffToken, student, token, eng, el };
}

describe('minimum grades and completed apart from planned', () => {
  it('counts progress as "3 completed, 2 planned, 1 missing" on both APIs, the caseload and the PDF, never a course below the minimum', async () => {
    const { staffToken, student, token, eng, el } = await world();
    const progress = await h.api.get('/api/requirement-progress/').set(h.auth(token));
    expect(progress.status).toBe(200);
    const byName = Object.fromEntries((progress.body as { name: string }[]).map((r) => [r.name, r]));
    expect(byName.English).toMatchObject({
      completed_courses: 5,
      done_courses: 3,
      planned_courses: 2,
      missing_courses: 1,
      minimum_grade: 'C',
      below_minimum_course_ids: [eng[3].id],
      is_fulfilled: false,
    });
    expect(byName.Electives).toMatchObject({ done_courses: 0, planned_courses: 1, missing_courses: 1, below_minimum_course_ids: [el[0].id] });

    const gql = await h.gql('{ requirementProgress { name doneCourses plannedCourses missingCourses minimumGrade } }', {}, token);
    expect(gql.errors).toBeUndefined();
    expect(gql.data!.requirementProgress).toEqual(expect.arrayContaining([{ name: 'English', doneCourses: 3, plannedCourses: 2, missingCourses: 1, minimumGrade: 'C' }]));

    await runJobs(CASELOAD_QUEUE);
    const caseload = await h.api.get('/api/caseload/').set(h.auth(staffToken));
    expect(caseload.status).toBe(200);
    const row = (caseload.body.results ?? caseload.body).find((r: { student_id: number }) => r.student_id === student.id);
    expect(row.missing_requirements).toEqual([
      expect.objectContaining({ name: 'Electives', done_courses: 0, planned_courses: 1, missing_courses: 1 }),
      expect.objectContaining({ name: 'English', done_courses: 3, planned_courses: 2, missing_courses: 1 }),
    ]);

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
    const text = (await pdfText(res.body)).replace(/\s+/g, ' ');
    expect(text).toContain('English (Graduation): 3 completed, 2 planned, 1 missing (grade C or better)');
    expect(text).toContain('Electives (Graduation): 0 completed, 1 planned, 1 missing');
    expect(text).toContain('A (school record)');
  });

  it('refuses a minimum grade off the scale and clears one with null', async () => {
    const { staffToken } = await world();
    const [req] = await h.db.query(`SELECT uuid FROM requirements WHERE name = 'English' ORDER BY id DESC LIMIT 1`);
    const bad = await h.api.put(`/api/requirements/${req.uuid}/`).set(h.auth(staffToken)).send({ minimum_grade: 'Z' });
    expect([bad.status, bad.body.reason]).toEqual([400, 'REQUIREMENT_MINIMUM_GRADE_INVALID']);
    const cleared = await h.api.put(`/api/requirements/${req.uuid}/`).set(h.auth(staffToken)).send({ minimum_grade: null });
    expect(cleared.status).toBe(200);
    expect((await h.db.query(`SELECT minimum_grade FROM requirements WHERE uuid = $1`, [req.uuid]))[0].minimum_grade).toBeNull();
  });
});
