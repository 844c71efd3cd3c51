/**
 * Scenario `transcripts`: a district's course history, 30 courses for each of 50,000 students
 * (1,500,000 rows; --transcript-students sets the students, --quick 5,000), as a transcript CSV
 * through `POST /api/transcript-import/` by a staff member of the small district's first high
 * school, followed to the end of its background job. The students are added to that school first
 * (rostered sourcedIds, a plan's default grade labels); each import names students it has not
 * seen, so every row creates a record and places a course on a plan. Figures:
 *  - memory that does not grow with the file: the server's peak RSS growth during the full-size
 *    import (sampled every 10 ms by /api/bench/stats/) over the median of two imports of a tenth
 *    of the file, after one tenth-size import that is not counted (the first import of a process
 *    sizes V8's heap). Each import's growth is over a settled start, taken the same way for every
 *    size: a forced full collection, a second's pause (V8 hands freed pages back in the
 *    background), another collection, then the RSS. Budget: the ratio under 1.5 (memory
 *    proportional to the file would give 10);
 *  - what the process holds, apart from garbage awaiting collection: the most the old generation
 *    and the Buffers held just after a full collection during the import (V8's own collections,
 *    as reported: peak_heap_after_gc), full size over the tenths' median. Budget: the ratio under 1.5;
 *  - throughput: rows per second of the full-size import, upload to done, against a raw COPY of
 *    the same file (psql \copy) into a scratch table of text columns, which is the floor of any
 *    import into this database (no matching, no plan placement, no indexes).
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const HEADER = 'student_id,course_code,school_year,term,grade,units_earned,status,grade_level';
const COURSES_EACH = 30;
const GRADES = ['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'D', 'F'];
const MEMORY_RATIO_BUDGET = 1.5;

/** Writes the CSV of `n` students (sourcedIds `${tag}-0`...), streaming, to `file`; answers its rows and bytes. */
async function writeCsv(file, tag, n, codes) {
  const out = fs.createWriteStream(file);
  const write = (s) => (out.write(s) ? undefined : new Promise((ok) => out.once('drain', ok)));
  await write(HEADER + '\r\n');
  let rows = 0;
  for (let i = 0; i < n; i++) {
    let chunk = '';
    for (let k = 0; k < COURSES_EACH; k++) {
      // Four school years (grades 9-12), fall and spring, about four courses a term; 30 distinct courses a student.
      const level = 9 + Math.floor(k / 8);
      const end = 2022 + (level - 9);
      const term = k % 2 === 0 ? 'Fall' : 'Spring';
      const code = codes[(i + k) % codes.length];
      chunk += `${tag}-${i},${code},${end - 1}-${end},${term},${GRADES[(i + k) % GRADES.length]},5,completed,${level}\r\n`;
      rows++;
    }
    await write(chunk);
  }
  await new Promise((ok, ko) => out.end((e) => (e ? ko(e) : ok())));
  return { rows, bytes: fs.statSync(file).size };
}

