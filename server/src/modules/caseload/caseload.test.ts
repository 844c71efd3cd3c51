import { describe, expect, it } from 'vitest';
import { countQueries } from '../../db/query-counter.js';
import { parseCsv } from '../courses/csv.js';
import { useHarness } from '../../test/harness.js';
import { UserType } from '../accounts/user.entity.js';
import { attach, buildPathway, buildRequirement, contextFor, partner } from '../pathways/pathways.factories.js';
import { buildCourse, buildScheduled } from '../plans/plans.factories.js';
import type { Course } from '../courses/course.entity.js';
import type { School } from '../schools/school.entity.js';
import { checkCaseloadQuery } from './caseload-input.js';
import { backgroundHandlers } from '../jobs/background.js';
import { JobWorker } from '../jobs/job-queue.js';
import { CASELOAD_QUEUE } from './freshness.js';

const h = useHarness();

const CASELOAD = `query($filter: CaseloadFilter, $sort: CaseloadSort, $descending: Boolean, $first: Int, $after: String) {
  caseload(filter: $filter, sort: $sort, descending: $descending, first: $first, after: $after) {
    totalCount hasNextPage endCursor grades pathways { name }
    nodes { studentId firstName lastName grade pathways { name } pathwaysMarked requirementsMet requirementsTotal
      missingRequirements { name pathwayName } warnings completedUnits reviewStatus lastPlanChange } } }`;
const PROGRESS = `{ requirementProgress { name pathwayName isFulfilled completedCourses } }`;
const FOLLOW = `mutation($uuid: String!, $follow: Boolean!, $studentId: Int) { followPathway(pathwayUuid: $uuid, follow: $follow, studentId: $studentId) { marked pathway { name } } }`;

/**
 * A school with a graduation pathway (English: 2 courses; Math: 1 course) and STEM (Coding: 1):
 * Ann (grade 9) plans English 1 only; Bo (grade 11) plans English 1, English 2 and Geometry without
 * Algebra (a warning), English 1 completed; Cy (grade 10) follows STEM and plans nothing.
 */
async function world() {
  const school = await h.buildSchool();
  const staff = await h.buildStaff({ school });
  const token = await h.tokenFor(staff);
  const grad = await buildPathway(h, school, { name: 'High School Graduation' });
  const stem = await buildPathway(h, school, { name: 'STEM' });
  const english = await buildRequirement(h, grad, { name: 'English', numberOfCourses: 2 });
  const math = await buildRequirement(h, grad, { name: 'Mathematics', numberOfCourses: 1 });
  const coding = await buildRequirement(h, stem, { name: 'Coding', numberOfCourses: 1 });
  const en1 = await buildCourse(h.db, school, { title: 'English 1', units: 5 });
  const en2 = await buildCourse(h.db, school, { title: 'English 2', units: 5 });
  const algebra = await buildCourse(h.db, school, { title: 'Algebra' });
  const geometry = await buildCourse(h.db, school, { title: 'Geometry', prerequisites: [[algebra]] });
  await attach(h, en1, english);
  await attach(h, en2, english);
  await attach(h, algebra, math);
  await attach(h, geometry, math);
  await attach(h, algebra, coding);
  const ann = await h.buildStudent({ school, firstName: 'Ann', lastName: 'Alder', grade: '9' });
  const bo = await h.buildStudent({ school, firstName: 'Bo', lastName: 'Birch', grade: '11' });
  const cy = await h.buildStudent({ school, firstName: 'Cy', lastName: 'Cedar', grade: '10' });
  await buildScheduled(h.db, ann.id, en1, 1);
  await buildScheduled(h.db, bo.id, en1, 1, { completed: true });
  await buildScheduled(h.db, bo.id, en2, 2);
  await buildScheduled(h.db, bo.id, geometry, 2);
  const cyToken = await h.tokenFor(cy);
  expect((await h.gql(FOLLOW, { uuid: stem.uuid, follow: true }, cyToken)).errors).toBeUndefined();
  return { school, staff, token, grad, stem, ann, bo, cy, cyToken, en1 };
}

type Row = {
  firstName: string;
  requirementsMet: number;
  requirementsTotal: number;
  missingRequirements: { name: string }[];
  warnings: string[];
  completedUnits: number;
  reviewStatus: string;
  pathways: { name: string }[];
  pathwaysMarked: boolean;
};

