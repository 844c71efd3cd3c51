/**
 * The transcript import's memory and rate over time, for finding where either grows (the
 * `transcripts` scenario gives one peak and one mean rate). Against a running server started with
 * BENCH=1 and `node --expose-gc` on a district from `npm run seed:district`:
 *
 *   node bench/transcript-trend.mjs <origin> <database url> <staff email> <students> [<students> ...]
 *
 * For each size it adds that many students to the staff member's school, writes their course
 * history (30 rows each, the scenario's file), imports it through POST /api/transcript-import/ and
 * prints, every 20 s while the job runs: rows done, the rate since the last line, RSS and heap,
 * and the heap and RSS right after a forced full collection (what the process still holds), with
 * the host's 1-minute load average; during the upload (staging) the same every 10 s. A line per
 * size ends it: time, mean rate, peak RSS growth over the RSS after a settled start (a collection, a
 * second's pause, another collection).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

const [origin, dbUrl, staffEmail, ...sizes] = process.argv.slice(2);
if (!origin || !dbUrl || !staffEmail || !sizes.length) {
  console.error('usage: node bench/transcript-trend.mjs <origin> <database url> <staff email> <students> [<students> ...]');
  process.exit(2);
}
const PASSWORD = 'Planner#2026';
const HEADER = 'student_id,course_code,school_year,term,grade,units_earned,status,grade_level';
const GRADES = ['A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'D', 'F'];
const MB = (b) => (b / 2 ** 20).toFixed(1);
const load = () => os.loadavg()[0].toFixed(2);
const pause = (ms) => new Promise((ok) => setTimeout(ok, ms));

async function call(method, p, { token, json, form } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Token ${token}`;
  let body;
  if (json) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(json);
  } else if (form) body = form;
  const r = await fetch(origin + p, { method, headers, body });
  return { status: r.status, body: await r.json().catch(() => null) };
}
const stats = async () => (await call('GET', '/api/bench/stats/')).body;
/** A forced full collection, then what is left (the stats window starts anew). */
async function afterGc() {
  const before = (await call('GET', '/api/bench/stats/?reset=1&gc=1')).body;
  return { before, after: await stats() };
}

const db = new pg.Client(dbUrl);
await db.connect();
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'transcript-trend-'));
try {
  const token = (await call('POST', '/api/login/', { json: { email: staffEmail, password: PASSWORD } })).body?.token;
  if (!token) throw new Error(`Sign-in of ${staffEmail} failed.`);
  const [{ school_id: schoolId }] = (await db.query('SELECT school_id FROM users WHERE email = $1', [staffEmail])).rows;
  const codes = (await db.query('SELECT course_id FROM courses WHERE school_id = $1 ORDER BY id LIMIT 60', [schoolId])).rows.map((r) => r.course_id);
  const [{ academic_year_labels: labels }] = (await db.query('SELECT academic_year_labels FROM users WHERE school_id = $1 AND user_type = 1 LIMIT 1', [schoolId])).rows;
  for (const n of sizes.map(Number)) {
    const tag = `trend${n}x${Date.now().toString(36)}`;
    await db.query(
      `INSERT INTO users (email, password_hash, first_name, last_name, user_type, school_id, sourced_id, academic_year_labels, grade)
       SELECT $1 || '-' || i || '@trend.bench.example.org', '!', 'Given' || i, 'Family' || i, 1, $2, $1 || '-' || i, $3::jsonb, '12' FROM generate_series(0, $4 - 1) AS i`,
      [tag, schoolId, JSON.stringify(labels), n],
    );
    const file = path.join(dir, `${tag}.csv`);
    const out = fs.createWriteStream(file);
    let chunk = HEADER + '\r\n';
    for (let i = 0; i < n; i++) {
      for (let k = 0; k < 30; k++) {
        const level = 9 + Math.floor(k / 8);
        const end = 2022 + (level - 9);
        chunk += `${tag}-${i},${codes[(i + k) % codes.length]},${end - 1}-${end},${k % 2 === 0 ? 'Fall' : 'Spring'},${GRADES[(i + k) % GRADES.length]},5,completed,${level}\r\n`;
      }
      if (chunk.length > 1 << 20) {
        if (!out.write(chunk)) await new Promise((ok) => out.once('drain', ok));
        chunk = '';
      }
    }
    out.write(chunk);
    await new Promise((ok) => out.end(ok));
    const rows = n * 30;

    // A settled start, as the scenario takes it: a collection, a second's pause, another collection.
    await afterGc();
    await pause(1000);
    const { after: base } = await afterGc();
    let peak = base.rss;
    const started = performance.now();
    const seconds = () => (performance.now() - started) / 1000;
    const form = new FormData();
    form.append('file', await fs.openAsBlob(file, { type: 'text/csv' }), 'course-history.csv');
    let uploading = true;
    const staging = (async () => {
      while (uploading) {
        await pause(10_000);
        if (!uploading) break;
        const { before, after } = await afterGc();
        peak = Math.max(peak, before.peak_rss);
        console.log(
          `  staging ${seconds().toFixed(0)} s: rss ${MB(before.rss)} heap ${MB(before.heap_used)}; after a collection heap ${MB(after.heap_used)} rss ${MB(after.rss)}; load ${load()}`,
        );
      }
    })();
    const r = await call('POST', '/api/transcript-import/', { token, form });
    uploading = false;
    await staging;
    if (r.status !== 202) throw new Error(`Import refused: ${r.status} ${JSON.stringify(r.body)}`);
    console.log(`${rows} rows: staged in ${seconds().toFixed(1)} s; load ${load()}`);
    let state = r.body;
    let last = { t: seconds(), done: 0 };
    while (state.state === 'queued' || state.state === 'running') {
      await pause(20_000);
      state = (await call('GET', `/api/transcript-imports/${r.body.id}/`, { token })).body;
      const { before, after } = await afterGc();
      peak = Math.max(peak, before.peak_rss);
      const t = seconds();
      console.log(
        `  ${t.toFixed(0)} s: ${state.done_rows} rows, ${((state.done_rows - last.done) / (t - last.t)).toFixed(0)} rows/s; rss ${MB(before.rss)} heap ${MB(before.heap_used)}; after a collection heap ${MB(after.heap_used)} rss ${MB(after.rss)}; load ${load()}`,
      );
      last = { t, done: state.done_rows };
    }
    console.log(
      `${rows} rows: ${state.state}, ${state.created} created in ${seconds().toFixed(1)} s (${(rows / seconds()).toFixed(0)} rows/s); peak RSS growth ${MB(peak - base.rss)} MB over ${MB(base.rss)} MB; load ${load()}`,
    );
    fs.rmSync(file);
  }
} finally {
  await db.end();
  fs.rmSync(dir, { recursive: true, force: true });
}
