/**
 * Scenario `caseload`: the counselor caseload (`GET /api/caseload/?page_size=50&missing=true&sort=grade`,
 * and the same through GraphQL) of a high school of its own in each district: the LAST high school
 * (no other scenario writes there: roster and the course import use the first), 2,500 students in
 * the large district, 250 in the small one (seeded with 250 per school), plans of 20-40 courses.
 * The scenario first checks that its schools hold exactly the seeded students.
 *
 * Figures:
 *  - the SQL statements of a first GET (nothing stored: a read computes at most its bound and
 *    queues the rest) and of a GraphQL read once the queue finished, equal for both schools;
 *  - p95 latency of the large school's page while one of its students changes their plan every
 *    WRITE_MS (2 connections, ROUNDS rounds alternating with the small school, median of the
 *    rounds; budget 100 ms; the small school's figure in the note);
 *  - the first read after a college course many of the school's students plan is marked
 *    transferable to it (which stales every summary of the school), TRANSFERS times, each after the
 *    queue finished the previous one (budget 300 ms, median; the range in the note);
 *  - every student listed: the unfiltered count equals the school's students after every step.
 */
const PATH = '/api/caseload/?page_size=50&missing=true&sort=grade';
const QUERY = '{ caseload(filter: { missing: true }, sort: grade, first: 50) { totalCount nodes { studentId requirementsMet requirementsTotal warnings } } }';
const ROUNDS = 3;
const TRANSFERS = 3;
const WRITE_MS = 200;

/** Plan writes by `d.caseload.studentToken` until `stop.done`; answers how many. */
async function planWriter(h, d, stop) {
  const list = await h.call(d.origin, 'GET', '/api/user-scheduled-courses/', { token: d.caseload.studentToken });
  if (list.status !== 200 || !list.body?.length) h.fail(`the caseload writer found no plan entries: ${list.status}`);
  let n = 0;
  while (!stop.done) {
    const e = list.body[n % list.body.length];
    const completed = Math.floor(n / list.body.length) % 2 === 0 ? !e.completed : e.completed;
    const r = await h.call(d.origin, 'POST', `/api/courses/update-grade/${e.id}/`, { token: d.caseload.studentToken, json: { completed } });
    if (r.status !== 200) h.fail(`the caseload writer's plan write answered ${r.status}`);
    n += 1;
    await new Promise((resolve) => setTimeout(resolve, WRITE_MS));
  }
  return n;
}

/** One measured round with the plan writer running beside it. */
async function round(h, d, request) {
  const stop = { done: false };
  const writes = planWriter(h, d, stop);
  const result = await h.load(d.origin, [request(d)], { connections: 2 });
  stop.done = true;
  return { ...result, writes: await writes };
}

/** The district's last high school: its staff member, a student with a plan, its student count and a college course its students plan. */
async function ownSchool(h, size, d) {
  const ids = d.seed.highSchoolIds;
  const schoolId = ids[ids.length - 1];
  return h.withDb(size, async (c) => {
    const q = async (sql, params) => (await c.query(sql, params)).rows;
    const [{ n: students }] = await q(`SELECT count(*)::int AS n FROM users WHERE school_id = $1 AND user_type = 1 AND deactivated_at IS NULL`, [schoolId]);
    const [student] = await q(
      `SELECT u.email FROM users u WHERE u.school_id = $1 AND u.user_type = 1 AND EXISTS (SELECT 1 FROM scheduled_courses s WHERE s.user_id = u.id) ORDER BY u.id LIMIT 1`,
      [schoolId],
    );
    // College courses most planned by the school's students, to mark transferable one after another.
    const courses = await q(
      `SELECT c.id FROM scheduled_courses s JOIN users u ON u.id = s.user_id JOIN courses c ON c.id = s.course_id
        WHERE u.school_id = $1 AND c.school_id = $2 GROUP BY c.id ORDER BY count(*) DESC, c.id LIMIT $3`,
      [schoolId, d.seed.collegeId, TRANSFERS],
    );
    return { schoolId, students, staffEmail: d.seed.staffEmails[ids.length - 1], studentEmail: student.email, collegeCourseIds: courses.map((r) => r.id) };
  });
}

