/**
 * Scenario `caseload`: the counselor caseload (`GET /api/caseload/?page_size=50&missing=true&sort=grade`,
 * and the same through GraphQL) of the large district's first high school (2,500 students, plans of
 * 20-40 courses, 5-requirement pathways) beside the small district's first school (250 students:
 * the small district is seeded with 250 students per school). Figures: the SQL statements of one
 * request (must be equal), and the p95 latency under load (2 connections, alternating A, B, A, B
 * after a warm-up, median of the rounds; budget: ratio <= 1.5). The statements are those of a
 * first request (no summary stored: every student computed). During each measured round a student
 * of the school changes their plan through the API every WRITE_MS (the completed flag of one
 * entry, in turn), so requests keep recomputing a stale student beside reading stored summaries.
 */
const PATH = '/api/caseload/?page_size=50&missing=true&sort=grade';
const QUERY = '{ caseload(filter: { missing: true }, sort: "grade", first: 50) { totalCount nodes { studentId requirementsMet requirementsTotal warnings } } }';
const ROUNDS = 3;
const WRITE_MS = 200;

/** Plan writes by the district's first student (a student of the measured school) until `stop.done`; answers how many. */
async function planWriter(h, d, stop) {
  const list = await h.call(d.origin, 'GET', '/api/user-scheduled-courses/', { token: d.studentToken });
  if (list.status !== 200 || !list.body?.length) h.fail(`the caseload writer found no plan entries: ${list.status}`);
  let n = 0;
  while (!stop.done) {
    const e = list.body[n % list.body.length];
    const completed = Math.floor(n / list.body.length) % 2 === 0 ? !e.completed : e.completed;
    const r = await h.call(d.origin, 'POST', `/api/courses/update-grade/${e.id}/`, { token: d.studentToken, json: { completed } });
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

export async function scenarioCaseload(env, h) {
  const { small, large } = env;
  // The generator names no graduation pathway: each school's first pathway becomes it, so every
  // student follows one and the filter has rows to keep.
  for (const size of ['small', 'large']) {
    await h.withDb(size, (c) => c.query(`UPDATE schools s SET graduation_pathway_id = (SELECT min(p.id) FROM pathways p WHERE p.school_id = s.id)`));
  }
  const request = (d) => ({ method: 'GET', path: PATH, headers: { Authorization: `Token ${d.staffToken}` } });
  const totals = {};
  for (const [name, method, body] of [['GET /api/caseload/', 'GET', undefined], ['GraphQL caseload', 'POST', { query: QUERY }]]) {
    const counts = {};
    for (const size of ['small', 'large']) {
      const d = env[size];
      const r = await h.call(d.origin, method, method === 'GET' ? PATH : '/graphql', { token: d.staffToken, json: body });
      if (r.status !== 200 || r.body?.errors) h.fail(`${name} on the ${size} district failed: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      counts[size] = r.statements;
      if (method === 'GET') totals[size] = Number(r.headers.get('x-total-count'));
    }
    h.record(`SQL statements: caseload page of 50 (${name})`, counts.large, counts.small, 1, 'eq', 'stmts', 'school of 2,500 vs 250 students');
  }
  const [students] = await Promise.all(['large', 'small'].map((size) => h.withDb(size, async (c) =>
    (await c.query(`SELECT count(*)::int AS n FROM users WHERE user_type = 1 AND school_id = (SELECT school_id FROM users WHERE email = $1)`, [env[size].seed.staffEmails[0]])).rows[0].n)));
  await h.load(small.origin, [request(small)], { seconds: 1, connections: 2 });
  await h.load(large.origin, [request(large)], { seconds: 1, connections: 2 });
  const s = [];
  const l = [];
  for (let i = 0; i < ROUNDS; i++) {
    s.push(await round(h, small, request));
    l.push(await round(h, large, request));
  }
  for (const r of [...s, ...l]) if (r.non2xx || r.errors) h.fail(`caseload load answered ${r.non2xx} non-2xx and ${r.errors} errors`);
  const p95 = (rs) => rs.map((r) => r.p95);
  h.record('p95 latency: caseload page, school of 2,500 vs 250 students', h.median(p95(l)), h.median(p95(s)), 1.5, 'max', 'ms',
    `${students} students in the large school; rounds (large) ${p95(l).map((x) => x.toFixed(1)).join(' / ')} ms, (small) ${p95(s).map((x) => x.toFixed(1)).join(' / ')} ms; `
    + `${totals.large} and ${totals.small} rows match the filter; 2 connections; plan writes during the rounds (large) ${l.map((r) => r.writes).join(' / ')}, `
    + `(small) ${s.map((r) => r.writes).join(' / ')}`);
}
