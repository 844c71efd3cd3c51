/**
 * Sign-ins per second at 20 concurrent connections with the password hash in use (argon2id,
 * m = 19 MiB, t = 2, p = 1): POST /api/login/ with the right password, rotating through 400
 * students of the small district. Budget: at least 20 sign-ins/s, p50 at most 1 s.
 *
 * BENCH_HASH_COMPARE=1 also measures the hashes it was chosen against: every one of those students
 * gets a legacy scrypt hash (N = 2^15, then 2^17) and signs in once, so each request verifies the
 * scrypt hash and stores its argon2id replacement, as the first sign-in after the upgrade does.
 * Those figures are logged, not budgeted (bench/README.md, "Password hash").
 */
import crypto from 'node:crypto';
import autocannon from 'autocannon';

const CONNECTIONS = 20;
const USERS = 400;
const PASSWORD = 'Planner#2026';

function scryptHash(N) {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(PASSWORD, salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/**
 * `amount` sign-ins over `connections` connections (request i signs in as emails[i], so each student
 * at most once): sign-ins/s over the wall time, p50/p95 latency, and the server's CPU per sign-in
 * (process CPU over the run, thread pool included), which other load on the machine does not inflate.
 */
async function signIns(origin, emails, amount, connections = CONNECTIONS) {
  const stats = async () => await (await fetch(`${origin}/api/bench/stats/`)).json();
  const before = await stats();
  const times = [];
  let i = 0;
  const started = performance.now();
  const result = await new Promise((resolve, reject) => {
    const inst = autocannon(
      {
        url: origin,
        connections,
        amount,
        timeout: 120,
        requests: [{ setupRequest: (req) => ({ ...req, ...signIn(emails[i++ % emails.length]) }) }],
      },
      (err, res) => (err ? reject(err) : resolve(res)),
    );
    inst.on('response', (_client, _status, _bytes, ms) => times.push(ms));
  });
  const seconds = (performance.now() - started) / 1000;
  const after = await stats();
  if (result.non2xx || result.errors || result.timeouts) {
    throw new Error(`sign-ins: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  }
  times.sort((a, b) => a - b);
  const pct = (p) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))];
  const cpuMs = (after.cpu_user_us + after.cpu_system_us - before.cpu_user_us - before.cpu_system_us) / 1000 / amount;
  return { rps: amount / seconds, p50: pct(50), p95: pct(95), cpuMs };
}

function signIn(email) {
  return { method: 'POST', path: '/api/login/', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }) };
}

const describe = (r) => `${r.rps.toFixed(1)} sign-ins/s, p50 ${Math.round(r.p50)} ms, p95 ${Math.round(r.p95)} ms, server CPU ${r.cpuMs.toFixed(1)} ms per sign-in`;

/** `h`: the runner's helpers (record, median, withDb, log) and the small district's database name. */
export async function scenarioAccounts(env, h) {
  const origin = env.small.origin;
  const emails = await h.withDb(h.dbName, async (c) =>
    (await c.query(`SELECT email FROM users WHERE email LIKE 'student-%' ORDER BY id LIMIT $1`, [USERS])).rows.map((r) => r.email),
  );
  if (emails.length < USERS) throw new Error(`the small district has only ${emails.length} students`);

  if (process.env.BENCH_HASH_COMPARE === '1') {
    const [{ password_hash: seeded }] = (await h.withDb(h.dbName, (c) => c.query('SELECT password_hash FROM users WHERE email = $1', [emails[0]]))).rows;
    for (const [logN, amount] of [
      [15, 100],
      [17, 40],
    ]) {
      const stored = scryptHash(1 << logN);
      await h.withDb(h.dbName, (c) => c.query('UPDATE users SET password_hash = $1 WHERE email = ANY($2)', [stored, emails]));
      h.log(`  scrypt N=2^${logN} (first sign-in: verify + argon2id rehash): ${describe(await signIns(origin, emails, amount))}`);
    }
    await h.withDb(h.dbName, (c) => c.query('UPDATE users SET password_hash = $1 WHERE email = ANY($2)', [seeded, emails]));
  }

  await signIns(origin, emails, 40); // warm-up (and the rehash of any student left with scrypt)
  const runs = [];
  for (let i = 0; i < 3; i++) runs.push(await signIns(origin, emails, 200));
  for (const r of runs) h.log(`  argon2id: ${describe(r)}`);
  h.record(
    `sign-ins per second at ${CONNECTIONS} concurrent (argon2id m=19 MiB, t=2, p=1)`,
    h.median(runs.map((r) => r.rps)),
    20,
    1,
    'min',
    'sign-ins/s',
    'baseline: the 20/s target',
  );
  h.record(`sign-in p50 latency at ${CONNECTIONS} concurrent (argon2id)`, h.median(runs.map((r) => r.p50)), null, 1000, 'abs', 'ms');
}