describe('caseload', () => {
  it('shows each student with the pathway they follow, its requirements met and missed, warnings, units and review status', async () => {
    const { token, ann, cy } = await world();
    const res = await h.gql(CASELOAD, {}, token);
    expect(res.errors).toBeUndefined();
    const c = res.data!.caseload;
    expect(c.totalCount).toBe(3);
    expect(c.grades).toEqual(['9', '10', '11']);
    expect(c.pathways.map((p: { name: string }) => p.name)).toEqual(['High School Graduation', 'STEM']);
    const rows = c.nodes as Row[];
    expect(rows.map((r) => r.firstName)).toEqual(['Ann', 'Bo', 'Cy']);
    const [a, b, y] = rows;
    expect(a).toMatchObject({
      pathways: [{ name: 'High School Graduation' }],
      pathwaysMarked: false,
      requirementsMet: 0,
      requirementsTotal: 2,
      completedUnits: 0,
      reviewStatus: 'draft',
      warnings: [],
    });
    expect(a.missingRequirements.map((m) => m.name)).toEqual(['English', 'Mathematics']);
    expect(b).toMatchObject({ requirementsMet: 2, requirementsTotal: 2, missingRequirements: [], completedUnits: 5 });
    expect(b.warnings).toHaveLength(1);
    expect(b.warnings[0]).toContain('Geometry');
    expect(y).toMatchObject({ pathways: [{ name: 'STEM' }], pathwaysMarked: true, requirementsMet: 0, requirementsTotal: 1, missingRequirements: [{ name: 'Coding' }] });
    expect(c.nodes[0].lastPlanChange).not.toBeNull();
    expect(c.nodes[2].lastPlanChange).toBeNull();

    // The same engine as the student's own progress page: Ann's numbers match hers.
    const own = (await h.gql(PROGRESS, {}, await h.tokenFor(ann))).data!.requirementProgress as { name: string; pathwayName: string; isFulfilled: boolean }[];
    const grad = own.filter((r) => r.pathwayName === 'High School Graduation');
    expect(grad.filter((r) => r.isFulfilled).length).toBe(a.requirementsMet);
    expect(grad.filter((r) => !r.isFulfilled).map((r) => r.name)).toEqual(a.missingRequirements.map((m) => m.name));
    expect(cy.id).toBeGreaterThan(0);
  });

  it('filters, sorts and pages before answering, through GraphQL and REST', async () => {
    const { token, stem, ann, bo, cyToken } = await world();
    const names = async (v: Record<string, unknown>) => ((await h.gql(CASELOAD, v, token)).data!.caseload.nodes as Row[]).map((r) => r.firstName);
    expect(await names({ filter: { missing: true } })).toEqual(['Ann', 'Cy']);
    expect(await names({ filter: { missing: false } })).toEqual(['Bo']);
    expect(await names({ filter: { warnings: true } })).toEqual(['Bo']);
    expect(await names({ filter: { grade: '10' } })).toEqual(['Cy']);
    expect(await names({ filter: { pathway: stem.uuid } })).toEqual(['Cy']);
    expect(await names({ filter: { review: 'draft' } })).toEqual(['Ann', 'Bo', 'Cy']);
    expect(await names({ sort: 'grade', descending: true })).toEqual(['Bo', 'Cy', 'Ann']);
    expect(await names({ sort: 'requirements_met', descending: true })).toEqual(['Bo', 'Ann', 'Cy']);
    // Every sort, in both directions; ties by last name, first name, id, ascending either way.
    expect(await names({ sort: 'first_name', descending: true })).toEqual(['Cy', 'Bo', 'Ann']);
    expect(await names({ sort: 'pathway' })).toEqual(['Ann', 'Bo', 'Cy']);
    expect(await names({ sort: 'pathway', descending: true })).toEqual(['Cy', 'Ann', 'Bo']);
    expect(await names({ sort: 'missing' })).toEqual(['Bo', 'Cy', 'Ann']);
    expect(await names({ sort: 'warnings', descending: true })).toEqual(['Bo', 'Ann', 'Cy']);
    expect(await names({ sort: 'completed_units', descending: true })).toEqual(['Bo', 'Ann', 'Cy']);
    expect(await names({ sort: 'review_status', descending: true })).toEqual(['Ann', 'Bo', 'Cy']);
    // Notes the counselor has not read: Cy wrote two, Bo one; the counselor's own note counts for nobody.
    const boToken = await h.tokenFor(bo);
    for (const [who, body] of [
      [cyToken, 'Can I swap Coding?'],
      [cyToken, 'Or take it online?'],
      [boToken, 'Is Geometry OK?'],
    ] as const) {
      expect((await h.api.post('/api/plan-notes/').set(h.auth(who)).send({ body })).status).toBe(201);
    }
    expect((await h.api.post('/api/plan-notes/').set(h.auth(token)).send({ student_id: ann.id, body: 'See me Monday.' })).status).toBe(201);
    expect(await names({ sort: 'unread_notes', descending: true })).toEqual(['Cy', 'Bo', 'Ann']);
    expect(await names({ filter: { unread: true } })).toEqual(['Bo', 'Cy']);
    expect(await names({ filter: { unread: false } })).toEqual(['Ann']);
    const unreadRest = await h.api.get('/api/caseload/?unread=true&sort=unread_notes&order=desc').set(h.auth(token));
    expect(unreadRest.body.map((r: { first_name: string; unread_notes: number }) => [r.first_name, r.unread_notes])).toEqual([
      ['Cy', 2],
      ['Bo', 1],
    ]);
    // Cy's plan never changed: the oldest change. Ann's plan was written before Bo's.
    expect(await names({ sort: 'last_plan_change' })).toEqual(['Cy', 'Ann', 'Bo']);
    expect(await names({ sort: 'last_plan_change', descending: true })).toEqual(['Bo', 'Ann', 'Cy']);
    const first = (await h.gql(CASELOAD, { first: 2 }, token)).data!.caseload;
    expect(first.nodes.map((r: Row) => r.firstName)).toEqual(['Ann', 'Bo']);
    expect(first.hasNextPage).toBe(true);
    expect(await names({ first: 2, after: first.endCursor })).toEqual(['Cy']);

    const rest = await h.api.get('/api/caseload/?missing=true&sort=last_name&order=desc').set(h.auth(token));
    expect(rest.status).toBe(200);
    expect(rest.headers['x-total-count']).toBe('2');
    expect(rest.body.map((r: { first_name: string }) => r.first_name)).toEqual(['Cy', 'Ann']);
    expect(rest.body[1]).toMatchObject({ requirements_met: 0, requirements_total: 2, review_status: 'draft', pathways_marked: false });
    const paged = await h.api.get('/api/caseload/?page_size=1').set(h.auth(token));
    expect(paged.body).toHaveLength(1);
    expect(paged.headers['x-next-cursor']).toBeTruthy();

    for (const [query, message] of [
      ['missing=maybe', 'missing, warnings and unread must be true or false.'],
      ['unread=yes', 'missing, warnings and unread must be true or false.'],
      [
        'sort=shoe_size',
        'sort must be one of last_name, first_name, grade, pathway, requirements_met, missing, warnings, completed_units, review_status, last_plan_change, unread_notes.',
      ],
      ['pathway=nope', 'pathway must be a pathway uuid.'],
      ['review=accepted', 'review must be one of draft, submitted, returned, approved, changed_since_approval.'],
      ['page_size=0', 'page_size must be between 1 and 500.'],
    ]) {
      const bad = await h.api.get(`/api/caseload/?${query}`).set(h.auth(token));
      expect(bad.status, query).toBe(400);
      expect(bad.body.error).toBe(message);
    }
  });

  it('orders grades as numbers, then as text, then none, and filters on a grade as typed', async () => {
    const school = await h.buildSchool();
    const token = await h.tokenFor(await h.buildStaff({ school }));
    for (const [firstName, grade] of [
      ['Dee', 'K'],
      ['Eve', '12'],
      ['Fay', null],
      ['Gus', '9'],
      ['Hal', ' 10 '],
      ['Ida', 'adult'],
    ] as const) {
      await h.buildStudent({ school, firstName, lastName: 'Lee', grade });
    }
    const res = await h.gql(CASELOAD, { sort: 'grade' }, token);
    expect(res.errors).toBeUndefined();
    expect((res.data!.caseload.nodes as Row[]).map((r) => r.firstName)).toEqual(['Gus', 'Hal', 'Eve', 'Ida', 'Dee', 'Fay']);
    expect(res.data!.caseload.grades).toEqual(['9', ' 10 ', '12', 'adult', 'K']);
    const tenth = await h.gql(CASELOAD, { filter: { grade: '10' } }, token);
    expect((tenth.data!.caseload.nodes as Row[]).map((r) => r.firstName)).toEqual(['Hal']);
  });

  it('exports the filtered, sorted list as CSV, neutralising spreadsheet formulas', async () => {
    const { token, school } = await world();
    await h.buildStudent({ school, firstName: '=HYPERLINK("x")', lastName: 'Zed', grade: '9' });
    const res = await h.api.get('/api/caseload/export/?missing=true&sort=first_name').set(h.auth(token));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="caseload.csv"');
    const records = parseCsv(res.text).map((r) => r.fields);
    expect(records[0]).toEqual([
      'Last name',
      'First name',
      'Email',
      'Grade',
      'Pathways',
      'Requirements met',
      'Requirements total',
      'Missing requirements',
      'Prerequisite warnings',
      'Completed units',
      'Review status',
      'Last plan change',
      'Unread notes',
    ]);
    expect(records.slice(1).map((r) => r[1])).toEqual(['\'=HYPERLINK("x")', 'Ann', 'Cy']);
    expect(records[2].slice(3, 11)).toEqual([
      '9',
      'High School Graduation',
      '0',
      '2',
      'English (0 completed, 1 planned, 1 missing); Mathematics (0 completed, 0 planned, 1 missing)',
      '0',
      '0',
      'draft',
    ]);
  });

  it('logs each student shown or exported, in one statement', async () => {
    const { token, staff, ann } = await world();
    await h.api.get('/api/caseload/?page_size=2').set(h.auth(token));
    await h.api.get('/api/caseload/export/?grade=9').set(h.auth(token));
    const rows: { action: string; student_id: number }[] = await h.db.query(`SELECT action, student_id FROM student_record_access WHERE actor_user_id = $1 ORDER BY id`, [
      staff.id,
    ]);
    expect(rows.filter((r) => r.action === 'caseload_view')).toHaveLength(2);
    expect(rows.filter((r) => r.action === 'caseload_export')).toEqual([{ action: 'caseload_export', student_id: ann.id }]);
  });

  it('refuses students, parents and view-as tokens; other schools see only their own students', async () => {
    const { token, ann, bo, school, stem } = await world();
    const other = await h.buildSchool();
    const otherToken = await h.tokenFor(await h.buildStaff({ school: other }));
    await h.buildStudent({ school: other, firstName: 'Oz' });
    const theirs = await h.gql(CASELOAD, {}, otherToken);
    expect(theirs.data!.caseload.nodes.map((r: Row) => r.firstName)).toEqual(['Oz']);
    const restOther = await h.api.get('/api/caseload/').set(h.auth(otherToken));
    expect(restOther.body.map((r: { first_name: string }) => r.first_name)).toEqual(['Oz']);

    const studentToken = await h.tokenFor(ann);
    const parentToken = await h.tokenFor(await h.buildUser(UserType.Parent, { school }));
    for (const t of [studentToken, parentToken]) {
      expect((await h.gql(CASELOAD, {}, t)).code).toBe('FORBIDDEN');
      const rest = await h.api.get('/api/caseload/').set(h.auth(t));
      expect(rest.status).toBe(403);
      expect(rest.body.error).toBe('Only staff can open the caseload.');
      expect((await h.api.get('/api/caseload/export/').set(h.auth(t))).status).toBe(403);
    }
    const viewAs = await h.api.post('/api/view-as-student/').set(h.auth(token)).send({ studentId: ann.id });
    expect((await h.api.get('/api/caseload/').set(h.auth(viewAs.body.token))).status).toBe(403);
    expect((await h.api.get('/api/caseload/')).status).toBe(401);

    // Followed pathways: staff set them for their own students only; a student only for themselves.
    const set = await h.gql(FOLLOW, { uuid: stem.uuid, follow: true, studentId: bo.id }, token);
    expect(set.data!.followPathway).toEqual([{ marked: true, pathway: { name: 'STEM' } }]);
    expect((await h.gql(FOLLOW, { uuid: stem.uuid, follow: true, studentId: bo.id }, otherToken)).code).toBe('NOT_FOUND');
    expect((await h.gql(FOLLOW, { uuid: stem.uuid, follow: true, studentId: bo.id }, studentToken)).code).toBe('NOT_FOUND');
    expect((await h.gql(FOLLOW, { uuid: stem.uuid, follow: true }, parentToken)).code).toBe('FORBIDDEN');
    const otherPathway = await buildPathway(h, other, { name: 'Elsewhere' });
    const far = await h.api.post('/api/followed-pathways/').set(h.auth(studentToken)).send({ pathway_uuid: otherPathway.uuid });
    expect(far.status).toBe(403);
    expect(far.body.error).toBe('This pathway belongs to a school you do not have access to.');
    const mine = await h.api.get('/api/followed-pathways/').set(h.auth(studentToken));
    expect(mine.body).toEqual([expect.objectContaining({ name: 'High School Graduation', marked: false })]);
    const unmark = await h.api.post('/api/followed-pathways/').set(h.auth(token)).send({ pathway_uuid: stem.uuid, follow: false, student_id: bo.id });
    expect(unmark.body.map((p: { name: string }) => p.name)).toEqual(['High School Graduation']);
  });

  it('counts a partner college pathway the student follows with the engine over everything the student sees', async () => {
    const { token, school, ann, en1 } = await world();
    const college = await h.buildSchool();
    await partner(h, school, college);
    const aa = await buildPathway(h, college, { name: 'AA Head Start' });
    const comp = await buildRequirement(h, aa, { name: 'Composition', numberOfCourses: 1 });
    await attach(h, en1, comp);
    expect((await h.gql(FOLLOW, { uuid: aa.uuid, follow: true }, await h.tokenFor(ann))).errors).toBeUndefined();
    const rows = (await h.gql(CASELOAD, { filter: { pathway: aa.uuid } }, token)).data!.caseload.nodes as Row[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ firstName: 'Ann', requirementsMet: 1, requirementsTotal: 1 });
  });
});

