/**
 * Scenario `autoplan`: the auto-plan generator (HiGHS in the server's worker pool) beside the greedy
 * generator it replaces, on the real catalogues: a database and server of its own seeded with the
 * demo (Lincoln High School's 121 courses, Valley College's 917 as partner courses; no other
 * scenario uses it). Every Valley course is marked transferable to Lincoln (1 adjusted unit, as the
 * demo's own transfers), so the whole partner catalogue is in play, and Lincoln's graduation
 * pathway is set.
 *
 * STUDENTS random Lincoln students (seeded, the same every run): a grade from 9 to 12, one to three
 * of Lincoln's pathways, and 3 to 5 completed courses of the graduation pathway (ones without
 * prerequisites) in each year already behind them.
 *
 * Figures:
 *  - p95 time of `POST /api/generate-plan/` per student, as the demo counselor, one at a time (the
 *    request's wall time: loading, the model, the solves; the solver's own seconds in the note);
 *    budget 5 s;
 *  - terms against greedy: the greedy generator (the built server's baseline module, the same input
 *    the old onboarding gave it: the goal pathways, the courses with their counted units, the plan)
 *    on each student; a student counts as worse when greedy met every goal requirement and the
 *    auto-plan answer is not a proven plan in at most greedy's terms; budget 0 (the terms saved,
 *    and where greedy left requirements unmet, in the note);
 *  - event-loop delay of the server while CONCURRENT generations run at once (`/api/bench/stats/`,
 *    perf_hooks monitorEventLoopDelay, window reset before each round): the CONCURRENT students
 *    whose generation took longest above, the same batch every round, one uncounted round first;
 *    p99, median of ROUNDS rounds, max in the note; budget 50 ms. Beside it, the p99 of the same
 *    server idle for IDLE_MS before each round: what the host's load alone causes;
 *  - a caseload of CASELOAD students generated in the background: the demo counselor starts one
 *    batch (`POST /api/generate-plan/batches/`) for the STUDENTS above and CASELOAD - STUDENTS more
 *    made the same way, each following the pathways drawn for them (student_pathways), and reads
 *    its progress every second until done; the wall time from the start to the last result; budget
 *    600 s (10 minutes). The outcomes (saved, proven impossible, ...) in the note.
 */
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const STUDENTS = 200;
/** The caseload generated at once in the background (the STUDENTS above and more), and its budget. */
const CASELOAD = 350;
const CASELOAD_BUDGET_MS = 600_000;
const CONCURRENT = 8;
const ROUNDS = 3;
/** The idle window before each event-loop round (the baseline: the delay the host's load alone causes). */
const IDLE_MS = 2000;
const SEED = 20261127;
/** Students generated on the district generator's 5,000-course catalogue, and the time budget there (the default solver time limit, 10 s, plus 1 s). */
const DISTRICT_STUDENTS = 30;
const DISTRICT_BUDGET_MS = 11000;

const p95 = (values) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil(s.length * 0.95) - 1)];
};

