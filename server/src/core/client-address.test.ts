/**
 * Which address the per-address limits count (TRUST_PROXY, core/trust-proxy.ts), through the real
 * app. The test client connects from loopback, which stands for the proxy: it forwards what the
 * client wrote in X-Forwarded-For and appends the address it saw. A student on the school's Wi-Fi
 * (a private address) or on the internet who writes the header must not pick their own bucket:
 * twelve wrong sign-ins, each with another forged header, reach 429, and the throttle row names
 * the address the proxy saw.
 */
import { describe, expect, it } from 'vitest';
import { sha256 } from './passwords.js';
import { useHarness } from '../test/harness.js';
import { parseTrustProxy } from './trust-proxy.js';
import { addressBucket } from './rate-limit.js';

const h = useHarness();

type Send = (email: string, forwardedFor: string) => Promise<number>;

/** Twelve wrong sign-ins of one account, the i-th with `header(i)`; answers the statuses and the address its throttle counted. */
async function wrongSignIns(send: Send, header: (i: number) => string): Promise<{ statuses: number[]; counted: string[] }> {
  const user = await h.buildStudent();
  const statuses: number[] = [];
  for (let i = 1; i <= 12; i++) statuses.push(await send(user.email, header(i)));
  const rows: { key: string }[] = await h.db.query(`SELECT key FROM sign_in_throttles WHERE key LIKE $1`, [`%${sha256(user.email)}:%`]);
  return { statuses, counted: rows.map((r) => r.key.slice(r.key.indexOf(`${sha256(user.email)}:`) + 65)) };
}

const TEN_THEN_REFUSED = [...Array(10).fill(401), 429, 429];

/** What a client writes, as the proxy passes it on with the client's own (private) address appended. */
const FORGED_BEHIND_PRIVATE: [string, (i: number) => string, string][] = [
  ['a public address, client on 10/8', (i) => `1.2.3.${i}, 10.0.0.5`, '10.0.0.5'],
  ['a public address, client on 192.168/16', (i) => `198.51.100.${i}, 192.168.1.20`, '192.168.1.20'],
  ['a public address, client on 172.16/12', (i) => `203.0.113.${i}, 172.16.4.4`, '172.16.4.4'],
  ['an IPv6 address, client on fc00::/7', (i) => `2001:db8::${i}, fd12:3456::5`, 'fd12:3456::5'],
  ['other private addresses', (i) => `10.9.9.${i}, 192.168.0.${i}, 10.0.0.5`, '10.0.0.5'],
  ['a loopback address', (i) => `127.0.0.${i}, 10.0.0.5`, '10.0.0.5'],
  [
    'forty hops of every private range',
    (i) => [`1.2.3.${i}`, ...Array.from({ length: 40 }, (_, k) => [`10.0.${k}.${i}`, `192.168.${k}.1`, `172.20.${k}.9`, `fd00::${k + 1}`][k % 4]), '10.0.0.5'].join(', '),
    '10.0.0.5',
  ],
  ['garbage', (i) => `not-an-address-${i}, 10.0.0.5`, '10.0.0.5'],
  ['garbage with separators', (i) => `,,; DROP TABLE users;--${i}, [::1]:${i}, 10.0.0.5`, '10.0.0.5'],
  ['an address with a port', (i) => `1.2.3.4:${1000 + i}, 10.0.0.5`, '10.0.0.5'],
];