/** Runs the caseload's queue until it has nothing due. */
async function runCaseloadJobs(): Promise<void> {
  const worker = new JobWorker(h.db, { [CASELOAD_QUEUE]: backgroundHandlers(h.db, h.services, {}, 0)[CASELOAD_QUEUE] });
  while ((await worker.runOnce()) > 0) {
    /* next pass */
  }
}

/** `count` students of a new school in bulk, each with the same six-course plan (one prerequisite warning, one requirement missed). */
async function bulkSchool(count: number): Promise<{ school: School; token: string }> {
  const school = await h.buildSchool();
  const token = await h.tokenFor(await h.buildStaff({ school }));
  const grad = await buildPathway(h, school, { name: 'Graduation' });
  const courses: Course[] = [];
  for (let i = 0; i < 6; i++) courses.push(await buildCourse(h.db, school, { title: `Course ${i}`, prerequisites: i === 5 ? [[courses[0]]] : [] }));
  for (let i = 0; i < 4; i++) {
    // Req 3 asks for two courses and gets one: every plan misses it.
    const req = await buildRequirement(h, grad, { name: `Req ${i}`, numberOfCourses: i === 3 ? 2 : 1 });
    await attach(h, courses[i], req);
  }
  const tag = `${school.id}-${Date.now().toString(36)}`;
  await h.db.query(
    `INSERT INTO users (email, first_name, last_name, user_type, school_id, grade, academic_year_labels)
     SELECT 'bulk-' || $1 || '-' || g || '@test.example', 'First' || g, 'Last' || g, $2, $3, (9 + g % 4)::text, '["Fall","Spring"]'::jsonb
       FROM generate_series(1, $4::int) g`,
    [tag, UserType.Student, school.id, count],
  );
  await h.db.query(
    `INSERT INTO scheduled_courses (user_id, course_id, term, position)
     SELECT u.id, c.id, CASE WHEN c.ord = 5 THEN '1' ELSE '2' END, c.ord
       FROM users u CROSS JOIN unnest($2::int[]) WITH ORDINALITY AS c(id, ord)
      WHERE u.school_id = $1 AND u.user_type = $3`,
    [school.id, courses.map((c) => c.id), UserType.Student],
  );
  return { school, token };
}