/** Everything the greedy baseline needs, read once: pathways with requirements and links, courses with prerequisites and counted units. */
async function loadCatalogue(c, lincolnId) {
  const q = async (sql, params) => (await c.query(sql, params)).rows;
  const rows = await q(
    `SELECT p.id AS "pathwayId", p.name, r.id AS "requirementId", r.uuid, r.name AS "requirementName", r.number_of_courses AS "numberOfCourses",
            r.number_of_units AS "numberOfUnits", cr.course_id AS "courseId", cr.non_duplicable_group AS "group"
       FROM pathways p LEFT JOIN requirements r ON r.pathway_id = p.id LEFT JOIN course_requirements cr ON cr.requirement_id = r.id
      WHERE p.school_id = $1 ORDER BY p.id, r.id, cr.id`,
    [lincolnId],
  );
  const pathways = new Map();
  const requirements = new Map();
  for (const row of rows) {
    let p = pathways.get(row.pathwayId);
    if (!p) pathways.set(row.pathwayId, (p = { id: row.pathwayId, name: row.name, requirements: [] }));
    if (row.requirementId === null) continue;
    let r = p.requirements.find((x) => x.id === row.requirementId);
    if (!r) {
      r = { id: row.requirementId, numberOfCourses: row.numberOfCourses ?? 0, numberOfUnits: Number(row.numberOfUnits ?? 0), courses: [] };
      p.requirements.push(r);
      requirements.set(r.id, { id: r.id, uuid: row.uuid, name: row.requirementName, requiredCourses: r.numberOfCourses, requiredUnits: r.numberOfUnits });
    }
    if (row.courseId !== null) r.courses.push({ courseId: row.courseId, nonDuplicableGroup: row.group });
  }
  const courses = await q(
    `SELECT c.id, c.course_id AS code, COALESCE(t.adjusted_units, c.units) AS units, c.school_id AS "schoolId"
       FROM courses c LEFT JOIN course_transfers t ON t.course_id = c.id AND t.school_id = $1 AND c.school_id <> $1
      WHERE c.school_id = $1 OR t.id IS NOT NULL`,
    [lincolnId],
  );
  const prereqs = await q(
    `SELECT course_id AS "courseId", group_index AS "groupIndex", prerequisite_id AS "prerequisiteId" FROM course_prerequisites ORDER BY course_id, group_index, id`,
  );
  const groups = new Map();
  for (const p of prereqs) {
    const byGroup = groups.get(p.courseId) ?? new Map();
    groups.set(p.courseId, byGroup);
    byGroup.set(p.groupIndex, [...(byGroup.get(p.groupIndex) ?? []), p.prerequisiteId]);
  }
  const genCourses = courses.map((r) => ({
    id: r.id,
    code: r.code,
    units: Number(r.units),
    schoolId: r.schoolId,
    prerequisiteGroups: [...(groups.get(r.id)?.entries() ?? [])].sort(([a], [b]) => a - b).map(([, m]) => m),
  }));
  return { pathways: [...pathways.values()], requirements, courses: genCourses };
}

/**
 * Each student, one at a time: the server's generate-plan answer beside greedy's on the same
 * input. `d`: { origin, token, students, catalogue, graduationId (or null), caps, timeLimit (or
 * undefined: the server's) }; `lib`: the built server's greedy, computeProgress, firstRemainingTerm.
 */
async function compare(h, d, lib) {
  const links = [];
  for (const p of d.catalogue.pathways)
    for (const r of p.requirements) for (const c of r.courses) links.push({ courseId: c.courseId, requirementId: r.id, group: c.nonDuplicableGroup });
  const courseById = new Map(d.catalogue.courses.map((c) => [c.id, c]));
  const o = {
    times: [],
    solverSeconds: [],
    statuses: {},
    worse: 0,
    saved: 0,
    savedStudents: 0,
    greedyIncomplete: 0,
    greedyIncompleteSolved: 0,
    greedyMs: 0,
    worseNotes: [],
    shortBy: new Map(),
  };
  for (const s of d.students) {
    const json = { student_id: s.id, pathway_ids: s.pathwayIds, ...(d.timeLimit ? { time_limit_seconds: d.timeLimit } : {}) };
    const r = await h.call(d.origin, 'POST', '/api/generate-plan/', { token: d.token, json });
    if (r.status !== 200) h.fail(`generate-plan for student ${s.id} answered ${r.status}: ${JSON.stringify(r.body).slice(0, 300)}`);
    o.times.push(r.ms);
    o.solverSeconds.push(r.body.seconds);
    o.statuses[r.body.status] = (o.statuses[r.body.status] ?? 0) + 1;
    for (const f of r.body.shortfalls) {
      const name = `${f.pathway_name}: ${f.requirement_name}`;
      o.shortBy.set(name, (o.shortBy.get(name) ?? 0) + 1);
    }

    const goals = new Set([...s.pathwayIds, ...(d.graduationId ? [d.graduationId] : [])]);
    const pathways = d.catalogue.pathways.filter((p) => goals.has(p.id));
    const started = performance.now();
    const added = lib.greedy({
      termCount: s.labels.length,
      firstTerm: lib.firstRemainingTerm(s.labels, s.grade),
      unitCap: d.caps.units,
      courseCap: d.caps.courses,
      courses: d.catalogue.courses,
      pathways,
      existing: s.done,
    });
    o.greedyMs += performance.now() - started;
    const plan = [...s.done, ...added];
    const greedyTerms = plan.reduce((m, e) => Math.max(m, e.term + 1), 0);
    const progress = lib.computeProgress(
      [...d.catalogue.requirements.values()],
      plan.map((e) => ({ id: e.courseId, courseId: courseById.get(e.courseId)?.code ?? '', units: courseById.get(e.courseId)?.units ?? 0 })),
      links,
    );
    const goalReqs = pathways.flatMap((p) => p.requirements.map((r) => r.id));
    const greedyComplete = goalReqs.every((id) => progress.get(id)?.isFulfilled);
    const optimal = r.body.status === 'OPTIMAL';
    if (!greedyComplete) {
      o.greedyIncomplete += 1;
      if (optimal) o.greedyIncompleteSolved += 1;
      continue;
    }
    if (!optimal || r.body.terms > greedyTerms) {
      o.worse += 1;
      if (o.worseNotes.length < 3) o.worseNotes.push(`student ${s.id}: ${r.body.status} ${r.body.terms} terms vs greedy ${greedyTerms}`);
      continue;
    }
    if (r.body.terms < greedyTerms) {
      o.saved += greedyTerms - r.body.terms;
      o.savedStudents += 1;
    }
  }
  o.statusText = Object.entries(o.statuses)
    .map(([k, v]) => `${v} ${k}`)
    .join(', ');
  o.shortText = [...o.shortBy]
    .sort((x, y) => y[1] - x[1])
    .slice(0, 4)
    .map(([k, v]) => `${k} ${v}`)
    .join(', ');
  return o;
}

