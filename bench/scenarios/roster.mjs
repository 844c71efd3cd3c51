/**
 * Scenario `roster`: a OneRoster 1.1 users.csv of 50,000 people (5,000 with --quick) through
 * `POST /api/roster-import/` as the small district's first staff member, followed to the end of its
 * background job, each import with fresh sourcedIds and emails (so every row creates an account and
 * queues a welcome email). Figures:
 *  - the time from upload to the job's end for the full size (median of 3, range in the note);
 *  - whether memory grows with the file: the server's peak RSS growth during an import (sampled
 *    every 10 ms by /api/bench/stats/ after a forced GC) at 3 sizes (a tenth, half and the full
 *    size), 3 runs of each, interleaved, after one full-size import that is not counted (the first
 *    import of a process sizes V8's heap: 45-49 MB here, whatever came before). The figure is the
 *    rise across the size range of the line through the 3 medians (least squares): memory that
 *    grows with the file shows as a rise; run-to-run noise (one run of a size can jump by tens of
 *    MB) moves a median little. Budget: the rise under the noise floor RSS_NOISE_MB.
 * Statements per batch are fixed and tested in server/src/modules/roster/roster-oneroster.test.ts.
 */
const HEADER =
  'sourcedId,status,dateLastModified,enabledUser,orgSourcedIds,role,username,userIds,givenName,familyName,middleName,identifier,email,sms,phone,agentSourcedIds,grades,password';
const RSS_NOISE_MB = 8;

function usersCsv(tag, n) {
  const lines = [HEADER];
  for (let i = 0; i < n; i++) {
    const role = i % 25 === 0 ? 'teacher' : i % 5 === 4 ? 'parent' : 'student';
    const agents = role === 'parent' ? `${tag}-${i - 1}` : '';
    const grade = role === 'student' ? String(9 + (i % 4)).padStart(2, '0') : '';
    lines.push(
      `${tag}-${i},active,2026-08-01T00:00:00Z,true,org-1,${role},${tag}.${i},,Given${i},"Family, ${i}",,ID${i},${tag}.${i}@roster.bench.example.org,,,${agents},${grade},`,
    );
  }
  return lines.join('\r\n') + '\r\n';
}

export async function scenarioRoster(env, h) {
  const d = env.small;
  const big = h.quick ? 5_000 : 50_000;
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
    if (state.state !== 'done' || state.created !== n)
      h.fail(`Roster import of ${n} rows ended ${state.state} with ${state.created} created: ${JSON.stringify(state.errors?.slice(0, 3))}`);
    return { ms, rss: s.peak_rss - s.window_start_rss, bytes: Buffer.byteLength(csv) };
  };
  const stamp = Date.now().toString(36);
  const sizes = [big / 10, big / 2, big];
  const warmUp = await run(big, `rw${stamp}`);
  const runs = new Map(sizes.map((n) => [n, []]));
  for (let i = 0; i < 3; i++) {
    for (const n of sizes) {
      const r = await run(n, `r${n}x${stamp}${i}`);
      runs.get(n).push(r);
      h.log(`  roster: ${n} rows in ${Math.round(r.ms)} ms, peak RSS growth ${(r.rss / 2 ** 20).toFixed(1)} MB`);
    }
  }
  const mb = (b) => b / 2 ** 20;
  const full = runs.get(big);
  const times = full.map((r) => r.ms / 1000);
  record(
    h,
    `roster import of ${big.toLocaleString('en-US')} users (OneRoster users.csv, ${mb(full[0].bytes).toFixed(1)} MB): upload to done, median of 3`,
    h.median(times),
    null,
    300,
    'abs',
    's',
    `budget 5 minutes; range ${Math.min(...times).toFixed(1)}-${Math.max(...times).toFixed(1)} s`,
  );
  // The line through (size, median growth) by least squares; its rise from the smallest size to the largest.
  const medians = sizes.map((n) => mb(h.median(runs.get(n).map((r) => r.rss))));
  const mean = (xs) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const [mx, my] = [mean(sizes), mean(medians)];
  const slope = sizes.reduce((a, x, i) => a + (x - mx) * (medians[i] - my), 0) / sizes.reduce((a, x) => a + (x - mx) ** 2, 0);
  const rise = slope * (big - big / 10);
  record(
    h,
    `roster import: peak RSS growth with the file, ${sizes.map((n) => n.toLocaleString('en-US')).join(' / ')} users (rise of the fitted line)`,
    rise,
    null,
    RSS_NOISE_MB,
    'abs',
    'MB',
    `medians ${medians.map((m) => m.toFixed(1)).join(' / ')} MB; runs ${sizes
      .map((n) =>
        runs
          .get(n)
          .map((r) => mb(r.rss).toFixed(1))
          .join(', '),
      )
      .join(' | ')} MB; ` + `the uncounted first import ${mb(warmUp.rss).toFixed(1)} MB; budget: under the ${RSS_NOISE_MB} MB noise floor`,
  );
}

const record = (h, ...args) => h.record(...args);
