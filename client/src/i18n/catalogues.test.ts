/** The catalogues match (issue 12): Spanish, Vietnamese and Chinese have en.ts's keys with the same placeholders and no empty text. */
import { describe, expect, it } from 'vitest';
import { format, loadCatalogue, translateText } from './core';
import { en, type MessageKey } from './en';
import { es, PENDING_AREAS } from './es';
import { vi } from './vi';
import { zh } from './zh';

const placeholders = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const area = (key: string) => key.split('.')[0];

describe('catalogues', () => {
  it('every Spanish key exists in English, with the same placeholders and a non-empty text', () => {
    for (const [key, text] of Object.entries(es)) {
      expect(en, key).toHaveProperty(key);
      expect(text?.trim(), key).toBeTruthy();
      expect(placeholders(text!), key).toEqual(placeholders(en[key as MessageKey]));
    }
  });

  it('every English key has a Spanish text, except in the areas still listed as pending', () => {
    const missing = Object.keys(en).filter((k) => !(k in es) && !PENDING_AREAS.includes(area(k)));
    expect(missing).toEqual([]);
    // A pending area that is complete must leave the list.
    const complete = PENDING_AREAS.filter((a) => Object.keys(en).filter((k) => area(k) === a).every((k) => k in es));
    expect(complete).toEqual([]);
  });

  it.each([
    ['vi', vi],
    ['zh', zh],
  ] as const)('%s has a text for every English key and no other, with the same placeholders', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text?.trim(), key).toBeTruthy();
      expect(placeholders(text!), key).toEqual(placeholders(en[key as MessageKey]));
    }
  });

  it('loads Vietnamese and Chinese on demand and formats them', async () => {
    await loadCatalogue('vi');
    await loadCatalogue('zh');
    expect(format('vi', 'common.signIn')).toBe('Đăng nhập');
    expect(format('zh', 'common.signIn')).toBe('登录');
    expect(format('vi', 'plan.unitsPlannedOther', { count: 12 })).toBe('Đã dự định 12 đơn vị');
    expect(format('zh', 'layout.youAreInStudentView', { name: 'Lan Nguyễn' })).toBe('您正在查看学生视图：Lan Nguyễn');
    expect(translateText('Invalid sign-up code.', 'zh')).toBe('注册码无效。');
  });

  it('has no empty English text', () => {
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('fills placeholders and falls back to English for a text not translated yet', () => {
    expect(format('es', 'plan.unitsPlannedOther', { count: 12 })).toBe('12 unidades planificadas');
    expect(format('en', 'payments.monthlyOption', { monthly: '$1,000.00', months: 10 })).toBe('Monthly plan: $1,000.00 per month for 10 months, by automatic payment');
    const pendingKey = (Object.keys(en) as MessageKey[]).find((k) => !(k in es));
    if (pendingKey) expect(format('es', pendingKey)).toBe(en[pendingKey]);
  });

  it("translates the server's known texts and keeps unknown ones", () => {
    expect(translateText('You are viewing as this student in read-only mode; changes are not allowed.', 'es')).toBe(
      'Usted está viendo la cuenta de este/a estudiante en modo de solo lectura; no se permiten cambios.',
    );
    expect(translateText('Login failed! Please check your credentials and try again.', 'es')).toBe(es['accounts.loginFailed']);
    expect(translateText('Something the catalogue does not know.', 'es')).toBe('Something the catalogue does not know.');
    expect(translateText('Invalid sign-up code.', 'en')).toBe('Invalid sign-up code.');
  });
});
