/**
 * The catalogues match (issues 12, 21): every message is valid ICU MessageFormat; Spanish,
 * Vietnamese and Chinese have en.ts's keys with the same arguments (names and kinds: a plural stays
 * a plural) and no empty text.
 */
import { isStructurallySame, parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import { describe, expect, it } from 'vitest';
import { REASONS } from '@planner/shared';
import { format, loadCatalogue, translateReason } from './core';
import { ICU_PARSE_OPTIONS } from './icu-options';
import { TRANSLATED_REASONS } from './reason-keys';
import { en, type MessageKey } from './en';
import enCompiled from './en?icu-ast';
import { es, PENDING_AREAS } from './es';
import { vi } from './vi';
import { zh } from './zh';

const area = (key: string) => key.split('.')[0];
/** The message's AST, or the parse error as text (so a failure names the message). */
const ast = (text: string): MessageFormatElement[] | string => {
  try {
    return parse(text, ICU_PARSE_OPTIONS);
  } catch (e) {
    return `not ICU: ${(e as Error).message}`;
  }
};
/** Why `text` does not take English's arguments, or '' when it does. */
function argumentsDiffer(key: MessageKey, text: string): string {
  const mine = ast(text);
  const english = ast(en[key]);
  if (typeof mine === 'string') return mine;
  if (typeof english === 'string') return `English ${english}`;
  const same = isStructurallySame(english, mine);
  return same.success ? '' : (same.error?.message ?? 'arguments differ');
}

describe('catalogues', () => {
  it('every English message is ICU MessageFormat, and the build compiles each to its AST', () => {
    const invalid = Object.entries(en).flatMap(([key, text]) => (typeof ast(text) === 'string' ? [`${key}: ${ast(text)}`] : []));
    expect(invalid).toEqual([]);
    // Plain texts are left out of the compiled catalogue: each is one literal.
    const built = Object.fromEntries(Object.entries(en).map(([key, text]) => [key, enCompiled[key] ?? [{ type: TYPE.literal, value: text }]]));
    expect(built).toEqual(Object.fromEntries(Object.entries(en).map(([key, text]) => [key, parse(text, ICU_PARSE_OPTIONS)])));
    expect(Object.keys(enCompiled).length).toBeGreaterThan(50);
    expect(enCompiled['plan.courseCount']).toEqual(parse('{count, plural, one {# course} other {# courses}}'));
  });

  it('finds a message that is not ICU and one whose arguments differ from English (the checks work)', () => {
    expect(argumentsDiffer('plan.courseCount', '{count, plural, one {# curso} other {# cursos}}')).toBe('');
    expect(argumentsDiffer('plan.courseCount', '{count, plural, one {# curso}')).toMatch(/^not ICU/);
    expect(argumentsDiffer('plan.courseCount', '{count} cursos')).not.toBe('');
    expect(argumentsDiffer('plan.courseCount', '{total, plural, other {# cursos}}')).not.toBe('');
  });

  it('every Spanish key exists in English, with the same arguments and a non-empty text', () => {
    for (const [key, text] of Object.entries(es)) {
      expect(en, key).toHaveProperty(key);
      expect(text?.trim(), key).toBeTruthy();
      expect(argumentsDiffer(key as MessageKey, text!), key).toBe('');
    }
  });

  it('every English key has a Spanish text, except in the areas still listed as pending', () => {
    const missing = Object.keys(en).filter((k) => !(k in es) && !PENDING_AREAS.includes(area(k)));
    expect(missing).toEqual([]);
    // A pending area that is complete must leave the list.
    const complete = PENDING_AREAS.filter((a) =>
      Object.keys(en)
        .filter((k) => area(k) === a)
        .every((k) => k in es),
    );
    expect(complete).toEqual([]);
  });

  it.each([
    ['vi', vi],
    ['zh', zh],
  ] as const)('%s has a text for every English key and no other, with the same arguments', (_, catalogue) => {
    expect(Object.keys(catalogue).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(catalogue)) {
      expect(text?.trim(), key).toBeTruthy();
      expect(argumentsDiffer(key as MessageKey, text!), key).toBe('');
    }
  });

  it('loads Vietnamese and Chinese on demand and formats them', async () => {
    await loadCatalogue('vi');
    await loadCatalogue('zh');
    expect(format('vi', 'common.signIn')).toBe('Đăng nhập');
    expect(format('zh', 'common.signIn')).toBe('登录');
    expect(format('vi', 'plan.unitsPlanned', { count: 12 })).toBe('Đã dự định 12 đơn vị');
    expect(format('zh', 'layout.youAreInStudentView', { name: 'Lan Nguyễn' })).toBe('您正在查看学生视图：Lan Nguyễn');
    expect(translateReason({ english: 'Invalid sign-up code.', reason: 'INVALID_SIGNUP_CODE' }, 'zh')).toBe('注册码无效。');
  });

  it('has no empty English text', () => {
    expect(Object.entries(en).filter(([, v]) => !v.trim())).toEqual([]);
  });

  it('fills arguments and falls back to English for a text not translated yet', () => {
    expect(format('es', 'plan.unitsPlanned', { count: 12 })).toBe('12 unidades planificadas');
    expect(format('en', 'payments.monthlyOption', { monthly: '$1,000.00', months: 10 })).toBe('Monthly plan: $1,000.00 per month for 10 months, by automatic payment');
    const pendingKey = (Object.keys(en) as MessageKey[]).find((k) => !(k in es));
    if (pendingKey) expect(format('es', pendingKey)).toBe(en[pendingKey]);
  });

  it("has the spec's English word for word for every reason it translates, with the same placeholders", () => {
    for (const reason of TRANSLATED_REASONS) {
      expect(en[`reason.${reason}`], reason).toBe(REASONS[reason]);
      expect(argumentsDiffer(`reason.${reason}`, REASONS[reason]), reason).toBe('');
    }
  });

  it("translates the server's refusals by their reason, never by their text", () => {
    expect(translateReason({ english: 'Any English at all.', reason: 'READ_ONLY' }, 'es')).toBe(
      'Usted está viendo la cuenta de este/a estudiante en modo de solo lectura; no se permiten cambios.',
    );
    expect(translateReason({ english: 'A plan may have at most 12 terms.', reason: 'TOO_MANY_TERMS', params: { max: '12' } }, 'vi')).toBe(
      'Một kế hoạch có tối đa 12 học kỳ.',
    );
    // A known English text without its reason stays as the server wrote it.
    expect(translateReason({ english: REASONS.READ_ONLY }, 'es')).toBe(REASONS.READ_ONLY);
    // A reason the client does not know, or does not translate, shows the server's English.
    expect(translateReason({ english: 'Something new.', reason: 'SOMETHING_NEW' }, 'es')).toBe('Something new.');
    expect(translateReason({ english: 'limit must be between 1 and 200.', reason: 'OUTBOX_LIMIT_INVALID' }, 'zh')).toBe('limit must be between 1 and 200.');
    // English reads the server's text, the spec's.
    expect(translateReason({ english: 'Invalid sign-up code.', reason: 'INVALID_SIGNUP_CODE' }, 'en')).toBe('Invalid sign-up code.');
  });
});