/** Waits until the caseload's queue has no job pending or running. */
async function queueIdle(h, size) {
  for (let i = 0; i < 600; i++) {
    const [{ n }] = (await h.withDb(size, (c) => c.query(`SELECT count(*)::int AS n FROM jobs WHERE queue = 'caseload-summaries' AND status IN ('pending', 'running')`)))
      .rows;
    if (n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  h.fail(`the caseload queue of the ${size} district did not finish in 150 s`);
}

/** Fails unless the unfiltered caseload counts every student of the school. */
async function everyoneListed(h, d, when) {
  const r = await h.call(d.origin, 'GET', '/api/caseload/?page_size=1', { token: d.caseload.staffToken });
  const total = Number(r.headers.get('x-total-count'));
  if (r.status !== 200 || total !== d.caseload.students) h.fail(`caseload ${when}: ${total} students listed of ${d.caseload.students} (${r.status})`);
}

export async function scenarioCaseload(env, h) {
  const { small, large } = env;
  const expected = { small: 250, large: 2500 };
  for (const size of ['small', 'large']) {
    const d = env[size];
    d.caseload = await ownSchool(h, size, d);
    if (d.caseload.students !== expected[size]) {
      h.fail(`the caseload's ${size} school holds ${d.caseload.students} students, not the ${expected[size]} seeded: another scenario wrote into it`);
    }
    d.caseload.staffToken = await h.login(d.origin, d.caseload.staffEmail);
    d.caseload.studentToken = await h.login(d.origin, d.caseload.studentEmail);
    // The generator names no graduation pathway: the school's first pathway becomes it, so every
    // student follows one and the filter has rows to keep.
    await h.withDb(size, (c) =>
      c.query(`UPDATE schools s SET graduation_pathway_id = (SELECT min(p.id) FROM pathways p WHERE p.school_id = s.id) WHERE s.id = $1`, [d.caseload.schoolId]),
    );
  }
  const request = (d) => ({ method: 'GET', path: PATH, headers: { Authorization: `Token ${d.caseload.staffToken}` } });
  const totals = {};
  // GET first (nothing stored: the bound computed, the rest queued); GraphQL once the queue finished (every summary stored).
  for (const [name, method, body] of [
    ['GET /api/caseload/', 'GET', undefined],
    ['GraphQL caseload', 'POST', { query: QUERY }],
  ]) {
    if (method === 'POST') for (const size of ['small', 'large']) await queueIdle(h, size);
    const counts = {};
    for (const size of ['small', 'large']) {
      const d = env[size];
      const r = await h.call(d.origin, method, method === 'GET' ? PATH : '/graphql', { token: d.caseload.staffToken, json: body });
      if (r.status !== 200 || r.body?.errors) h.fail(`${name} on the ${size} district failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      counts[size] = r.statements;
      if (method === 'GET') totals[size] = Number(r.headers.get('x-total-count'));
    }
    h.record(
      `SQL statements: caseload page of 50 (${name}), ${method === 'GET' ? 'nothing stored' : 'summaries stored'}`,
      counts.large,
      counts.small,
      1,
      'eq',
      'stmts',
      'school of 2,500 vs 250 students',
    );
  }
  for (const size of ['small', 'large']) {
    await everyoneListed(h, env[size], 'on the first reads');
    await queueIdle(h, size);
  }

  await h.load(small.origin, [request(small)], { seconds: 1, connections: 2 });
  await h.load(large.origin, [request(large)], { seconds: 1, connections: 2 });
  const s = [];
  const l = [];
  for (let i = 0; i < ROUNDS; i++) {
    s.push(await round(h, small, request));
    l.push(await round(h, large, request));
  }
  for (const r of [...s, ...l]) if (r.non2xx || r.errors) h.fail(`caseload load answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  await everyoneListed(h, large, 'after the load');
  const p95 = (rs) => rs.map((r) => r.p95);
  h.record(
    'p95 latency: caseload page (50 of 2,500) while plans are written',
    h.median(p95(l)),
    null,
    100,
    'abs',
    'ms',
    `rounds ${p95(l)
      .map((x) => x.toFixed(1))
      .join(' / ')} ms; the 250-student school ${h.median(p95(s)).toFixed(1)} ms ` +
      `(${p95(s)
        .map((x) => x.toFixed(1))
        .join(' / ')}); ${totals.large} and ${totals.small} rows match the filter; 2 connections; ` +
      `plan writes during the rounds ${l.map((r) => r.writes).join(' / ')}`,
  );

  // A counselor marks a college course transferable to the school: every summary of it is stale.
  const firstReads = [];
  const statements = [];
  for (const [i, courseId] of large.caseload.collegeCourseIds.entries()) {
    await queueIdle(h, 'large');
    const t = await h.call(large.origin, 'POST', '/api/transfer-course/', {
      token: large.caseload.staffToken,
      json: { original_course_id: courseId, accepting_school_id: large.caseload.schoolId, adjusted_units: 1 + i },
    });
    if (t.status !== 200) h.fail(`marking a college course transferable answered ${t.status} ${JSON.stringify(t.body).slice(0, 300)}`);
    const r = await h.call(large.origin, 'GET', PATH, { token: large.caseload.staffToken });
    if (r.status !== 200) h.fail(`the caseload after a transfer answered ${r.status}`);
    firstReads.push(r.ms);
    statements.push(r.statements);
    await everyoneListed(h, large, 'after a transfer');
  }
  await queueIdle(h, 'large');
  h.record(
    'caseload page (50 of 2,500): first read after a college course is marked transferable',
    h.median(firstReads),
    null,
    300,
    'abs',
    'ms',
    `median of ${firstReads.length} transfers, each after the queue finished: ${firstReads.map((x) => x.toFixed(1)).join(' / ')} ms; ` +
      `${statements.join(' / ')} statements; every student listed after each`,
  );
}