export async function scenarioTranscripts(env, h) {
  const d = env.small;
  const full = h.students ?? (h.quick ? 5_000 : 50_000);
  const tenth = Math.round(full / 10);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'planner-bench-transcripts-'));
  try {
    const stamp = Date.now().toString(36);
    // The staff member's school, its catalogue (at least 30 courses) and its students' plan labels.
    const { schoolId, codes, labels } = await h.withDb(async (c) => {
      const [{ school_id }] = (await c.query('SELECT school_id FROM users WHERE email = $1', [d.seed.staffEmails[0]])).rows;
      const courseCodes = (await c.query('SELECT course_id FROM courses WHERE school_id = $1 ORDER BY id LIMIT 60', [school_id])).rows.map((r) => r.course_id);
      const [student] = (await c.query('SELECT academic_year_labels FROM users WHERE school_id = $1 AND user_type = 1 LIMIT 1', [school_id])).rows;
      return { schoolId: school_id, codes: courseCodes, labels: student.academic_year_labels };
    });
    if (codes.length < COURSES_EACH) h.fail(`The school's catalogue has ${codes.length} courses; ${COURSES_EACH} are needed.`);
    const addStudents = (tag, n) =>
      h.withDb((c) =>
        c.query(
          `INSERT INTO users (email, password_hash, first_name, last_name, user_type, school_id, sourced_id, academic_year_labels, grade)
           SELECT $1 || '-' || i || '@transcripts.bench.example.org', '!', 'Given' || i, 'Family' || i, 1, $2, $1 || '-' || i, $3::jsonb, '12'
           FROM generate_series(0, $4 - 1) AS i`,
          [tag, schoolId, JSON.stringify(labels), n],
        ),
      );

    const run = async (n, tag) => {
      await addStudents(tag, n);
      const file = path.join(dir, `${tag}.csv`);
      const { rows, bytes } = await writeCsv(file, tag, n, codes);
      // A settled start (see above); the first collection's RSS is logged to show how far it moves.
      const first = await h.stats(d.origin, true, true);
      await new Promise((ok) => setTimeout(ok, 1000));
      await h.stats(d.origin, true, true);
      const started = performance.now();
      const form = new FormData();
      form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'course-history.csv');
      const r = await h.call(d.origin, 'POST', '/api/transcript-import/', { token: d.staffToken, form });
      if (r.status !== 202) h.fail(`Transcript import of ${rows} rows refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
      let state = r.body;
      while (state.state === 'queued' || state.state === 'running') {
        await new Promise((ok) => setTimeout(ok, 500));
        state = (await h.call(d.origin, 'GET', `/api/transcript-imports/${r.body.id}/`, { token: d.staffToken })).body;
      }
      const ms = performance.now() - started;
      const s = await h.stats(d.origin);
      if (state.state !== 'done' || state.created !== rows)
        h.fail(`Transcript import of ${rows} rows ended ${state.state} with ${state.created} created: ${JSON.stringify(state.errors?.slice(0, 3) ?? state.error)}`);
      const out = { ms, rss: s.peak_rss - s.window_start_rss, held: s.peak_heap_after_gc, start: s.window_start_rss, rows, bytes, file };
      const mb = (b) => (b / 2 ** 20).toFixed(1);
      h.log(
        `  transcripts: ${rows} rows (${mb(bytes)} MB) in ${(ms / 1000).toFixed(1)} s, peak RSS growth ${mb(out.rss)} MB over ${mb(s.window_start_rss)} MB ` +
          `(RSS after the first collection ${mb(first.rss)} MB, after the second ${mb(s.window_start_rss)} MB), held after a full collection at most ${mb(out.held)} MB`,
      );
      return out;
    };

    const warmUp = await run(tenth, `tw${stamp}`);
    fs.rmSync(warmUp.file);
    const small = [];
    for (let i = 0; i < 2; i++) {
      const r = await run(tenth, `tt${i}${stamp}`);
      fs.rmSync(r.file);
      small.push(r);
    }
    const big = await run(full, `tf${stamp}`);

    // The raw floor: the same file copied into a scratch table by psql.
    const table = `bench_transcript_copy_${stamp}`;
    await h.withDb((c) =>
      c.query(
        `CREATE UNLOGGED TABLE ${table} (student_id text, course_code text, school_year text, term text, grade text, units_earned numeric, status text, grade_level int)`,
      ),
    );
    const copyStarted = performance.now();
    const copy = spawnSync('psql', [h.dbUrl, '-v', 'ON_ERROR_STOP=1', '-c', `\\copy ${table} FROM '${big.file}' WITH (FORMAT csv, HEADER true)`], {
      encoding: 'utf8',
    });
    const copyMs = performance.now() - copyStarted;
    if (copy.status !== 0) h.fail(`COPY failed: ${copy.stderr}`);
    const copied = await h.withDb(async (c) => {
      const [{ n }] = (await c.query(`SELECT count(*)::int AS n FROM ${table}`)).rows;
      await c.query(`DROP TABLE ${table}`);
      return n;
    });
    if (copied !== big.rows) h.fail(`COPY wrote ${copied} rows of ${big.rows}.`);

    const mb = (b) => b / 2 ** 20;
    const tenthRss = h.median(small.map((r) => r.rss));
    const ratio = big.rss / tenthRss;
    h.record(
      `transcript import: peak RSS growth, ${big.rows.toLocaleString('en-US')} rows vs ${small[0].rows.toLocaleString('en-US')} (a tenth, median of 2)`,
      mb(big.rss),
      mb(tenthRss),
      MEMORY_RATIO_BUDGET,
      'max',
      'MB',
      `tenth-size runs ${small.map((r) => mb(r.rss).toFixed(1)).join(', ')} MB; the uncounted first import ${mb(warmUp.rss).toFixed(1)} MB; settled starts ${[warmUp, ...small, big].map((r) => mb(r.start).toFixed(0)).join(', ')} MB; ratio ${ratio.toFixed(2)}, budget under ${MEMORY_RATIO_BUDGET}`,
    );
    const tenthHeld = h.median(small.map((r) => r.held));
    h.record(
      `transcript import: memory held after a full collection (old generation and Buffers, most during the import), ${big.rows.toLocaleString('en-US')} rows vs ${small[0].rows.toLocaleString('en-US')} (a tenth, median of 2)`,
      mb(big.held),
      mb(tenthHeld),
      MEMORY_RATIO_BUDGET,
      'max',
      'MB',
      `tenth-size runs ${small.map((r) => mb(r.held).toFixed(1)).join(', ')} MB; the uncounted first import ${mb(warmUp.held).toFixed(1)} MB; ratio ${(big.held / tenthHeld).toFixed(2)}, budget under ${MEMORY_RATIO_BUDGET}`,
    );
    const rate = big.rows / (big.ms / 1000);
    const copyRate = big.rows / (copyMs / 1000);
    h.record(
      `transcript import of ${big.rows.toLocaleString('en-US')} rows (${full.toLocaleString('en-US')} students, ${mb(big.bytes).toFixed(1)} MB CSV): rows per second, upload to done, vs a raw COPY of the file`,
      rate,
      copyRate,
      0,
      'min',
      'rows/s',
      `import ${(big.ms / 1000).toFixed(1)} s; COPY ${(copyMs / 1000).toFixed(1)} s; tenth-size imports ${small.map((r) => (r.ms / 1000).toFixed(1)).join(', ')} s; no budget on the ratio (a figure to follow)`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
