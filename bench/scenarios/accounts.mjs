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

const CONNECTIONS = 20;
const USERS = 400;
const PASSWORD = 'Planner#2026';

function scryptHash(N) {
  const salt = crypto.randomBytes(16);
  const hash = crypto.scryptSync(PASSWORD, salt, 32, { N, r: 8, p: 1, maxmem: 256 * 1024 * 1024 });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

/** `h`: the runner's helpers (load, record, median, withDb, log) and the small district's database name. */
export async function scenarioAccounts(env, h) {
  const origin = env.small.origin;
  const emails = await h.withDb(h.dbName, async (c) => (await c.query(
    `SELECT email FROM users WHERE email LIKE 'student-%' ORDER BY id LIMIT $1`, [USERS])).rows.map((r) => r.email));
  if (emails.length < USERS) throw new Error(`the small district has only ${emails.length} students`);
  const signIn = (email) => ({
    method: 'POST', path: '/api/login/', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ email, password: PASSWORD }),
  });
  const requests = emails.map(signIn);
  const check = (r, name) => {
    if (r.non2xx || r.errors) throw new Error(`${name}: ${r.non2xx} answers other than 2xx, ${r.errors} errors`);
  };

  if (process.env.BENCH_HASH_COMPARE === '1') {
    for (const logN of [15, 17]) {
      const stored = scryptHash(1 << logN);
      await h.withDb(h.dbName, (c) => c.query('UPDATE users SET password_hash = $1 WHERE email = ANY($2)', [stored, emails]));
      // Bounded by time: each student is used once at most (a second sign-in would find argon2id).
      const r = await h.load(origin, requests, { seconds: 5, connections: CONNECTIONS });
      if (r.total > USERS) throw new Error(`scrypt 2^${logN}: ${r.total} sign-ins reused students`);
      check(r, `scrypt 2^${logN}`);
      h.log(`  scrypt N=2^${logN} (first sign-in: verify + argon2id rehash): ${r.rps.toFixed(1)} sign-ins/s, p50 ${Math.round(r.p50)} ms, p95 ${Math.round(r.p95)} ms`);
    }
  }

  await h.load(origin, requests, { seconds: 1, connections: CONNECTIONS }); // warm-up (and any rehash)
  const runs = [];
  for (let i = 0; i < 2; i++) {
    const r = await h.load(origin, requests, { connections: CONNECTIONS });
    check(r, 'argon2id');
    runs.push(r);
  }
  h.record(`sign-ins per second at ${CONNECTIONS} concurrent (argon2id m=19 MiB, t=2, p=1)`, h.median(runs.map((r) => r.rps)), 20, 1, 'min', 'sign-ins/s',
    'baseline: the 20/s target');
  h.record(`sign-in p50 latency at ${CONNECTIONS} concurrent (argon2id)`, h.median(runs.map((r) => r.p50)), null, 1000, 'abs', 'ms');
}