/**
 * `h`: { admin, dbName, districtDbName, seedDistrict, startServer, login, call, stats, withDb, record, fail, median, log, root, port }.
 * Needs the built server (server/dist): the greedy baseline and the progress engine come from it.
 */
export async function scenarioAutoPlan(h) {
  const dist = (p) => pathToFileURL(path.join(h.root, 'server/dist/server/src', p)).href;
  const { generatePlan: greedy } = await import(dist('modules/auto-plan/greedy-baseline.js'));
  const { computeProgress } = await import(dist('modules/pathways/progress.js'));
  const { firstRemainingTerm } = await import(dist('modules/auto-plan/plan-terms.js'));
  const { seededRandom: random } = await import(dist('core/seeded-random.js'));

  await h.admin(`CREATE DATABASE "${h.dbName}"`);
  const server = await h.startServer(h.dbName, h.port, { SEED_DEMO: 'true' });
  const token = await h.login(server.origin, 'admin@lincoln.example');

  // The school, its catalogues, every Valley course transferable, the graduation pathway, and the random students.
  const setup = await h.withDb(h.dbName, async (c) => {
    const q = async (sql, params) => (await c.query(sql, params)).rows;
    const [lincoln] = await q(`SELECT id FROM schools WHERE name = 'Lincoln High School'`);
    const [valley] = await q(`SELECT id FROM schools WHERE name LIKE 'Valley%'`);
    const [{ n: lincolnCourses }] = await q(`SELECT count(*)::int AS n FROM courses WHERE school_id = $1`, [lincoln.id]);
    const [{ n: valleyCourses }] = await q(`SELECT count(*)::int AS n FROM courses WHERE school_id = $1`, [valley.id]);
    await q(
      `INSERT INTO course_transfers (course_id, school_id, adjusted_units) SELECT c.id, $2, 1 FROM courses c WHERE c.school_id = $1
       ON CONFLICT (course_id, school_id) DO NOTHING`,
      [valley.id, lincoln.id],
    );
    const pathways = await q(`SELECT id, name FROM pathways WHERE school_id = $1 ORDER BY id`, [lincoln.id]);
    const graduation = pathways.find((p) => /graduation/i.test(p.name)) ?? pathways[0];
    await q(`UPDATE schools SET graduation_pathway_id = $2 WHERE id = $1`, [lincoln.id, graduation.id]);
    const [template] = await q(`SELECT id, academic_year_labels AS labels FROM users WHERE school_id = $1 AND user_type = 1 ORDER BY id LIMIT 1`, [lincoln.id]);
    const starters = (
      await q(
        `SELECT DISTINCT cr.course_id AS id FROM course_requirements cr JOIN requirements r ON r.id = cr.requirement_id
          WHERE r.pathway_id = $1 AND NOT EXISTS (SELECT 1 FROM course_prerequisites p WHERE p.course_id = cr.course_id) ORDER BY 1`,
        [graduation.id],
      )
    ).map((r) => r.id);
    // The template student's required columns and school; never its unique ones (parent code and the like).
    const columns = (
      await q(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_schema = current_schema() AND table_name = 'users' AND column_name NOT IN ('id', 'email', 'grade') AND is_generated = 'NEVER'
            AND ((is_nullable = 'NO' AND column_default IS NULL) OR column_name IN ('school_id', 'user_type', 'password_hash', 'first_name', 'last_name', 'academic_year_labels'))`,
      )
    ).map((r) => `"${r.name}"`);
    const rnd = random(SEED);
    const students = [];
    // The first STUDENTS are the figures' students; the rest only fill the caseload of (e).
    for (let i = 0; i < CASELOAD; i++) {
      const grade = 9 + Math.floor(rnd() * 4);
      const chosen = pathways.filter(() => rnd() < 0.5);
      if (!chosen.length) chosen.push(pathways[Math.floor(rnd() * pathways.length)]);
      const [{ id }] = await q(`INSERT INTO users (email, grade, ${columns.join(', ')}) SELECT $2, $3, ${columns.join(', ')} FROM users WHERE id = $1 RETURNING id`, [
        template.id,
        `autoplan-${i}@bench.example`,
        String(grade),
      ]);
      const done = [];
      const pool = [...starters];
      for (let t = 0; t < grade - 9; t++) {
        const n = 3 + Math.floor(rnd() * 3);
        for (let k = 0; k < n && pool.length; k++) done.push({ courseId: pool.splice(Math.floor(rnd() * pool.length), 1)[0], term: t, position: k });
      }
      if (done.length) {
        await q(
          `INSERT INTO scheduled_courses (user_id, course_id, term, position, completed) SELECT $1, c, t, p, true FROM unnest($2::int[], $3::text[], $4::int[]) AS x(c, t, p)`,
          [id, done.map((d) => d.courseId), done.map((d) => String(d.term + 1)), done.map((d) => d.position)],
        );
      }
      await q(`INSERT INTO student_pathways (student_id, pathway_id) SELECT $1, unnest($2::int[])`, [id, chosen.map((p) => p.id)]);
      students.push({ id, grade, pathwayIds: chosen.map((p) => p.id), done });
    }
    const [caps] = await q(`SELECT * FROM schools WHERE id = $1`, [lincoln.id]);
    return { lincoln, graduation, students, labels: template.labels, lincolnCourses, valleyCourses, school: caps, catalogue: await loadCatalogue(c, lincoln.id) };
  });
  const { termCapsOf } = await import(dist('modules/schools/term-caps.js'));
  const caps = termCapsOf({
    schoolType: setup.school.school_type,
    termUnitCap: setup.school.term_unit_cap === null ? null : Number(setup.school.term_unit_cap),
    termCourseCap: setup.school.term_course_cap,
  });
  h.log(
    `  autoplan: ${setup.lincolnCourses} Lincoln courses, ${setup.valleyCourses} Valley courses (transferable), ${setup.catalogue.pathways.length} pathways, ${STUDENTS} students; caps ${caps.units} units / ${caps.courses} courses`,
  );

  // (a) and (b): each student, one at a time, the server's answer beside greedy's.
  const lib = { greedy, computeProgress, firstRemainingTerm };
  const caseload = setup.students;
  setup.students = caseload.slice(0, STUDENTS);
  const students = setup.students.map((s) => ({ ...s, labels: setup.labels }));
  const { times, solverSeconds, worse, saved, savedStudents, greedyIncomplete, greedyIncompleteSolved, greedyMs, worseNotes, statusText, shortText } = await compare(
    h,
    { origin: server.origin, token, students, catalogue: setup.catalogue, graduationId: setup.graduation.id, caps },
    lib,
  );
  h.record(
    'autoplan: p95 time of POST /api/generate-plan/ per student (real catalogues)',
    p95(times),
    null,
    5000,
    'abs',
    'ms',
    `${STUDENTS} students one at a time; median ${Math.round(h.median(times))} ms, max ${Math.round(Math.max(...times))} ms; solver p95 ${p95(solverSeconds).toFixed(2)} s; ${statusText} (short most often: ${shortText}); greedy ${(greedyMs / STUDENTS).toFixed(1)} ms per student in the bench`,
  );
  h.record(
    'autoplan: students with more terms than greedy (greedy complete)',
    worse,
    null,
    0,
    'abs',
    'students',
    `${STUDENTS - greedyIncomplete} students greedy completed: ${savedStudents} got fewer terms (${saved} terms saved in all), none more${worseNotes.length ? ` (${worseNotes.join('; ')})` : ''}; greedy left requirements unmet for ${greedyIncomplete}, of which auto-plan proved a full plan for ${greedyIncompleteSolved}`,
  );

  // (c) event-loop delay while CONCURRENT generations run at once.
  const p99s = [];
  const maxes = [];
  // The CONCURRENT students whose generation took longest above, the same batch every round, after one uncounted round.
  const slowest = setup.students
    .map((s, i) => ({ s, ms: times[i] }))
    .sort((a, b) => b.ms - a.ms)
    .slice(0, CONCURRENT)
    .map((x) => x.s);
  const idle = [];
  const walls = [];
  for (let round = -1; round < ROUNDS; round++) {
    const batch = slowest;
    // The same server with nothing to do for IDLE_MS first: the delay the host's load alone causes.
    await h.stats(server.origin, true);
    await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
    const quiet = await h.stats(server.origin, true);
    const started = performance.now();
    const answers = await Promise.all(
      batch.map((s) => h.call(server.origin, 'POST', '/api/generate-plan/', { token, json: { student_id: s.id, pathway_ids: s.pathwayIds } })),
    );
    const st = await h.stats(server.origin);
    if (answers.some((a) => a.status !== 200)) h.fail(`a concurrent generate-plan failed: ${answers.map((a) => a.status).join(', ')}`);
    if (round < 0) continue;
    idle.push(quiet.event_loop_p99_ms);
    walls.push(Math.round(performance.now() - started));
    p99s.push(st.event_loop_p99_ms);
    maxes.push(st.event_loop_max_ms);
  }
  h.record(
    `autoplan: event-loop p99 delay while ${CONCURRENT} generations run at once`,
    h.median(p99s),
    h.median(idle),
    50,
    'abs',
    'ms',
    `the ${CONCURRENT} slowest students above at once, median of ${ROUNDS} rounds after one uncounted (${p99s.join(' / ')} ms); max ${maxes.join(' / ')} ms; each round ${walls.join(' / ')} ms; baseline: the p99 of the idle server for ${IDLE_MS} ms before each round (${idle.join(' / ')} ms), the host's load alone; the server's default solver threads (2)`,
  );

  // (e) The caseload in the background: one batch, its progress read every second until done.
  const startedBatch = performance.now();
  const begun = await h.call(server.origin, 'POST', '/api/generate-plan/batches/', { token, json: { student_ids: caseload.map((s) => s.id) } });
  if (begun.status !== 202) h.fail(`the caseload batch did not start: ${begun.status}`);
  let batch = begun.body;
  while (batch.state === 'queued' || batch.state === 'running') {
    if (performance.now() - startedBatch > 2 * CASELOAD_BUDGET_MS)
      h.fail(`the caseload batch was not done after ${(2 * CASELOAD_BUDGET_MS) / 1000} s (${batch.done} of ${batch.total})`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const read = await h.call(server.origin, 'GET', `/api/generate-plan/batches/${batch.id}/`, { token });
    if (read.status !== 200) h.fail(`reading the caseload batch failed: ${read.status}`);
    batch = read.body;
  }
  const batchMs = Math.round(performance.now() - startedBatch);
  if (batch.state !== 'done' || batch.done !== caseload.length) h.fail(`the caseload batch ended ${batch.state} with ${batch.done} of ${batch.total}`);
  const outcomes = {};
  for (const r of batch.results) outcomes[r.outcome] = (outcomes[r.outcome] ?? 0) + 1;
  h.record(
    `autoplan: a caseload of ${CASELOAD} students generated in the background`,
    batchMs,
    null,
    CASELOAD_BUDGET_MS,
    'abs',
    'ms',
    `one batch as the demo counselor, progress read every second; ${Object.entries(outcomes)
      .map(([k, n]) => `${n} ${k}`)
      .join(', ')}; ${(batchMs / CASELOAD).toFixed(0)} ms per student with the server's default solver threads (2); load average at the end ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );
  server.child.kill('SIGTERM');

  // (d) The district generator's catalogue (5,000 courses, prerequisite chains up to 10 deep), a
  // database and server of its own: DISTRICT_STUDENTS students of its high school made fresh
  // ninth-graders (their seeded plans cleared), each with one to three of the school's pathways;
  // every college course transferable to the school, as at Lincoln.
  await h.admin(`CREATE DATABASE "${h.districtDbName}"`);
  const seeded = h.seedDistrict(h.districtDbName, { students: DISTRICT_STUDENTS, courses: 5000, pathways: 200 }, ['--students-per-school', String(DISTRICT_STUDENTS)]);
  const district = await h.startServer(h.districtDbName, h.port + 1);
  const districtToken = await h.login(district.origin, seeded.staffEmails[0]);
  const schoolId = seeded.highSchoolIds[0];
  const d = await h.withDb(h.districtDbName, async (c) => {
    const q = async (sql, params) => (await c.query(sql, params)).rows;
    const [school] = await q(`SELECT * FROM schools WHERE id = $1`, [schoolId]);
    const [{ n: courses }] = await q(`SELECT count(*)::int AS n FROM courses`);
    const pathways = (await q(`SELECT id FROM pathways WHERE school_id = $1 ORDER BY id`, [schoolId])).map((r) => r.id);
    const users = await q(`SELECT id, academic_year_labels AS labels FROM users WHERE school_id = $1 AND user_type = 1 ORDER BY id LIMIT $2`, [
      schoolId,
      DISTRICT_STUDENTS,
    ]);
    await q(`DELETE FROM scheduled_courses WHERE user_id = ANY($1::int[])`, [users.map((u) => u.id)]);
    // As at Lincoln, every college course transferable (the generator accepts a third): its requirements draw on both catalogues.
    await q(
      `INSERT INTO course_transfers (course_id, school_id, adjusted_units) SELECT c.id, $2, 1 FROM courses c WHERE c.school_id = $1
       ON CONFLICT (course_id, school_id) DO NOTHING`,
      [seeded.collegeId, schoolId],
    );
    await q(`UPDATE users SET grade = '9' WHERE id = ANY($1::int[])`, [users.map((u) => u.id)]);
    const rnd = random(SEED + 1);
    const students = users.map((u) => {
      const pool = [...pathways];
      const n = 1 + Math.floor(rnd() * 3);
      const chosen = [];
      for (let k = 0; k < n && pool.length; k++) chosen.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]);
      return { id: u.id, grade: 9, pathwayIds: chosen, done: [], labels: u.labels };
    });
    return { school, courses, pathways: pathways.length, students, catalogue: await loadCatalogue(c, schoolId) };
  });
  const districtCaps = termCapsOf({
    schoolType: d.school.school_type,
    termUnitCap: d.school.term_unit_cap === null ? null : Number(d.school.term_unit_cap),
    termCourseCap: d.school.term_course_cap,
  });
  h.log(`  autoplan: district catalogue of ${d.courses} courses, ${d.pathways} pathways at the high school, ${d.students.length} students`);
  const dr = await compare(
    h,
    { origin: district.origin, token: districtToken, students: d.students, catalogue: d.catalogue, graduationId: null, caps: districtCaps },
    lib,
  );
  h.record(
    `autoplan: p95 time of POST /api/generate-plan/ per student (district, ${d.courses} courses)`,
    p95(dr.times),
    null,
    DISTRICT_BUDGET_MS,
    'abs',
    'ms',
    `${d.students.length} students one at a time; median ${Math.round(h.median(dr.times))} ms, max ${Math.round(Math.max(...dr.times))} ms; solver p95 ${p95(dr.solverSeconds).toFixed(2)} s; ${dr.statusText}; greedy ${(dr.greedyMs / d.students.length).toFixed(1)} ms per student in the bench; budget: the server's solver time limit (10 s) plus 1 s`,
  );
  h.record(
    'autoplan: students with more terms than greedy (district, greedy complete)',
    dr.worse,
    null,
    0,
    'abs',
    'students',
    `${d.students.length - dr.greedyIncomplete} students greedy completed: ${dr.savedStudents} got fewer terms (${dr.saved} terms saved in all)${dr.worseNotes.length ? ` (${dr.worseNotes.join('; ')})` : ''}; greedy left requirements unmet for ${dr.greedyIncomplete}, of which auto-plan proved a full plan for ${dr.greedyIncompleteSolved}`,
  );
  district.child.kill('SIGTERM');
}
