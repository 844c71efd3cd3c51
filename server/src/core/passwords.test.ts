import { describe, expect, it } from 'vitest';
import { hashPassword, legacyScryptHash, needsRehash, randomToken, sha256, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('stores argon2id with m=19 MiB, t=2, p=1, a 16-byte salt and the hash, never the password', async () => {
    const stored = await hashPassword('Planner#2026');
    const [, algorithm, version, params, salt, hash] = stored.split('$');
    expect([algorithm, version, params]).toEqual(['argon2id', 'v=19', 'm=19456,t=2,p=1']);
    expect(Buffer.from(salt, 'base64')).toHaveLength(16);
    expect(Buffer.from(hash, 'base64')).toHaveLength(32);
    expect(stored).not.toContain('Planner#2026');
    expect(needsRehash(stored)).toBe(false);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const stored = await hashPassword('Planner#2026');
    expect(await verifyPassword('Planner#2026', stored)).toBe(true);
    expect(await verifyPassword('planner#2026', stored)).toBe(false);
    expect(await verifyPassword('Planner#2026 ', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('salts every hash: the same password hashes differently, and both verify', async () => {
    const a = await hashPassword('Planner#2026');
    const b = await hashPassword('Planner#2026');
    expect(a).not.toBe(b);
    expect(await verifyPassword('Planner#2026', a)).toBe(true);
    expect(await verifyPassword('Planner#2026', b)).toBe(true);
  });

  it('still verifies a legacy scrypt hash (scrypt$N$r$p$salt$hash) and asks for it to be rehashed', async () => {
    const legacy = await legacyScryptHash('Planner#2026');
    expect(legacy.split('$').slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(await verifyPassword('Planner#2026', legacy)).toBe(true);
    expect(await verifyPassword('Planner#2027', legacy)).toBe(false);
    expect(needsRehash(legacy)).toBe(true);
  });

  it('asks to rehash an argon2id hash made with weaker parameters', () => {
    expect(needsRehash('$argon2id$v=19$m=4096,t=3,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g')).toBe(true);
    expect(needsRehash('$argon2i$v=19$m=19456,t=2,p=1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaGhhc2hoYXNoaGFzaGhhc2g')).toBe(true);
    expect(needsRehash('')).toBe(true);
  });

  it('refuses any password against an empty, malformed or tampered stored hash, without throwing', async () => {
    const good = await hashPassword('Planner#2026');
    const legacy = await legacyScryptHash('Planner#2026');
    for (const stored of [
      '',
      'Planner#2026',
      'bcrypt$1$2$3$4$5',
      '$argon2id$v=19$m=19456,t=2,p=1$bm90YmFzZTY0$',
      '$argon2id$garbage',
      good.slice(0, -4),
      'scrypt$notanumber$8$1$c2FsdA$aGFzaA',
      'scrypt$1073741824$8$1$c2FsdHNhbHRzYWx0c2FsdA$aGFzaGhhc2hoYXNoaGFzaA',
      'scrypt$32768$8$1$$',
      legacy.slice(0, -8),
      `${legacy}$extra`,
    ]) {
      expect(await verifyPassword('Planner#2026', stored), stored).toBe(false);
    }
  });
});

describe('tokens', () => {
  it('are random, url-safe and 43 characters for 32 bytes', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => randomToken()));
    expect(tokens.size).toBe(100);
    for (const t of tokens) expect(t).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('are stored as their SHA-256', () => {
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
