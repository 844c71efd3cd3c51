/**
 * Scenario `demand`: the course-demand report for the master schedule
 * (`GET /api/course-requests/demand/`) of a 2,500-student high school: a database and server of its
 * own (no other scenario uses them), seeded by the district generator with one high school of 2,500
 * students in grades 9 to 12, plans of 20-40 courses over the four grade terms. The school's staff
 * member opens a request window for next school year: the courses each student plans in next
 * year's grade are their requests (read live from the plans while the window is open).
 *
 * Figures:
 *  - p95 time of the report while the window is open (every request read live from the plans),
 *    ROUNDS sequential reads after WARM uncounted ones; budget 500 ms;
 *  - the same once the window has closed and the requests are kept (one read keeps them first,
 *    uncounted); budget 500 ms;
 *  - the report's requests equal a direct count from the database of the kept requests (students
 *    per course, first choices), as a check: the run fails otherwise.
 */
const STUDENTS = 2500;
const ROUNDS = 20;
const WARM = 3;
const BUDGET_MS = 500;

export async function scenarioDemand(h) {
  await h.admin(`CREATE DATABASE "${h.dbName}"`);
  const seeded = h.seedDistrict(h.dbName, { students: STUDENTS, courses: 1000, pathways: 20 }, ['--students-per-school', String(STUDENTS)]);
  const server = await h.startServer(h.dbName, h.port);
  try {
    const schoolId = seeded.highSchoolIds[0];
    const [{ n: students }] = (await h.withDb(h.dbName, (c) => c.query(`SELECT count(*)::int AS n FROM users WHERE school_id = $1 AND user_type = 1`, [schoolId]))).rows;
    if (students !== STUDENTS) h.fail(`the demand school holds ${students} students, not ${STUDENTS}`);
    const token = await h.login(server.origin, seeded.staffEmails[0]);
    // Next school year: the one after the one under way (a school year ends in June here, as the server reckons it).
    const now = new Date();
    const end = now.getUTCMonth() >= 6 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
    const schoolYear = `${end}-${end + 1}`;
    const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const set = await h.call(server.origin, 'PUT', '/api/course-requests/window/', {
      token,
      json: { school_year: schoolYear, opens_on: day(-3), closes_on: day(3) },
    });
    if (set.status !== 200) h.fail(`setting the request window answered ${set.status} ${JSON.stringify(set.body)}`);

    const measure = async (what) => {
      const times = [];
      let body = null;
      for (let i = 0; i < WARM + ROUNDS; i++) {
        const r = await h.call(server.origin, 'GET', '/api/course-requests/demand/', { token });
        if (r.status !== 200) h.fail(`the demand report (${what}) answered ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        if (i >= WARM) times.push(r.ms);
        body = r.body;
      }
      times.sort((a, b) => a - b);
      return { p95: times[Math.min(times.length - 1, Math.floor(0.95 * times.length))], median: h.median(times), max: times[times.length - 1], body };
    };

    const open = await measure('open');
    const requested = open.body.results.reduce((n, r) => n + r.requested, 0);
    if (!requested) h.fail('the demand report found no requests: the plans hold no course in next year');
    h.record(
      'demand: p95 time of GET /api/course-requests/demand/ (2,500 students, window open)',
      open.p95,
      null,
      BUDGET_MS,
      'abs',
      'ms',
      `${ROUNDS} sequential reads after ${WARM} uncounted; median ${Math.round(open.median)} ms, max ${Math.round(open.max)} ms; ${open.body.results.length} courses, ${requested} requests read live from the plans`,
    );

    // The window closes: the first read keeps every student's requests (uncounted), then the kept ones are read.
    await h.withDb(h.dbName, (c) => c.query(`UPDATE course_request_windows SET opens_on = $2, closes_on = $3 WHERE school_id = $1`, [schoolId, day(-10), day(-1)]));
    const keep = await h.call(server.origin, 'GET', '/api/course-requests/window/', { token });
    if (keep.status !== 200 || !keep.body.window?.kept_at) h.fail(`closing the window did not keep the requests: ${keep.status} ${JSON.stringify(keep.body)}`);
    const closed = await measure('closed');
    h.record(
      'demand: p95 time of GET /api/course-requests/demand/ (2,500 students, requests kept)',
      closed.p95,
      null,
      BUDGET_MS,
      'abs',
      'ms',
      `${ROUNDS} sequential reads after ${WARM} uncounted; median ${Math.round(closed.median)} ms, max ${Math.round(closed.max)} ms; the close kept them in ${Math.round(keep.ms)} ms`,
    );

    const direct = (
      await h.withDb(h.dbName, (c) =>
        c.query(
          `SELECT course_id, count(DISTINCT student_id) FILTER (WHERE NOT alternate)::int AS n FROM course_requests
            WHERE school_id = $1 AND school_year = $2 GROUP BY course_id`,
          [schoolId, schoolYear],
        ),
      )
    ).rows;
    const byCourse = new Map(direct.map((r) => [r.course_id, r.n]));
    const differs = closed.body.results.filter((r) => byCourse.get(r.course_id) !== r.requested);
    if (differs.length || closed.body.results.length !== direct.length) h.fail(`the demand report differs from a direct count for ${differs.length} courses`);
    if (JSON.stringify(closed.body.results) !== JSON.stringify(open.body.results)) h.fail('the demand report changed when the window closed');
  } finally {
    server.child.kill('SIGTERM');
  }
}