describe('the default (TRUST_PROXY unset: loopback only)', () => {
  const send: Send = async (email, forwardedFor) =>
    (await h.api.post('/api/login/').set('X-Forwarded-For', forwardedFor).send({ email, password: 'Wrong#Guess2026' })).status;

  it('is loopback only', () => {
    expect(h.config.trustProxy).toBe('loopback');
  });

  for (const [what, header, address] of FORGED_BEHIND_PRIVATE) {
    it(`counts the address the proxy saw, whatever the client wrote before it: ${what}`, async () => {
      const { statuses, counted } = await wrongSignIns(send, header);
      expect(statuses).toEqual(TEN_THEN_REFUSED);
      // Counted by its bucket: an IPv6 address by its /64 (rate-limit.ts addressBucket).
      expect(counted).toEqual([addressBucket(address)]);
    });
  }

  it('counts one address for guesses spread over many accounts (AUTH_ADDRESS_RATE_LIMIT), whatever is forged', async () => {
    const api = await h.appWith({ authAddressRateLimit: 5 });
    const statuses: number[] = [];
    for (let i = 1; i <= 7; i++) {
      const res = await api
        .post('/api/login/')
        .set('X-Forwarded-For', `192.0.2.${i}, 172.31.255.1`)
        .send({ email: `nobody-${i}@test.example`, password: 'Wrong#Guess2026' });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
  });
});

describe('TRUST_PROXY set', () => {
  const sender = async (trustProxy: number | string[]): Promise<Send> => {
    const api = await h.appWith({ trustProxy });
    return async (email, forwardedFor) => (await api.post('/api/login/').set('X-Forwarded-For', forwardedFor).send({ email, password: 'Wrong#Guess2026' })).status;
  };

  it('1: uses the last hop (the address the one proxy saw) and ignores every entry before it', async () => {
    const send = await sender(1);
    for (const header of [
      (i: number) => `1.2.3.${i}, 203.0.113.9`,
      (i: number) => `10.0.0.${i}, 192.168.7.${i}, 203.0.113.9`,
      (i: number) => `${Array.from({ length: 30 }, (_, k) => `198.51.100.${k}`).join(', ')}, garbage-${i}, 203.0.113.9`,
    ]) {
      const { statuses, counted } = await wrongSignIns(send, header);
      expect(statuses).toEqual(TEN_THEN_REFUSED);
      expect(counted).toEqual(['203.0.113.9']);
      await h.clearRateLimits();
    }
  });

  it('1: two clients behind the proxy still get a bucket each', async () => {
    const send = await sender(1);
    const user = await h.buildStudent();
    for (let i = 1; i <= 10; i++) expect(await send(user.email, `1.2.3.${i}, 203.0.113.9`)).toBe(401);
    expect(await send(user.email, '203.0.113.9')).toBe(429);
    expect(await send(user.email, '203.0.113.10')).toBe(401);
  });

  it('0: believes no header at all, from loopback either', async () => {
    const send = await sender(0);
    const { statuses, counted } = await wrongSignIns(send, (i) => `1.2.3.${i}`);
    expect(statuses).toEqual(TEN_THEN_REFUSED);
    expect(counted).toHaveLength(1);
    expect(counted[0]).toMatch(/^(::ffff:)?127\.0\.0\.1$/);
  });

  it("the proxy's address: believes that peer's last entry only", async () => {
    const send = await sender(['127.0.0.1']);
    const { statuses, counted } = await wrongSignIns(send, (i) => `1.2.3.${i}, 10.1.2.3`);
    expect(statuses).toEqual(TEN_THEN_REFUSED);
    expect(counted).toEqual(['10.1.2.3']);
  });
});

describe('parseTrustProxy (TRUST_PROXY at start)', () => {
  it('reads a hop count, or a list of addresses and CIDRs; loopback when unset', () => {
    expect(parseTrustProxy(undefined)).toBe('loopback');
    expect(parseTrustProxy('')).toBe('loopback');
    expect(parseTrustProxy('loopback')).toBe('loopback');
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy(' 2 ')).toBe(2);
    expect(parseTrustProxy('0')).toBe(0);
    expect(parseTrustProxy('172.18.0.2')).toEqual(['172.18.0.2']);
    expect(parseTrustProxy('10.0.0.2, 10.0.0.3,172.18.0.0/16')).toEqual(['10.0.0.2', '10.0.0.3', '172.18.0.0/16']);
    expect(parseTrustProxy('loopback, 172.18.0.2')).toEqual(['loopback', '172.18.0.2']);
    expect(parseTrustProxy('fd00:1::2, fd00::/64, ::1')).toEqual(['fd00:1::2', 'fd00::/64', '::1']);
  });

  it.each([
    ['true', /trusts every client/],
    ['TRUE', /trusts every client/],
    ['yes', /hop count/],
    ['*', /hop count/],
    ['false', /hop count/],
    ['-1', /hop count/],
    ['1.5', /hop count/],
    ['6', /at most 5/],
    ['99999', /at most 5/],
    ['uniquelocal', /every private-network/],
    ['loopback, uniquelocal', /every private-network/],
    ['linklocal', /every private-network/],
    ['0.0.0.0/0', /every client/],
    ['::/0', /every client/],
    ['10.0.0.0/33', /hop count/],
    ['fd00::/129', /hop count/],
    ['10.0.0.300', /hop count/],
    ['proxy.internal', /hop count/],
    ['10.0.0.2,,10.0.0.3', /hop count/],
    ['10.0.0.2 10.0.0.3', /hop count/],
  ])('refuses %s at start with a message naming TRUST_PROXY', (raw, why) => {
    expect(() => parseTrustProxy(raw)).toThrow(/^TRUST_PROXY\b/);
    expect(() => parseTrustProxy(raw)).toThrow(why);
  });
});
