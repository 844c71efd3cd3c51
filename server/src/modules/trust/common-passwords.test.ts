/** The common-password list: real, large, and refused at sign-up and password reset with a clear message. */
import { describe, expect, it } from 'vitest';
import { commonPasswords, isCommon } from '../accounts/common-passwords.js';
import { COMMON_PASSWORD_MESSAGE, PASSWORD_MAX_LENGTH, PASSWORD_RULES_MESSAGE, passwordMeetsRules } from '@planner/shared/password';
import { useHarness } from '../../test/harness.js';
import { textOf } from '../../test/reasons.js';

const h = useHarness();

describe('common passwords', () => {
  it('ships thousands of real common passwords, the most frequent first', () => {
    const list = [...commonPasswords()];
    expect(list.length).toBeGreaterThan(10_000);
    expect(list.slice(0, 5)).toEqual(['123456', 'password', '12345678', 'qwerty', '123456789']);
    for (const p of ['password', '123456', 'qwerty', 'letmein', 'iloveyou', 'sunshine', 'football', 'dragon', 'abc123', 'trustno1']) expect(isCommon(p), p).toBe(true);
  });

  it('catches the common ones that meet the complexity rules, in any case', () => {
    for (const p of ['Password1!', 'Password123!', 'Welcome@123', 'Summer2024!', 'Winter@2026', 'March2030#', 'Qwerty123!', 'PassWord1!', 'Letmein1!']) {
      expect(passwordMeetsRules(p), p).toBe(true);
      expect(isCommon(p), p).toBe(true);
    }
    for (const p of ['Planner#2026', 'Sunrise#2031', 'Harbor#2031', 'Tangerine$Kite9', 'correct-horse-Battery-7!']) expect(isCommon(p), p).toBe(false);
  });

  it('allows long pass-phrases up to the maximum and refuses longer ones', () => {
    expect(PASSWORD_MAX_LENGTH).toBeGreaterThanOrEqual(64);
    const phrase = 'Aa1!' + 'x'.repeat(PASSWORD_MAX_LENGTH - 4);
    expect(passwordMeetsRules(phrase)).toBe(true);
    expect(passwordMeetsRules(phrase + 'y')).toBe(false);
  });

  it('sign-up and password reset refuse a common password with a clear message', async () => {
    const res = await h.api.post('/api/register/').send({
      first_name: 'Cory',
      last_name: 'Common',
      email: `cory.${Date.now()}@example.org`,
      password: 'Password1!',
      signup_code: 'LINCOLN-STUDENT',
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: textOf(COMMON_PASSWORD_MESSAGE), reason: COMMON_PASSWORD_MESSAGE });
    const tooLong = await h.api.post('/api/register/').send({
      first_name: 'Cory',
      last_name: 'Common',
      email: `cory.${Date.now()}@example.org`,
      password: 'Aa1!' + 'x'.repeat(PASSWORD_MAX_LENGTH),
      signup_code: 'LINCOLN-STUDENT',
    });
    expect(tooLong.body).toMatchObject({ error: textOf(PASSWORD_RULES_MESSAGE), reason: PASSWORD_RULES_MESSAGE });
    const ok = await h.api.post('/api/register/').send({
      first_name: 'Cory',
      last_name: 'Common',
      email: `cory.ok.${Date.now()}@example.org`,
      password: 'Tangerine$Kite9',
      signup_code: 'LINCOLN-STUDENT',
    });
    expect(ok.status).toBe(201);

    const student = await h.buildStudent();
    const reset = await h.api
      .post(`/api/reset-password/${Buffer.from(String(student.id)).toString('base64url')}/some-token/`)
      .send({ password: 'Summer2026!', confirm_password: 'Summer2026!' });
    expect(reset.status).toBe(400);
    expect(reset.body).toMatchObject({ error: textOf(COMMON_PASSWORD_MESSAGE), reason: COMMON_PASSWORD_MESSAGE });
  });
});
