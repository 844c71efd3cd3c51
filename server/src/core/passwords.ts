/**
 * Password hashing: argon2id with m = 19 MiB, t = 2, p = 1 (the OWASP ASVS minimum), through
 * `@node-rs/argon2` (maintained, prebuilt binaries, runs on libuv's thread pool like node's scrypt).
 * Stored as the PHC string `$argon2id$v=19$m=19456,t=2,p=1$salt$hash`.
 *
 * Why argon2id and not scrypt at ASVS strength (N >= 2^17): sign-in is CPU-bound. Measured on these
 * two cores at 20 concurrent sign-ins (bench/README.md, "Password hash"; other load on the machine):
 *   scrypt N=2^15 (before)       7.0 sign-ins/s, p50 2.6 s,  118 ms server CPU each, 32 MiB
 *   scrypt N=2^17 (ASVS)         1.0 sign-ins/s, p50 19 s,   457 ms server CPU each, 128 MiB
 *   argon2id m=19 MiB,t=2,p=1   27.9 sign-ins/s, p50 0.6 s,  16 ms server CPU each, 19 MiB
 * argon2id meets the standard at a seventh of the old cost; scrypt at 2^17 would cost four times
 * the old one. So argon2id.
 *
 * Older accounts keep `scrypt$N$r$p$salt$hash` until they next sign in: verifyPassword() still
 * accepts it (the prefix tells the two apart) and needsRehash() tells sign-in to store an argon2id
 * hash in its place.
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import { hash as argon2Hash, parseOptions, verify as argon2Verify } from '@node-rs/argon2';

/** ASVS 2.4.1 / OWASP: argon2id, 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/** Algorithm.Argon2id (a const enum in the package's types, so spelled as its value here). */
const ARGON2ID = 2;

const scrypt = promisify(crypto.scrypt) as (pw: string, salt: Buffer, len: number, opts: crypto.ScryptOptions) => Promise<Buffer>;
/** Legacy scrypt hashes were made with N=2^15 (32 MiB); room for up to N=2^17 with r=8. */
const SCRYPT_MAXMEM = 256 * 1024 * 1024;
const SCRYPT_MAX_N = 1 << 17;

export async function hashPassword(password: string): Promise<string> {
  return argon2Hash(password, { ...ARGON2_OPTIONS, algorithm: ARGON2ID });
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  try {
    if (stored.startsWith('$argon2id$')) return await argon2Verify(stored, password);
    if (stored.startsWith('scrypt$')) return await verifyScrypt(password, stored);
  } catch {
    // A damaged stored hash refuses the password rather than failing the request.
    return false;
  }
  // Still spend the time, so an unknown account answers as slowly as a known one.
  await hashPassword(password);
  return false;
}

/** True when `stored` is not an argon2id hash with today's parameters: store a new one at the next sign-in. */
export function needsRehash(stored: string): boolean {
  if (!stored.startsWith('$argon2id$')) return true;
  try {
    const o = parseOptions(stored);
    return o.memoryCost !== ARGON2_OPTIONS.memoryCost || o.timeCost !== ARGON2_OPTIONS.timeCost || o.parallelism !== ARGON2_OPTIONS.parallelism;
  } catch {
    return true;
  }
}

/** The format used before argon2id: scrypt$N$r$p$salt$hash (base64). */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6) return false;
  const [, n, r, p, salt, hash] = parts;
  const [N, R, P] = [Number(n), Number(r), Number(p)];
  if (![N, R, P].every(Number.isSafeInteger) || N < 2 || N > SCRYPT_MAX_N || R < 1 || R > 16 || P < 1 || P > 4) return false;
  const expected = Buffer.from(hash, 'base64');
  // Every scrypt hash stored was 32 bytes: a shorter one would compare only a prefix.
  if (expected.length !== 32) return false;
  const actual = await scrypt(password, Buffer.from(salt, 'base64'), expected.length, { N, r: R, p: P, maxmem: SCRYPT_MAXMEM });
  return crypto.timingSafeEqual(actual, expected);
}

/** A legacy scrypt hash, for tests of the migration path and the bench's comparison only. */
export async function legacyScryptHash(password: string, N = 1 << 15): Promise<string> {
  const salt = crypto.randomBytes(16);
  const hash = await scrypt(password, salt, 32, { N, r: 8, p: 1, maxmem: SCRYPT_MAXMEM });
  return `scrypt$${N}$8$1$${salt.toString('base64')}$${hash.toString('base64')}`;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString('base64url');
}

export function sha256(value: string): string {
  return crypto.createHash('sha256').update(value).digest('hex');
}
