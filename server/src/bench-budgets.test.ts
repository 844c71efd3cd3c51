/**
 * Budget 1 of the district-scale benchmark (bench/README.md): the SQL statements of the student
 * plan, requirement progress, the students list page and the course list page are the same for a
 * small and a large district (10 vs 100 courses, 50 vs 3,000 students), through both APIs. The
 * counts come from the X-SQL-Statements header the bench instrumentation sets (tests and BENCH=1
 * only), so this also checks what `npm run bench` reads.
 */
import { describe, expect, it } from 'vitest';
import { seedDistrict, type DistrictSummary } from '../../bench/seed-district.js';
import { benchInstrumentationEnabled, SQL_STATEMENTS_HEADER } from './core/bench.js';
import { useHarness } from './test/harness.js';

const h = useHarness();

const PLAN = `{ plan { id userId totalUnits completedUnits
  terms { term label units courses { id grade completed course { id uuid courseId title units prerequisiteGroups school { name primaryColor } } } }
  warnings { scheduledCourseId courseId message } } }`;
const PROGRESS = `{ requirementProgress { uuid name pathwayName requiredCourses completedCourses completedUnits isFulfilled } }`;
const STUDENTS = `{ students(first: 50) { totalCount hasNextPage nodes { id firstName lastName email grade parentConsentFormState cccApplyStatus school { name } } } }`;
const COURSES = `{ courses(first: 50) { totalCount nodes { uuid courseId title units isScheduled school { name }
  prerequisiteGroups formattedTags { name } requirements { label } } } }`;

interface District {
  summary: DistrictSummary;
  studentToken: string;
  staffToken: string;
}

async function district(students: number, courses: number, hsCourses: number, pathways: number): Promise<District> {
  const summary = await seedDistrict(h.db, { students, courses, pathways, studentsPerSchool: students, hsCoursesPerSchool: hsCourses }, () => {});
  const idOf = async (email: string) => (await h.db.query('SELECT id FROM users WHERE email = $1', [email]))[0].id as number;
  return {
    summary,
    studentToken: await h.tokenFor(await idOf(summary.studentEmail(0))),
    staffToken: await h.tokenFor(await idOf(summary.staffEmails[0])),
  };
}

/** The statement count a request reported, after checking it succeeded. */
function statements(res: { status: number; headers: Record<string, string>; body: any }): number {
  expect(res.status, JSON.stringify(res.body).slice(0, 300)).toBe(200);
  expect(res.body?.errors).toBeUndefined();
  const n = Number(res.headers[SQL_STATEMENTS_HEADER.toLowerCase()]);
  expect(n).toBeGreaterThan(0);
  return n;
}

