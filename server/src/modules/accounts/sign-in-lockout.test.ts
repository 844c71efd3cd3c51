/**
 * Nobody can lock a person out of signing in: a browser that signed in to the account before is
 * slowed only by its own failures; addresses are counted by IPv6 /64; right passwords sent at the
 * same moment are never refused.
 */
import { describe, expect, it } from 'vitest';
import { addressBucket } from '../../core/rate-limit.js';
import { sha256 } from '../../core/passwords.js';
import { DEMO_PASSWORD, useHarness } from '../../test/harness.js';

const h = useHarness();

const NEW_DEVICE_PAUSED =
  'Too many failed sign-ins to this account from other devices. Sign in from a device you have used before, or reset your password by email: the device you reset it on will then be recognized.';
const LOGIN = `mutation Login($email: String!, $password: String!) { login(email: $email, password: $password) { token userType } }`;

type Api = Awaited<ReturnType<typeof h.appWith>>;

/** The device cookie a sign-in answer set (`planner_device=<id>`), or null. */
function deviceCookieOf(res: { headers: Record<string, unknown> }): string | null {
  const set = res.headers['set-cookie'];
  const cookies = Array.isArray(set) ? (set as string[]) : typeof set === 'string' ? [set] : [];
  const found = cookies.find((c) => c.startsWith('planner_device='));
  return found ? found.split(';')[0]! : null;
}

function signIn(api: Api, email: string, password: string, from: string, cookie?: string) {
  const req = api.post('/api/login/').set('X-Forwarded-For', from);
  return (cookie ? req.set('Cookie', cookie) : req).send({ email, password });
}

/** Wrong passwords from `addresses`, `each` from every one of them (below the per-address delay). */
async function strangersFail(api: Api, email: string, addresses: string[], each: number): Promise<void> {
  for (const ip of addresses) {
    for (let i = 1; i <= each; i++) expect((await signIn(api, email, `Guess#${i}word`, ip)).status, `${ip} guess ${i}`).toBe(401);
  }
}

