/**
 * Scenario `roster`: a OneRoster 1.1 users.csv of 50,000 people (5,000 with --quick) through
 * `POST /api/roster-import/` as the small district's first staff member, followed to the end of its
 * background job. Three runs, each with fresh sourcedIds and emails (so every row creates an
 * account and queues a welcome email). Figures: the time from upload to the job's end (median and
 * range), and the server's peak RSS growth during the import (sampled every 10 ms by
 * /api/bench/stats/ after a forced GC) beside the same for a file a tenth the size: memory must not
 * grow with the file (budget: ratio <= 1.5, growth below the noise floor counted as the floor).
 * Statements per batch are fixed and tested in server/src/modules/roster/roster-oneroster.test.ts.
 */
const HEADER = 'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const RSS_NOISE_MB = 8;

function usersCsv(tag, n) {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const role = i % 25 === 0 ? 'teacher' : i % 5 === 4 ? 'parent' : 'student';
    const agents = role === 'parent' ? `${tag}-${i - 1}` : '';
    const grade = role === 'student' ? String(9 + (i % 4)).padStart(2, '0') : '';
    lines.push(`${tag}-${i},active,2026-08-01T00:00:00Z,true,org-1,${role},${tag}.${i},,Given${i},"Family, ${i}",,ID${i},${tag}.${i}@roster.bench.example.org,,,${agents},${grade},`);
  }
  return lines.join('\r\n') + '\r\n';
}

export async function scenarioRoster(env, h) {
  const d = env.small;
  const big = h.quick ? 5_000 : 50_000;
  const small = big / 10;
  const run = async (n, tag) => {
    const csv = usersCsv(tag, n);
    await h.stats(d.origin, true, true);
    const started = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv], { type: 'text/csv' }), 'users.csv');
    const r = await h.call(d.origin, 'POST', '/api/roster-import/', { token: d.staffToken, form });
    if (r.status !== 202) h.fail(`Roster import of ${n} rows refused: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
    let state = r.body;
    while (state.state === 'queued' || state.state === 'running') {
      await new Promise((ok) => setTimeout(ok, 250));
      state = (await h.call(d.origin, 'GET', `/api/roster-imports/${r.body.id}/`, { token: d.staffToken })).body;
    }
    const ms = performance.now() - started;
    const s = await h.stats(d.origin);
    if (state.state !== 'done' || state.created !== n) h.fail(`Roster import of ${n} rows ended ${state.state} with ${state.created} created: ${JSON.stringify(state.errors?.slice(0, 3))}`);
    return { ms, rss: s.peak_rss - s.window_start_rss, bytes: Buffer.byteLength(csv) };
  };
  const stamp = Date.now().toString(36);
  const runs = [];
  const smalls = [];
  for (let i = 0; i < 3; i++) {
    smalls.push(await run(small, `rs${stamp}${i}`));
    runs.push(await run(big, `rb${stamp}${i}`));
    h.log(`  roster: ${big} rows in ${Math.round(runs[i].ms)} ms, peak RSS growth ${(runs[i].rss / 2 ** 20).toFixed(1)} MB`);
  }
  const times = runs.map((r) => r.ms / 1000);
  const mb = (b) => b / 2 ** 20;
  record(h, `roster import of ${big.toLocaleString('en-US')} users (OneRoster users.csv, ${mb(runs[0].bytes).toFixed(1)} MB): upload to done, median of 3`,
    h.median(times), null, 300, 'abs', 's', `budget 5 minutes; range ${Math.min(...times).toFixed(1)}-${Math.max(...times).toFixed(1)} s`);
  const growthBig = Math.max(RSS_NOISE_MB, mb(h.median(runs.map((r) => r.rss))));
  const growthSmall = Math.max(RSS_NOISE_MB, mb(h.median(smalls.map((r) => r.rss))));
  record(h, `roster import: peak RSS growth, ${big.toLocaleString('en-US')} vs ${small.toLocaleString('en-US')} users`, growthBig, growthSmall, 1.5, 'max', 'MB',
    `measured ${runs.map((r) => mb(r.rss).toFixed(1)).join(' / ')} MB vs ${smalls.map((r) => mb(r.rss).toFixed(1)).join(' / ')} MB (floor ${RSS_NOISE_MB} MB)`);
}

const record = (h, ...args) => h.record(...args);
