import { describe, expect, it } from 'vitest';
import { hashPassword, randomToken, sha256, verifyPassword } from './passwords.js';

describe('password hashing', () => {
  it('stores scrypt parameters, a salt and the hash, never the password', async () => {
    const stored = await hashPassword('Planner#2026');
    const parts = stored.split('$');
    expect(parts).toHaveLength(6);
    expect(parts.slice(0, 4)).toEqual(['scrypt', '32768', '8', '1']);
    expect(Buffer.from(parts[4], 'base64')).toHaveLength(16);
    expect(Buffer.from(parts[5], 'base64')).toHaveLength(32);
    expect(stored).not.toContain('Planner#2026');
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

  it('refuses any password against an empty or malformed stored hash', async () => {
    expect(await verifyPassword('Planner#2026', '')).toBe(false);
    expect(await verifyPassword('Planner#2026', 'Planner#2026')).toBe(false);
    expect(await verifyPassword('Planner#2026', 'bcrypt$1$2$3$4$5')).toBe(false);
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