describe('caseload statement count', () => {
  it('answers 2,500 students with the same number of SQL statements as 250, with summaries stored or not', async () => {
    const run = async (token: string) => {
      const ctx = await contextFor(h, token);
      const { result, statements } = await countQueries(() => ctx.services.caseload.page(ctx, checkCaseloadQuery({ missing: 'true', sort: 'grade' }, 50), true));
      return { total: result.totalCount, rows: result.rows.length, statements: statements.length };
    };
    const schools = { small: await bulkSchool(250), large: await bulkSchool(2500) };
    const counts = { small: [] as number[], large: [] as number[] };
    for (const size of ['small', 'large'] as const) {
      const { school, token } = schools[size];
      const total = size === 'small' ? 250 : 2500;
      // First request: nothing stored, REQUEST_BOUND students computed and the rest queued; then,
      // once the queue ran, from the stored summaries; then after one student's plan changed (that
      // student computed again).
      for (let i = 0; i < 3; i++) {
        if (i === 1) await runCaseloadJobs();
        if (i === 2) {
          await h.db.query(
            `UPDATE scheduled_courses SET completed = true WHERE id = (SELECT min(sc.id) FROM scheduled_courses sc JOIN users u ON u.id = sc.user_id WHERE u.school_id = $1)`,
            [school.id],
          );
        }
        const r = await run(token);
        expect(r).toMatchObject({ total, rows: 50 });
        counts[size].push(r.statements);
      }
    }
    expect(counts.large).toEqual(counts.small);
    // Stored summaries: the stale students, the page (rows, count and choices), its pathways, the
    // access log and the unread note counts. Computing adds the counters, the facts and the upsert;
    // leaving students for the queue, the job.
    expect(counts.small).toEqual([18, 6, 17]);
  }, 120_000);
});