describe('a sign-in lockout nobody else can trigger', () => {
  it("never refuses the owner's right password from a browser that signed in before, however many strangers failed", async () => {
    const api = await h.appWith({ authRateLimit: 3, authAccountRateLimit: 6 });
    const owner = await h.buildStudent();
    const first = await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.20');
    expect(first.status).toBe(200);
    const device = deviceCookieOf(first);
    expect(device).toMatch(/^planner_device=[A-Za-z0-9_-]{43}$/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/i);
    expect(String(first.headers['set-cookie'])).toMatch(/SameSite=Lax/i);

    // Strangers from three addresses fill the account's ceiling (6 failures).
    await strangersFail(api, owner.email, ['203.0.113.1', '203.0.113.2'], 3);

    // A new device is paused with a reason that says how to get in, even with the right password.
    const fresh = await signIn(api, owner.email, DEMO_PASSWORD, '192.0.2.77');
    expect(fresh.status).toBe(429);
    expect(fresh.body).toMatchObject({ error: NEW_DEVICE_PAUSED, reason: 'SIGN_IN_NEW_DEVICE_PAUSED' });
    expect(Number(fresh.headers['retry-after'])).toBeGreaterThan(60);

    // The owner's browser: from home, from a stranger's own address, and through GraphQL.
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.20', device!)).status).toBe(200);
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '203.0.113.1', device!)).status).toBe(200);
    const g = await api
      .post('/graphql')
      .set('X-Forwarded-For', '192.0.2.78')
      .set('Cookie', device!)
      .send({ query: LOGIN, variables: { email: owner.email, password: DEMO_PASSWORD } });
    expect(g.body.errors).toBeUndefined();
    expect(g.body.data.login.token).toEqual(expect.any(String));
    // Still, while many more strangers keep trying (they are paused now, without a password check).
    for (const ip of ['203.0.113.4', '203.0.113.5', '2001:db8:66::1']) {
      expect((await signIn(api, owner.email, 'Guess#9word', ip)).status).toBe(429);
    }
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.21', device!)).status).toBe(200);
  });

  it("gives a stranger nothing from a device cookie that is not this account's: forged, another account's, or malformed", async () => {
    const api = await h.appWith({ authRateLimit: 3, authAccountRateLimit: 3 });
    const owner = await h.buildStudent();
    const attacker = await h.buildStudent();
    const own = deviceCookieOf(await signIn(api, attacker.email, DEMO_PASSWORD, '203.0.113.9'));
    expect(own).not.toBeNull();
    await strangersFail(api, owner.email, ['203.0.113.10'], 3);
    const forged = [
      own!, // the attacker's own browser, known for the attacker's account only
      `planner_device=${'A'.repeat(43)}`,
      `planner_device=${'A'.repeat(44)}`,
      'planner_device=../../etc/passwd',
      `planner_device=${'%00'.repeat(20)}`,
      `planner_device=${'x'.repeat(5000)}`,
      'planner_device=',
      `${own!}; ${own!.replace('=', '=x')}`,
    ];
    for (const cookie of forged) {
      const res = await signIn(api, owner.email, DEMO_PASSWORD, '203.0.113.11', cookie);
      expect(res.status, cookie.slice(0, 60)).toBe(429);
      expect(res.body.reason).toBe('SIGN_IN_NEW_DEVICE_PAUSED');
    }
  });

  it("slows a known device by its own failures only, and those failures fill no one else's ceiling", async () => {
    const api = await h.appWith({ authRateLimit: 3, authAccountRateLimit: 4 });
    const owner = await h.buildStudent();
    const device = deviceCookieOf(await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.30'))!;
    for (let i = 1; i <= 3; i++) expect((await signIn(api, owner.email, `Typo#${i}word`, '198.51.100.30', device)).status).toBe(401);
    const slowed = await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.30', device);
    expect(slowed.status).toBe(429);
    expect(slowed.body.reason).toBe('RATE_LIMITED');
    // The account's ceiling and the address's count saw none of it: a new device at that address signs in.
    const buckets: { key: string }[] = await h.db.query(`SELECT key FROM rate_limit_buckets WHERE key = $1 OR key = $2`, [
      `sign-in:account:${sha256(owner.email)}`,
      'sign-in:ip:198.51.100.30',
    ]);
    expect(buckets).toEqual([]);
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.30')).status).toBe(200);
  });

  it('makes the browser that resets the password by email a known device, and forgets the devices of the old password', async () => {
    const api = await h.appWith({ authRateLimit: 3, authAccountRateLimit: 3 });
    const owner = await h.buildStudent();
    const old = deviceCookieOf(await signIn(api, owner.email, DEMO_PASSWORD, '198.51.100.40'))!;
    await strangersFail(api, owner.email, ['203.0.113.20'], 3);
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '192.0.2.40')).status).toBe(429);

    expect((await api.post('/api/request-reset-password/').set('X-Forwarded-For', '192.0.2.40').send({ email: owner.email })).status).toBe(200);
    const [{ body }]: { body: string }[] = await h.db.query(`SELECT body FROM outbox_messages WHERE recipient = $1 ORDER BY created_at DESC LIMIT 1`, [owner.email]);
    const link = /\/reset-password\/([A-Za-z0-9_-]+)\/([A-Za-z0-9_-]+)/.exec(body)!;
    const reset = await api.post(`/api/reset-password/${link[1]}/${link[2]}/`).set('X-Forwarded-For', '192.0.2.40').send({ password: 'Fresh#Start2027' });
    expect(reset.status).toBe(200);
    const resetDevice = deviceCookieOf(reset);
    expect(resetDevice).not.toBeNull();

    expect((await signIn(api, owner.email, 'Fresh#Start2027', '192.0.2.41', resetDevice!)).status).toBe(200);
    // The browser that knew only the old password is a new device again while the ceiling is full.
    const before = await signIn(api, owner.email, 'Fresh#Start2027', '198.51.100.40', old);
    expect(before.status).toBe(429);
    expect(before.body.reason).toBe('SIGN_IN_NEW_DEVICE_PAUSED');
  });

  it('counts an IPv6 network as one address (/64), and an IPv4-mapped address as its IPv4 address', async () => {
    const api = await h.appWith({ authRateLimit: 3 });
    const owner = await h.buildStudent();
    const sameNetwork = ['2001:db8:7:9::1', '2001:db8:7:9:ffff:ffff:ffff:fffe', '2001:0DB8:0007:0009::abcd'];
    for (const [i, ip] of sameNetwork.entries()) expect((await signIn(api, owner.email, `Guess#${i}word`, ip)).status, ip).toBe(401);
    const nextInNetwork = await signIn(api, owner.email, DEMO_PASSWORD, '2001:db8:7:9:1234::99');
    expect(nextInNetwork.status).toBe(429);
    expect((await signIn(api, owner.email, DEMO_PASSWORD, '2001:db8:7:a::1')).status).toBe(200);

    const other = await h.buildStudent();
    for (const [i, ip] of ['203.0.113.90', '::ffff:203.0.113.90', '::ffff:cb00:715a'].entries()) {
      expect((await signIn(api, other.email, `Guess#${i}word`, ip)).status, ip).toBe(401);
    }
    expect((await signIn(api, other.email, DEMO_PASSWORD, '203.0.113.90')).status).toBe(429);
  });

  it('buckets any address text without crashing: hostile and unusual forms', () => {
    expect(addressBucket('2001:db8:1:2:3:4:5:6')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('2001:DB8:1:2::')).toBe('2001:db8:1:2::/64');
    expect(addressBucket('::1')).toBe('0:0:0:0::/64');
    expect(addressBucket('::ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(addressBucket('10.1.2.3')).toBe('10.1.2.3');
    for (const odd of ['unknown', '', 'test', '1.2.3', '999.1.1.1', 'fe80::1%eth0', ':::', `${'1:'.repeat(500)}1`, '\u0000', '0x7f.1']) {
      expect(() => addressBucket(odd)).not.toThrow();
    }
    expect(addressBucket('unknown')).toBe('unknown');
  });

  it('answers 200 to a computer lab: 30 students at once from one address, and one student twice at once', async () => {
    const students = await Promise.all(Array.from({ length: 30 }, () => h.buildStudent()));
    const lab = '203.0.113.150';
    const twice = students[0]!;
    const all = await Promise.all([...students.map((s) => signIn(h.api, s.email, DEMO_PASSWORD, lab)), signIn(h.api, twice.email, DEMO_PASSWORD, lab)]);
    expect(all.map((r) => r.status)).toEqual(Array(31).fill(200));
  });

  it('answers 200 to every right password of one account sent ten at a time from one address', async () => {
    const student = await h.buildStudent();
    const statuses: number[] = [];
    for (let round = 0; round < 8; round++) {
      const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(h.api, student.email, DEMO_PASSWORD, '203.0.113.151')));
      statuses.push(...answers.map((r) => r.status));
    }
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