describe('SQL statements per operation do not grow with the district', () => {
  let small: District;
  let large: District;

  it('seeds a small (50 students, 10 courses) and a large (3,000 students, 100 courses) district', async () => {
    small = await district(50, 10, 4, 2);
    large = await district(3000, 100, 40, 20);
    expect(small.summary.students).toBe(50);
    expect(large.summary.students).toBe(3000);
    expect(large.summary.scheduledCourses).toBeGreaterThan(3000 * 20 - 1);
  }, 120_000);

  const gql = (d: District, token: 'studentToken' | 'staffToken', query: string) => h.api.post('/graphql').set(h.auth(d[token])).send({ query });

  it('the student plan: the same count through /graphql and /api/plan/ for a short and a long plan', async () => {
    const [gs, gl] = [await gql(small, 'studentToken', PLAN), await gql(large, 'studentToken', PLAN)];
    const courses = (res: typeof gs) => res.body.data.plan.terms.flatMap((t: { courses: unknown[] }) => t.courses).length;
    expect(courses(gl)).toBeGreaterThanOrEqual(20);
    expect(courses(gs)).toBeLessThan(courses(gl));
    expect(statements(gl)).toBe(statements(gs));
    const [rs, rl] = [await h.api.get('/api/plan/').set(h.auth(small.studentToken)), await h.api.get('/api/plan/').set(h.auth(large.studentToken))];
    expect(rl.body.terms.flatMap((t: { courses: unknown[] }) => t.courses)).toHaveLength(courses(gl));
    expect(statements(rl)).toBe(statements(rs));
  });

  it('requirement progress: the same count for 2 and 20 pathways', async () => {
    const [gs, gl] = [await gql(small, 'studentToken', PROGRESS), await gql(large, 'studentToken', PROGRESS)];
    expect(gl.body.data.requirementProgress.length).toBeGreaterThan(gs.body.data.requirementProgress.length);
    expect(statements(gl)).toBe(statements(gs));
    const [rs, rl] = [
      await h.api.get('/api/requirement-progress/').set(h.auth(small.studentToken)),
      await h.api.get('/api/requirement-progress/').set(h.auth(large.studentToken)),
    ];
    expect(rl.body).toHaveLength(gl.body.data.requirementProgress.length);
    expect(statements(rl)).toBe(statements(rs));
  });

  it('the students list page: the same count for 50 and 3,000 students', async () => {
    const [gs, gl] = [await gql(small, 'staffToken', STUDENTS), await gql(large, 'staffToken', STUDENTS)];
    expect(gs.body.data.students).toMatchObject({ totalCount: 50, hasNextPage: false });
    expect(gl.body.data.students).toMatchObject({ totalCount: 3000, hasNextPage: true });
    expect(gl.body.data.students.nodes).toHaveLength(50);
    expect(statements(gl)).toBe(statements(gs));
    const [rs, rl] = [
      await h.api.get('/api/students-in-school/?page_size=50').set(h.auth(small.staffToken)),
      await h.api.get('/api/students-in-school/?page_size=50').set(h.auth(large.staffToken)),
    ];
    expect(rs.body).toHaveLength(50);
    expect(rl.body).toHaveLength(50);
    expect(rl.headers['x-next-cursor']).toBeTruthy();
    expect(statements(rl)).toBe(statements(rs));
  });

  it('the course list page: the same count for 10 and 100 courses', async () => {
    const [gs, gl] = [await gql(small, 'staffToken', COURSES), await gql(large, 'staffToken', COURSES)];
    expect(gl.body.data.courses.totalCount).toBeGreaterThan(gs.body.data.courses.totalCount);
    expect(gl.body.data.courses.nodes.length).toBeGreaterThan(gs.body.data.courses.nodes.length);
    expect(statements(gl)).toBe(statements(gs));
    const [rs, rl] = [
      await h.api.get('/api/courses/?page_size=50').set(h.auth(small.studentToken)),
      await h.api.get('/api/courses/?page_size=50').set(h.auth(large.studentToken)),
    ];
    expect(rl.body.length).toBeGreaterThan(rs.body.length);
    expect(statements(rl)).toBe(statements(rs));
  });
});

describe('a one-row REST read', () => {
  it('runs two statements: the token with its user, and the row', async () => {
    const school = await h.buildSchool();
    const student = await h.buildStudent({ school });
    const [course] = await h.db.query(`INSERT INTO courses (school_id, course_id, title, units) VALUES ($1, 'ONE 1', 'One Row', 3) RETURNING id`, [school.id]);
    const [entry] = await h.db.query(
      `INSERT INTO scheduled_courses (user_id, course_id, term, position, grade, completed) VALUES ($1, $2, '2', 0, 'B', true) RETURNING id`,
      [student.id, course.id],
    );
    const token = await h.tokenFor(student);
    const res = await h.api.get(`/api/get-scheduled-course/${course.id}/`).set(h.auth(token));
    expect(res.body).toEqual({ id: entry.id, grade: 'B', completed: true, term: '2' });
    expect(statements(res)).toBe(2);
    const missing = await h.api.get(`/api/get-scheduled-course/${course.id + 1000000}/`).set(h.auth(token));
    expect(missing.status).toBe(404);
  });
});

describe('bench instrumentation', () => {
  it('is on for tests and BENCH=1, never in production', async () => {
    expect(benchInstrumentationEnabled({ nodeEnv: 'test' }, {})).toBe(true);
    expect(benchInstrumentationEnabled({ nodeEnv: 'development' }, { BENCH: '1' })).toBe(true);
    expect(benchInstrumentationEnabled({ nodeEnv: 'development' }, {})).toBe(false);
    expect(benchInstrumentationEnabled({ nodeEnv: 'production' }, { BENCH: '1' })).toBe(false);
    const bare = await h.api.get('/api/bench/bare/');
    expect(bare.body).toEqual({ status: 'ok' });
    expect(bare.headers[SQL_STATEMENTS_HEADER.toLowerCase()]).toBe('0');
    const stats = await h.api.get('/api/bench/stats/');
    expect(stats.body.peak_rss).toBeGreaterThan(0);
    expect(stats.body.peak_heap_after_gc).toBeGreaterThanOrEqual(0);
    expect(stats.body.cpu_user_us).toBeGreaterThan(0);
  });
});
